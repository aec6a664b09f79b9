// bench/history: what recording every write costs. The same generated "all" CSV is imported through
// the real HTTP endpoint of a fresh server process, then single product updates are timed, once with
// the history on (the default) and once with HISTORY=off, on PGlite and on PostgreSQL. Rounds
// alternate off and on so that drift on a shared machine falls on both sides.
//   npx tsx bench/history/run.ts [--engine pglite|postgres|both] [--rows 100000] [--updates 300]
//   [--rounds 3]
// A benchmark, never a test: nothing here runs under `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCsv } from '../import/generate';
import { adminToken, startServer } from '../import/server';
import { uploadFile } from '../import/upload';
import { loadAverage, scratchData } from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    rows: { type: 'string', default: '100000' },
    updates: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
  },
});
type Engine = 'pglite' | 'postgres';
const engines: Engine[] = args.engine === 'both' ? ['pglite', 'postgres'] : [args.engine as Engine];
const ROWS = Number(args.rows);
const UPDATES = Number(args.updates);
const ROUNDS = Number(args.rounds);
const log = (s: string) => process.stdout.write(`${s}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1] ?? NaN;

/** Sequential PUTs of whole products (each renames one), the way the product form saves. */
async function timeUpdates(url: string, token: string): Promise<number[]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const page = (await (await fetch(`${url}/api/product?limit=100&skip=0`, { headers })).json()) as {
    data: Record<string, unknown>[];
  };
  const times: number[] = [];
  for (let i = 0; i < UPDATES; i++) {
    const { id, ...product } = page.data[i % page.data.length]!;
    const started = performance.now();
    const res = await fetch(`${url}/api/product/${String(id)}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...product, nameEn: `Renamed ${i}` }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`update answered ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}

interface Measured {
  importSeconds: number;
  updateP50: number;
  updateP95: number;
  entries: number;
}

async function measure(engine: Engine, history: 'on' | 'off', file: string): Promise<Measured> {
  const scratch = await scratchData(engine, 'dalil-bench-history-');
  const server = await startServer({
    ...scratch.env,
    CSV_MAX_BYTES: String(1024 * 1024 * 1024),
    IMPORT_MAX_ROWS: String(10_000_000),
    HISTORY: history,
  });
  try {
    const token = await adminToken(server.url);
    const started = performance.now();
    const res = await uploadFile(`${server.url}/api/upload/all`, token, file);
    const importSeconds = (performance.now() - started) / 1000;
    const created = (res.body as { products?: { created: number } }).products?.created;
    if (res.status !== 200 || created !== ROWS)
      throw new Error(`import answered ${res.status}, created ${created}`);
    const times = await timeUpdates(server.url, token);
    const activity = await fetch(`${server.url}/api/activity?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const entries = ((await activity.json()) as { count: number }).count;
    return { importSeconds, updateP50: percentile(times, 0.5), updateP95: percentile(times, 0.95), entries };
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    await scratch.remove();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const extra = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)}%`;

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-history-csv-'));
  const file = join(dir, `all-${ROWS}.csv`);
  const rows: (string | number)[][] = [];
  try {
    await generateCsv(file, ROWS);
    for (const engine of engines) {
      const runs: Record<'on' | 'off', Measured[]> = { on: [], off: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const history of ['off', 'on'] as const) {
          const m = await measure(engine, history, file);
          runs[history].push(m);
          log(
            `${engine} history ${history}: import ${m.importSeconds.toFixed(1)} s, update p50 ${ms(m.updateP50)} ms ` +
              `p95 ${ms(m.updateP95)} ms, ${m.entries} entries (load ${loadAverage()})`,
          );
        }
      }
      const pick = (h: 'on' | 'off', k: keyof Measured) => median(runs[h].map((m) => m[k]));
      for (const h of ['off', 'on'] as const) {
        rows.push([
          engine,
          h,
          pick(h, 'importSeconds').toFixed(1),
          Math.round(ROWS / pick(h, 'importSeconds')).toLocaleString('en'),
          ms(pick(h, 'updateP50')),
          ms(pick(h, 'updateP95')),
          pick(h, 'entries'),
        ]);
      }
      rows.push([
        engine,
        'on vs off',
        extra(pick('on', 'importSeconds'), pick('off', 'importSeconds')),
        '',
        extra(pick('on', 'updateP50'), pick('off', 'updateP50')),
        extra(pick('on', 'updateP95'), pick('off', 'updateP95')),
        '',
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const header = ['engine', 'history', 'import s', 'rows/s', 'update p50 ms', 'update p95 ms', 'entries'];
  log(`\n${ROWS.toLocaleString('en')} rows, ${UPDATES} updates, median of ${ROUNDS} rounds per side\n`);
  log(markdownTable(header, rows));
  log(`\nload average at the end: ${loadAverage()}; ${os.cpus().length} cores, Node ${process.version}`);
}

await main();
