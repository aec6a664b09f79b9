import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCsv } from '../../../bench/import/generate';
import { ensureAccounts } from '../src/seed/accounts';
import { freshDatabase, testConfig } from './harness';
import { adminToken, serverDatabase, startServer, type ServerProcess } from './server-process';
import { waitFor } from './wait';

// Faults a sceptical operator would cause, on the real server process: SIGTERM in the middle
// of a read and write load, and SIGKILL in the middle of a 20 000-row import. Each runs on PGlite
// (DATA_DIR) and on PostgreSQL (a fresh database on the test server).

let root: string;
const drops: (() => Promise<void>)[] = [];
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dalil-faults-'));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

/** The environment of a server with a database of its own: a new DATA_DIR, or a new PostgreSQL database. */
async function ownDatabase(name: string): Promise<{ env: Record<string, string> }> {
  const database = await serverDatabase(join(root, name));
  drops.push(database.drop);
  return { env: database.env };
}

async function get<T>(server: ServerProcess, token: string, path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

async function post<T>(server: ServerProcess, token: string, path: string, payload: object): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function stop(server: ServerProcess) {
  server.proc.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

describe('SIGTERM under load', () => {
  it('answers only 2xx, 4xx or 503 to the end, keeps every acknowledged write, exits 0 within 10 s', async () => {
    const { env } = await ownDatabase('sigterm');
    const server = await startServer(env);
    const token = await adminToken(server.url);
    const family = await post<{ id: number }>(server, token, '/api/family', {
      nameEn: 'Load Family',
      nameAr: 'عائلة الحمل',
    });
    const category = await post<{ id: number }>(server, token, '/api/category', {
      nameEn: 'Load Category',
      nameAr: 'فئة الحمل',
      family: family.id,
    });

    const statuses = new Map<number, number>();
    const acknowledged: { path: string; id: number; nameEn: string }[] = [];
    let resets = 0;
    let signalled = false;
    let done = false;
    const count = (s: number) => statuses.set(s, (statuses.get(s) ?? 0) + 1);

    const requests: ((i: number) => { path: string; init?: RequestInit; write?: string })[] = [
      () => ({ path: `/api/search?family=${family.id}&search=load` }),
      () => ({ path: '/api/family?limit=20' }),
      () => ({ path: `/api/family/${family.id}` }),
      (i) => ({
        path: '/api/family',
        write: `SIGTERM Family ${i}`,
        init: {
          method: 'POST',
          body: JSON.stringify({ nameEn: `SIGTERM Family ${i}`, nameAr: `عائلة ${i}` }),
        },
      }),
      (i) => ({
        path: '/api/product',
        write: `SIGTERM Product ${i}`,
        init: {
          method: 'POST',
          body: JSON.stringify({
            nameEn: `SIGTERM Product ${i}`,
            nameAr: `منتج ${i}`,
            family: family.id,
            category: category.id,
          }),
        },
      }),
    ];
    const client = async (c: number) => {
      for (let i = c * 100_000; !done; i++) {
        const { path, init, write } = requests[i % requests.length]!(i);
        try {
          const res = await fetch(`${server.url}${path}`, {
            ...init,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          });
          count(res.status);
          const text = await res.text();
          if (write && res.status === 201) {
            acknowledged.push({ path, id: (JSON.parse(text) as { id: number }).id, nameEn: write });
          }
        } catch {
          // After the signal, a refused or closed connection is the server saying no: stop this client.
          if (signalled) return;
          resets++;
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, c) => client(c));
    await waitFor(() => acknowledged.length >= 60, { timeout: 30_000 });

    const signalledAt = Date.now();
    server.proc.kill('SIGTERM');
    signalled = true;
    const exit = await server.exited;
    const tookMs = Date.now() - signalledAt;
    done = true;
    await Promise.all(clients);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(10_000);
    expect(resets, 'connection errors before the signal').toBe(0);
    const bad = [...statuses.keys()].filter((s) => s >= 500 && s !== 503);
    expect(bad, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(0);

    const again = await startServer(env);
    try {
      expect((await fetch(`${again.url}/api/ready`)).status).toBe(200);
      const token2 = await adminToken(again.url);
      for (const { path, id, nameEn } of acknowledged) {
        const res = await get<{ nameEn: string }>(again, token2, `${path}/${id}`);
        expect(res.status, `${path}/${id}`).toBe(200);
        expect(res.body.nameEn).toBe(nameEn);
      }
    } finally {
      await stop(again);
    }
  }, 60_000);
});

/**
 * Enough rows for the merge to take the bulk path (indexes dropped and rebuilt in the transaction)
 * and to last a few seconds; the 100 000-row runs are bench/import's.
 */
const ROWS = 20_000;
/**
 * How long after the import logs the start of its merge (one transaction) the server is killed, one
 * delay per attempt. Measured here for 20 000 rows (2 cores): the merge takes about 2-3 s on both
 * engines, so the first delay lands inside it on a quiet machine; a loaded one may finish the merge
 * sooner than the kill arrives, and the next attempt kills sooner.
 */
const KILL_DELAYS_MS = [1_000, 300, 50];

/**
 * Where the import was when the server died: the last phase it logged as started ("CSV import phase"
 * lines: checkAndStage, duplicates, merge, vacuum), "upload" before any, "done" once it logged the
 * finished import.
 */
function phaseAtDeath(output: string): string {
  let phase = 'upload';
  for (const line of output.split('\n')) {
    if (!line.includes('"CSV import')) continue;
    const entry = JSON.parse(line) as { msg: string; phase?: string; dryRun?: boolean };
    if (entry.dryRun) continue;
    if (entry.msg === 'CSV import phase' && entry.phase) phase = entry.phase;
    else if (entry.msg === 'CSV import') phase = 'done';
  }
  return phase;
}

/**
 * Starts a server on a database of its own, uploads the file once `written` and kills the server
 * `delayMs` into the merge.
 */
async function killDuringMerge(name: string, csvPath: string, written: Promise<unknown>, delayMs: number) {
  const { env } = await ownDatabase(name);
  const server = await startServer(env);
  const token = await adminToken(server.url);
  await written;
  const form = new FormData();
  form.append('file', new Blob([readFileSync(csvPath)], { type: 'text/csv' }), 'import.csv');
  const startedAt = Date.now();
  const upload = fetch(`${server.url}/api/upload/all`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  }).then(
    (res) => res.status,
    () => 'killed' as const,
  );
  await waitFor(() => ['merge', 'done'].includes(phaseAtDeath(server.output())), {
    timeout: 60_000,
    message: () => `the merge never started:\n${server.output()}`,
  });
  // A real wait: the kill lands `delayMs` into the merge, a moment no event marks.
  await new Promise((r) => setTimeout(r, delayMs));
  server.proc.kill('SIGKILL');
  const killedAfterMs = Date.now() - startedAt;
  expect((await server.exited).signal).toBe('SIGKILL');
  await server.closed;
  return { env, phase: phaseAtDeath(server.output()), killedAfterMs, delayMs, outcome: await upload };
}

describe('SIGKILL during a 20 000-row import', () => {
  it('leaves the import wholly there or wholly absent, and the server starts cleanly', async ({
    annotate,
  }) => {
    const csvPath = join(root, 'import.csv');
    // Written while the first server starts.
    const written = generateCsv(csvPath, ROWS);
    const attempts: Awaited<ReturnType<typeof killDuringMerge>>[] = [];
    for (const [i, delayMs] of KILL_DELAYS_MS.entries()) {
      attempts.push(await killDuringMerge(`sigkill-${i}`, csvPath, written, delayMs));
      if (attempts.at(-1)!.phase === 'merge') break;
    }
    const summary = attempts.map(({ phase, delayMs, killedAfterMs }) => ({ phase, delayMs, killedAfterMs }));
    await annotate(`attempts until the kill landed in the merge: ${JSON.stringify(summary)}`);
    const { env, phase, killedAfterMs, outcome } = attempts.at(-1)!;
    expect(phase, JSON.stringify(summary)).toBe('merge');

    const again = await startServer(env);
    try {
      expect((await fetch(`${again.url}/api/ready`)).status).toBe(200);
      const token2 = await adminToken(again.url);
      const { count } = (await get<{ count: number }>(again, token2, '/api/product?limit=1')).body;
      const families = (await get<{ count: number }>(again, token2, '/api/family?limit=100')).body;
      // Whole or nothing, at every level: the 10 families come and go with their products.
      expect([0, ROWS], `products after the kill (${killedAfterMs} ms, upload: ${outcome})`).toContain(count);
      expect(families.count).toBe(count === 0 ? 0 : 10);
      // The import ran in one piece or not at all; the response never said 200 for a missing import.
      if (outcome === 200) expect(count).toBe(ROWS);

      // The server is fully usable: a small import goes through and search finds what it wrote.
      const small = new FormData();
      small.append(
        'file',
        new Blob(
          [
            'familyNameEn,familyNameAr,categoryNameEn,categoryNameAr,productNameEn,productNameAr,productBarcode\r\n' +
              'After Kill Co,شركة,After Cat,فئة,Survivor Tea,شاي الناجي,777001\r\n',
          ],
          { type: 'text/csv' },
        ),
        'small.csv',
      );
      const res = await fetch(`${again.url}/api/upload/all`, {
        method: 'POST',
        body: small,
        headers: { authorization: `Bearer ${token2}` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    } finally {
      await stop(again);
    }
  }, 240_000);
});

describe('several processes starting at once on one new database', () => {
  it('all create or find the first accounts; none fails on the other one’s insert', async () => {
    const fresh = await freshDatabase();
    try {
      const config = testConfig();
      // What each process's start does; on PostgreSQL these race (one process each in scale-out).
      const results = await Promise.all([1, 2, 3].map(() => ensureAccounts(fresh.database.db, config)));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const admins: unknown = await fresh.database.db.execute(
        sql`select count(*)::int as n from users where role = 'admin'`,
      );
      expect((admins as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
