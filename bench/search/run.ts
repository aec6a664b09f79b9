// bench/search: GET /api/search over a generated catalogue, on PGlite and on PostgreSQL.
//   npx tsx bench/search/run.ts [--engine pglite|postgres|both] [--products 100000] [--requests 500]
//   [--explain] [--attributes 0]
// With --attributes N each family has N typed attributes (bench/lib/attributes.ts) and every product a
// value for each; the same workloads run, plus one filtering by a choice attribute and counting facets.
// A benchmark, never a test: nothing here runs under `npm test`; results are in docs/performance.md.
import os from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../apps/server/src/db/client';
import * as catalogue from '../lib/catalogue-database';
import { runLoad, startLoad, type LoadResult } from '../lib/load';
import { startServerProcess } from '../lib/server-process';
import { markdownTable, ms } from '../lib/table';
import { choiceAttribute } from '../lib/attributes';
import { BRANDS, type Generated } from '../lib/catalogue';
import { explainSearch } from './explain';
import { attributeQueries, buildQueries, Cursor } from './queries';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  requests: { type: 'string', default: '500' },
  explain: { type: 'boolean', default: false },
  attributes: { type: 'string', default: '0' },
});
const ATTRIBUTES = Number(args.attributes);
if (!Number.isInteger(ATTRIBUTES) || ATTRIBUTES < 0) throw new Error('--attributes must be a whole number');
/** Requests per run at 1 connection; 3x that at 16. */
const REQUESTS = Number(args.requests);
const log = (s: string) => process.stdout.write(`${s}\n`);

async function explainAll(db: Db, g: Generated) {
  const f = g.families[0]!;
  const brand = BRANDS[g.brandsByFamily.get(f)![0]!]!;
  const cases: [string, Parameters<typeof explainSearch>[2]][] = [
    ['arabic brand', { family: f, search: brand.ar }],
    ['english brand', { family: f, search: brand.en }],
    ['english type, page 3', { family: f, search: 'juice', skip: 50 }],
    ['typo', { family: f, search: brand.en.slice(0, 3) + brand.en.slice(4) }],
    ['short', { family: f, search: 'ju' }],
    ['barcode', { family: f, search: g.barcodesByFamily.get(f)![3]! }],
    ['category, page 10', { family: f, category: g.categories.get(f)![2]!, search: '', skip: 225 }],
  ];
  for (const [label, filter] of cases) log(await explainSearch(db, label, filter));
}

interface Row {
  engine: string;
  workload: string;
  connections: number;
  result: LoadResult;
}

async function measure(p: catalogue.Prepared): Promise<Row[]> {
  const server = await startServerProcess(join(import.meta.dirname, 'server.ts'), {
    BENCH_DATA_DIR: p.dataDir,
    ...(p.url ? { BENCH_DATABASE_URL: p.url } : {}),
  });
  const rows: Row[] = [];
  try {
    const headers = await catalogue.guestHeaders(server.url);
    const q = buildQueries(p.generated);
    const choice = choiceAttribute(ATTRIBUTES);
    const sets: Record<string, Cursor> = {
      'Arabic word': new Cursor(q.arabic),
      'English word': new Cursor(q.english),
      barcode: new Cursor(q.barcode),
      'empty search, one category': new Cursor(q.category),
      ...(choice
        ? {
            'attribute filter + facets': new Cursor(
              attributeQueries(p.generated, choice.key, choice.options),
            ),
          }
        : {}),
    };
    /** Every path once; or, with a duration, the paths in turn until the time is up. */
    const load = (paths: string[], connections: number, duration?: number, extra = {}) =>
      runLoad({
        url: server.url,
        headers: { ...headers, ...extra },
        connections,
        paths,
        ...(duration ? { duration } : { amount: paths.length }),
      });

    log(`[${p.engine}] warming up; load average ${catalogue.loadAverage()}`);
    for (const cursor of Object.values(sets)) await load(cursor.take(100), 4);

    for (const [workload, cursor] of Object.entries(sets)) {
      for (const connections of [1, 16]) {
        const result = await load(cursor.take(connections === 1 ? REQUESTS : REQUESTS * 3), connections);
        rows.push({ engine: p.engine, workload: `${workload} (distinct)`, connections, result });
        log(
          `[${p.engine}] ${workload} x${connections}: p95 ${ms(result.p95)} ms, ${result.rps.toFixed(0)} req/s`,
        );
      }
    }

    // Popular queries: asked once to fill the cache, then over and over.
    await load(q.popular, 1);
    const cached = await load(q.popular, 16, 5);
    rows.push({ engine: p.engine, workload: 'popular words (cached)', connections: 16, result: cached });
    // The same as a browser asks for them: brotli, served from the compressed copy the cache keeps.
    const compressed = await load(q.popular, 16, 5, { 'accept-encoding': 'br' });
    rows.push({
      engine: p.engine,
      workload: 'popular words (cached, brotli)',
      connections: 16,
      result: compressed,
    });

    // /api/health, lightly probed while distinct Arabic searches run flat out on 16 connections.
    const remaining = sets['Arabic word']!;
    const search = startLoad({
      url: server.url,
      headers,
      connections: 16,
      paths: remaining.take(remaining.left),
    });
    const health = startLoad({
      url: server.url,
      connections: 1,
      paths: ['/api/health'],
      duration: 8,
      overallRate: 50,
    });
    const healthResult = await health.result;
    search.stop();
    const searchResult = await search.result;
    rows.push({
      engine: p.engine,
      workload: 'Arabic word (distinct), during health probe',
      connections: 16,
      result: searchResult,
    });
    rows.push({
      engine: p.engine,
      workload: '/api/health during that search load',
      connections: 1,
      result: healthResult,
    });
    log(`[${p.engine}] done; load average ${catalogue.loadAverage()}`);
  } finally {
    await server.stop();
  }
  return rows;
}

const all: Row[] = [];
let generatedProducts = 0;
for (const engine of engines) {
  const prepared = await catalogue.prepare(
    engine,
    TOTAL,
    log,
    args.explain ? explainAll : undefined,
    ATTRIBUTES,
  );
  try {
    generatedProducts = prepared.generated.products;
    all.push(...(await measure(prepared)));
  } finally {
    await prepared.cleanup();
  }
}

const cpu = os.cpus();
log(
  `\nMachine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ` +
    `Node ${process.version}; ${generatedProducts} products in 5 families x 20 categories, ` +
    `${ATTRIBUTES} typed attributes per family; limit 25.\n`,
);
log(
  markdownTable(
    ['engine', 'workload', 'conn', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errors'],
    all.map((r) => [
      r.engine,
      r.workload,
      r.connections,
      r.result.requests,
      ms(r.result.p50),
      ms(r.result.p95),
      ms(r.result.p99),
      r.result.rps.toFixed(0),
      r.result.errors + r.result.non2xx,
    ]),
  ),
);
