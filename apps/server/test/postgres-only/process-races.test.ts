import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../postgres-server';
import { startServer, type ServerProcess } from '../server-process';

// Races between server processes on one PostgreSQL database. The processes are started once, for
// both tests: starting them is most of the time this file takes.
// - Three first starts at once on a new database, each with the demo seed on: the migrations, the
//   first accounts and the demo catalogue are made once, under one lock, and every process becomes
//   ready.
// - Bad passwords sent to all of them at once: the limit of 10 failures a minute per address and
//   username holds across the processes, because each attempt is counted in the statement that
//   checks the limit, before its password is verified.

const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let drop: (() => Promise<void>) | undefined;
let url: string;
let starts: PromiseSettledResult<ServerProcess>[];
let startMs: number;

/** A new, empty database (not migrated: the processes do that themselves). */
async function emptyDatabase(): Promise<string> {
  const created = await createDatabase(inject('postgresUrl'), 'dalil_test_');
  drop = created.drop;
  return created.url;
}

beforeAll(async () => {
  url = await emptyDatabase();
  const started = performance.now();
  starts = await Promise.allSettled(
    [0, 1, 2].map(() => {
      const dataDir = mkdtempSync(join(tmpdir(), 'dalil-process-races-'));
      dataDirs.push(dataDir);
      const server = startServer({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOGIN_RATE_LIMIT: '10',
        // Room in each process's queue for every attempt, so each one reaches the limit check.
        SIGN_IN_QUEUE: '40',
      });
      // Kept as soon as it listens, so that afterAll stops it whatever happens to the others.
      void server.then((s) => servers.push(s)).catch(() => undefined);
      return server;
    }),
  );
  startMs = performance.now() - started;
  // startServer gives up on a process after 60 s: this hook waits for that.
}, 120_000);
afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await drop?.();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('three processes started at once on a new database', () => {
  it('all become ready, with one demo catalogue', async () => {
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ready'))).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
    console.info(`three first starts ready in ${Math.round(startMs)} ms`);
    const health = await Promise.all(servers.map((s) => fetch(`${s.url}/api/health`)));
    expect(health.map((r) => r.status)).toEqual([200, 200, 200]);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const counts = await check.query<{ families: number; products: number; admins: number }>(
        `select (select count(*)::int from families) as families,
          (select count(*)::int from products) as products,
          (select count(*)::int from users where role = 'admin') as admins`,
      );
      expect(counts.rows[0]).toEqual({ families: 3, products: 120, admins: 1 });
    } finally {
      await check.end();
    }
  });

  it('verify at most 10 of 40 bad passwords for one account sent to them at once', async () => {
    expect(servers).toHaveLength(3);
    const attempt = (base: string, i: number) =>
      fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: `wrong-${i}` }),
      });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(servers[i % servers.length]!.url, i)),
    );
    const statuses = answers.map((r) => r.status);
    // 401: the password was verified (and wrong); 429: refused before any verification.
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);
    for (const r of answers.filter((x) => x.status === 429)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
