import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_HEADER, allRow, csv } from '../src/modules/imports/imports.test-kit';
import { Scrape } from './prometheus';
import { adminToken, serverDatabase, startServer } from './server-process';

// An import whose server is killed (SIGKILL) after its rows were staged: the next start removes the
// staging rows and the lease they lived by (modules/imports/import-lease.ts), logs it and counts it.
// On PostgreSQL the next start comes well within the dead import's lease: the lease names a process
// of this host that is gone, so it does not wait for the lease to run out.

const METRICS_TOKEN = 'metrics-token-for-the-import-kill-test';
const ROWS = 20_000;

let dataDir: string;
let serverEnv: Record<string, string> = {};
let dropDatabase: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dalil-import-kill-'));
  const database = await serverDatabase(dataDir);
  dropDatabase = database.drop;
  serverEnv = { ...database.env, METRICS_TOKEN };
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

/** On PostgreSQL, the staging rows and import leases as the database holds them. */
async function staged(url: string | undefined) {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: number; leases: number }>(
      'select (select count(*)::int from import_rows) as rows, (select count(*)::int from import_leases) as leases',
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

describe('a server killed during an import', () => {
  it('leaves staging rows that the next start removes', async () => {
    const file = csv([
      ALL_HEADER,
      ...Array.from({ length: ROWS }, (_, i) =>
        allRow(`Fam ${i % 20}`, `Cat ${i % 200}`, `Item ${i}`, String(6_000_000_000_000 + i)),
      ),
    ]);
    const first = await startServer(serverEnv);
    const token = await adminToken(first.url);
    const form = new FormData();
    form.append('file', new Blob([file]), 'big.csv');
    const upload = fetch(`${first.url}/api/upload/all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).catch(() => null);
    // Every row is staged once the import checks for duplicates.
    await expect
      .poll(() => /"phase":"(duplicates|merge)"/.test(first.output()), { timeout: 120_000, interval: 10 })
      .toBe(true);
    first.proc.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(first.output()).not.toMatch(/"phase":"history"/);
    await upload;
    const left = await staged(serverEnv.DATABASE_URL);
    if (left) expect(left).toMatchObject({ rows: ROWS, leases: 1 });

    const second = await startServer(serverEnv);
    try {
      const line = second
        .output()
        .split('\n')
        .find((l) => l.includes('removed the staging rows of a stopped import'));
      expect(JSON.parse(line!)).toMatchObject({ kind: 'import', importId: expect.any(Number) });
      const scrape = new Scrape(
        await (
          await fetch(`${second.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text(),
      );
      expect(scrape.value('dalil_job_lease_takeovers_total', { kind: 'import' })).toBe(1);
      const after = await staged(serverEnv.DATABASE_URL);
      if (after) expect(after).toEqual({ rows: 0, leases: 0 });
    } finally {
      second.proc.kill('SIGTERM');
      await second.exited;
    }
  }, 240_000);
});
