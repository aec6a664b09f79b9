// The production server (node apps/server/dist/main.js) in its own process, for the bench/http runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type * as catalogue from '../lib/catalogue-database';
import { BENCH_ADMIN_PASSWORD } from '../lib/config';

export const ROOT = join(import.meta.dirname, '../..');
export const SERVER = join(ROOT, 'apps/server/dist/main.js');
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * Exits with instructions when the bundle is missing; warns when it is older than the sources. `server`
 * other than the default is another build (an older commit, say) and is taken as it is.
 */
export function checkBuild(log: (s: string) => void, server = SERVER) {
  if (!existsSync(server)) {
    log(`${server} is missing. Build the production server first:\n\n  npm run build\n`);
    process.exit(1);
  }
  if (server !== SERVER) return;
  // A stale bundle would measure old code: say so rather than rebuild behind the caller's back.
  const built = statSync(server).mtimeMs;
  const newer = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true }).some(
      (e) => e.isFile() && statSync(join(e.parentPath, e.name)).mtimeMs > built,
    );
  if (newer(join(ROOT, 'apps/server/src')) || newer(join(ROOT, 'packages/contracts/src'))) {
    log('warning: apps/server/dist/main.js is older than the sources; run `npm run build` to measure them.');
  }
}

export interface Server {
  url: string;
  child: ChildProcess;
  /** Warnings and errors the server logged (pino level >= 40), by message. */
  problems: Map<string, number>;
  stop(): Promise<number | null>;
}

/**
 * `node apps/server/dist/main.js`, as `npm start` runs it, on a free port of 127.0.0.1. `options.node`
 * runs it on another Node binary (a runtime comparison); `options.env` adds variables.
 */
export async function startProduction(
  p: catalogue.Prepared,
  server = SERVER,
  options: { node?: string; env?: Record<string, string> } = {},
): Promise<Server> {
  const child = spawn(options.node ?? process.execPath, [server], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: p.dataDir,
      ...(p.url ? { DATABASE_URL: p.url } : {}),
      JWT_SECRET,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      GUEST_ACCESS: 'true',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems = new Map<string, number>();
  const url = await new Promise<string>((resolve, reject) => {
    const onLine = (line: string) => {
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening) resolve(listening[1]!);
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        if ((entry.level ?? 0) >= 40) {
          const detail = entry.err?.message?.split('\n')[0];
          const key = `${entry.msg ?? ''}${detail ? `: ${detail.slice(0, 160)}` : ''}`;
          problems.set(key, (problems.get(key) ?? 0) + 1);
        }
      } catch {
        if (line.trim()) problems.set(line, (problems.get(line) ?? 0) + 1);
      }
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`the server exited early with code ${code}`)));
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { url, child, problems, stop };
}

export const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
};
