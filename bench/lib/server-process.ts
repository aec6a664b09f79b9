import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a bench server entry (a TypeScript file run with tsx) in its own process, so the load
 * generator does not share the server's event loop, and waits for the `{"listening": url}` line.
 */
export async function startServerProcess(entry: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { listening?: string };
        if (msg.listening) resolve(msg.listening);
      } catch {
        process.stdout.write(`[server] ${line}\n`);
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited early with code ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}
