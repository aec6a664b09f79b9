import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../../apps/server/test/wait';

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
 * The data directory every journey server starts from (global-setup.ts): one made by a real first start
 * of the build (migrations, the demo catalogue and its images), copied for each file: the copy takes
 * 0.2 s and its server is ready 3 s later, where a first start takes 14 s on a two-core machine, once
 * per journey file. Unset, each server makes its own first start.
 */
const TEMPLATE_ENV = 'DALIL_E2E_DATA_TEMPLATE';

/**
 * The production build as `npm start` runs it, on a new temporary data directory (a copy of the
 * template when there is one, else empty: a first start): demo catalogue, guest access on, a known
 * admin password. Resolves once /api/ready answers.
 */
export async function startJourneyServer(): Promise<JourneyServer> {
  requireBuild();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return serve(dataDir, { removeOnStop: true });
}

/**
 * Makes the journeys' data template: a first start of the build on a new directory, stopped once
 * ready (SIGTERM, so the database closes cleanly). Returns the removal of the directory.
 */
export async function makeDataTemplate(): Promise<() => void> {
  requireBuild();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-e2e-template-'));
  const server = await serve(dataDir, { removeOnStop: false });
  await server.stop();
  process.env[TEMPLATE_ENV] = dataDir;
  return () => rmSync(dataDir, { recursive: true, force: true });
}

function requireBuild(): void {
  if (!existsSync(ENTRY) || !existsSync(join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('The journeys run against the production build: run `npm run build` first.');
}

async function serve(dataDir: string, { removeOnStop }: { removeOnStop: boolean }): Promise<JourneyServer> {
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
    if (removeOnStop) rmSync(dataDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) {
          throw new Error(`the server exited with code ${child.exitCode} before it was ready:\n${stderr}`);
        }
        return fetch(`${origin}/api/ready`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 90_000, interval: 200, message: () => `the server was not ready:\n${stderr}` },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}
