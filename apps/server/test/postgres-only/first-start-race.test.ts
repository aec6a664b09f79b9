import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServer, type ServerProcess } from '../server-process';

// Three server processes started at once on a new PostgreSQL database, each with the demo seed on:
// the migrations, the first accounts and the demo catalogue are made once, under one lock, and every
// process becomes ready.

const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let drop: (() => Promise<void>) | undefined;

/** A new, empty database (not migrated: the processes do that themselves). */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl');
  const name = `dalil_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  drop = () => run(`drop database if exists ${name} with (force)`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await drop?.();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('three first starts at once on a new database', () => {
  it('all become ready, with one demo catalogue', { timeout: 120_000 }, async () => {
    const url = await emptyDatabase();
    const started = performance.now();
    const starts = await Promise.allSettled(
      [0, 1, 2].map(() => {
        const dataDir = mkdtempSync(join(tmpdir(), 'dalil-first-start-'));
        dataDirs.push(dataDir);
        return startServer({ DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'true' });
      }),
    );
    for (const s of starts) if (s.status === 'fulfilled') servers.push(s.value);
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ready'))).toEqual([
      'ready',
      'ready',
      'ready',
    ]);
    console.info(`three first starts ready in ${Math.round(performance.now() - started)} ms`);

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
});
