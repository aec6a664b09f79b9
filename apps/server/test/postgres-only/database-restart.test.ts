import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, startServer, type ServerProcess } from '../server-process';
import { waitFor } from '../wait';

// PostgreSQL restarted under load. A private PostgreSQL instance (initdb in a temporary folder, its
// own port) is restarted, so no other test's database goes away.

const BIN = '/usr/lib/postgresql/15/bin';
const PORT = 5000 + (process.pid % 400);
let dir: string;
let server: ServerProcess;
const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], {
    stdio: 'pipe',
    timeout: 60_000,
  });
const pgCtl = (action: string) =>
  asPostgres('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-w',
    '-t',
    '30',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${PORT} -k ${dir} -c listen_addresses=127.0.0.1`,
    action,
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dalil-pg-'));
  chownSync(dir, 101, 104);
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  asPostgres('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgCtl('start');
  server = await startServer({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PORT}/postgres`,
    DATA_DIR: join(dir, 'app'),
    SEED_DEMO: 'true',
  });
}, 120_000);
afterAll(() => {
  server?.proc.kill('SIGTERM');
  try {
    pgCtl('stop');
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a PostgreSQL restart under load', () => {
  it('gives 503 meanwhile, never another 5xx, and recovers without a server restart', async () => {
    const token = await adminToken(server.url);
    const family = (
      (await (
        await fetch(`${server.url}/api/family?limit=1`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { data: { id: number }[] }
    ).data[0]!.id;
    const statuses = new Map<number, number>();
    let running = true;
    const load = async () => {
      for (let i = 0; running; i++) {
        const res = await fetch(
          `${server.url}/api/search?family=${family}&search=${encodeURIComponent(`q${i % 50}`)}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        ).catch(() => null);
        if (res) {
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          await res.arrayBuffer();
        }
      }
    };
    const answered = () => [...statuses.values()].reduce((a, b) => a + b, 0);
    const loaders = [load(), load(), load(), load()];
    // The load is under way before the database goes, and goes on for a while after it is back.
    await waitFor(() => answered() >= 20);

    pgCtl('stop');
    const readyStatus = async () => (await fetch(`${server.url}/api/ready`)).status;
    const readyWhileDown = await waitFor(async () => (await readyStatus()) === 503 && 503, {
      timeout: 2000,
      interval: 200,
    }).catch(() => 0);
    pgCtl('start');

    const readyAfter = await waitFor(async () => (await readyStatus()) === 200 && 200, {
      timeout: 10_000,
      interval: 200,
    }).catch(() => 0);
    const before = answered();
    await waitFor(() => answered() >= before + 20);
    running = false;
    await Promise.all(loaders);

    expect(readyWhileDown).toBe(503);
    expect(readyAfter).toBe(200);
    const serverErrors = [...statuses.keys()].filter((s) => s >= 500 && s !== 503);
    expect(
      serverErrors,
      JSON.stringify(Object.fromEntries(statuses)) +
        server
          .output()
          .split('\n')
          .filter((l) => l.includes('unexpected'))
          .slice(0, 2)
          .join('\n'),
    ).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    const after = await fetch(`${server.url}/api/family/${family}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
  }, 90_000);
});
