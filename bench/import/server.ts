import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const serverRoot = join(import.meta.dirname, '../../apps/server');
const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  exited: Promise<unknown>;
  /** Everything the process printed so far. */
  output(): string;
}

/** The real server entry (src/main.ts under tsx) in its own process, so its RSS is its own. */
export async function startServer(
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), startTimeoutMs);
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${out}`));
    });
  });
  return { url, proc, exited, output: () => out };
}

export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
