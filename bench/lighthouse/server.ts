import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

export interface ProductionServer {
  origin: string;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');
const ENTRY = join(ROOT, 'apps/server/dist/main.js');

/**
 * The production server (the built bundle, serving the built web app) on a fresh data directory with
 * the demo catalogue and guest access, exactly what a first `npm start` gives a visitor.
 */
export async function startProductionServer(port: number): Promise<ProductionServer> {
  if (!existsSync(ENTRY) || !existsSync(join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-lighthouse-'));
  const child: ChildProcess = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      GUEST_ACCESS: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  return { origin, stop };
}

/** POST /api/user/login with the guest account GET /api/config names. */
export async function guestToken(origin: string): Promise<string> {
  const config = (await (await fetch(`${origin}/api/config`)).json()) as {
    guest: { username: string; password: string } | null;
  };
  if (!config.guest) throw new Error('guest access is off');
  const response = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config.guest),
  });
  if (!response.ok) throw new Error(`guest sign-in failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
