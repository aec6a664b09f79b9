import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const ENTRY = join(ROOT, 'apps/server/dist/main.js');

/** The admin password every journey's server is started with. */
export const E2E_ADMIN_PASSWORD = 'admin-e2e-password';

export interface JourneyServer {
  origin: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel's pick, released at once for the server to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The production build as `npm start` runs it, on a new temporary data directory: first start, demo
 * catalogue, guest access on, a known admin password. Resolves once /api/ready answers.
 */
export async function startJourneyServer(): Promise<JourneyServer> {
  if (!existsSync(ENTRY) || !existsSync(join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('The journeys run against the production build: run `npm run build` first.');
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-e2e-'));
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      GUEST_ACCESS: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every journey signs in several times within a minute.
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_GUEST_LIMIT: '1000',
      // The file servers journeys start for scheduled feeds listen on 127.0.0.1 (docs/decisions/0050).
      FEED_ALLOWED_HOSTS: '127.0.0.1',
      // The webhooks journey's receiver listens on this machine: outbound calls may reach it.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before it was ready:\n${stderr}`);
    }
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within 90 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
