import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ADMIN_PASSWORD, freshDatabase, JWT_SECRET } from './harness';

const serverRoot = join(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Settles once the process has exited and everything it printed has been read. */
  closed: Promise<void>;
}

/**
 * Starts the real server entry (src/main.ts under tsx) as its own process and waits until it listens;
 * `until` waits for another log line instead, whose first group is the port.
 */
export async function startServer(
  env: Record<string, string>,
  until = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/,
): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      JWT_SECRET,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT: '10000',
      LOGIN_GUEST_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const closed = new Promise<void>((resolve) => proc.on('close', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      const m = until.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]!}`);
      }
    };
    proc.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${out}`));
    });
  });
  return { url, proc, output: () => out, exited, closed };
}

/**
 * The database of a server process to be started on `dataDir`, and the environment that names it.
 * PGlite: the migrated template unpacked into DATA_DIR, so the process opens a migrated database
 * instead of initialising and migrating a new one (several seconds per start on a busy machine).
 * backup.test.ts still starts its first process on an empty DATA_DIR, as a new installation does.
 * PostgreSQL: a fresh, migrated database.
 */
export async function serverDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (inject('engine') === 'pglite') {
    const pgliteDir = join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
    // The dump names its members from the root (`/base/...`): tar strips the slash and warns.
    execFileSync('tar', ['-xf', inject('pgliteTemplate'), '-C', pgliteDir], { stdio: 'ignore' });
    return { env: { DATA_DIR: dataDir }, drop: () => Promise.resolve() };
  }
  const fresh = await freshDatabase();
  await fresh.database.close();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url! }, drop: fresh.drop };
}

export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
