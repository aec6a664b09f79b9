// bench/http: the production build (node apps/server/dist/main.js) under 100 connections for 30 s per
// workload (catalogue search, product page, family list, a mix), over 100 000 generated products, on
// PGlite and then on PostgreSQL. Target: no errors and no non-2xx answers under that load.
//   npm run build && npx tsx bench/http/run.ts [--engine pglite|postgres|both] [--products 100000]
//   [--connections 100] [--duration 30]
// A benchmark, never a test: nothing here runs under `npm test`.
import * as catalogue from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';
import { seededRandom } from '../lib/random';
import { buildQueries } from '../search/queries';
import { runLoad, type LoadResult } from '../lib/load';
import { checkBuild, rssMb, startProduction } from './server';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  connections: { type: 'string', default: '100' },
  duration: { type: 'string', default: '30' },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const log = (s: string) => process.stdout.write(`${s}\n`);

function workloads(p: catalogue.Prepared): Record<string, string[]> {
  const q = buildQueries(p.generated);
  const rnd = seededRandom(7);
  // Search: what visitors type (Arabic and English words, typos, barcodes) and category pages.
  const search: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const set = [q.arabic, q.english, q.barcode, q.category][i % 4]!;
    search.push(set[Math.floor(rnd() * set.length)]!);
  }
  const { min, max } = p.productIds;
  const product = Array.from(
    { length: 20_000 },
    () => `/api/product/${min + Math.floor(rnd() * (max - min + 1))}`,
  );
  const family = [
    '/api/family',
    '/api/family?limit=100',
    ...p.generated.families.map((f) => `/api/family/${f}`),
  ];
  // A visitor's session: the family list, a family, searches, product pages, the category list.
  const mixed: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const f = p.generated.families[i % p.generated.families.length]!;
    mixed.push(
      [
        search[i]!,
        product[i]!,
        search[(i * 7) % search.length]!,
        product[(i * 3) % product.length]!,
        family[i % family.length]!,
        `/api/category?family=${f}&limit=100`,
      ][i % 6]!,
    );
  }
  return {
    'catalogue search': search,
    'product page': product,
    'family list': family,
    'mixed session': mixed,
  };
}

interface Row {
  engine: string;
  workload: string;
  result: LoadResult;
  rss: number;
}

async function measure(p: catalogue.Prepared): Promise<Row[]> {
  const server = await startProduction(p);
  const rows: Row[] = [];
  try {
    const headers = await catalogue.guestHeaders(server.url);
    const sets = workloads(p);
    log(`[${p.engine}] warming up (5 s mixed); load average ${catalogue.loadAverage()}`);
    await runLoad({
      timeout: 10,
      url: server.url,
      headers,
      connections: 10,
      duration: 5,
      paths: sets['mixed session']!,
    });
    for (const [workload, paths] of Object.entries(sets)) {
      const result = await runLoad({
        timeout: 10,
        url: server.url,
        headers,
        connections: CONNECTIONS,
        duration: DURATION,
        paths,
      });
      const rss = rssMb(server.child.pid!);
      rows.push({ engine: p.engine, workload, result, rss });
      log(
        `[${p.engine}] ${workload}: ${result.rps.toFixed(0)} req/s, p95 ${ms(result.p95)} ms, ` +
          `errors ${result.errors}, statuses ${JSON.stringify(result.statuses)}, RSS ${rss} MB; ` +
          `load average ${catalogue.loadAverage()}`,
      );
    }
  } finally {
    // autocannon drops its sockets when the time is up, but the requests it abandoned are still queued
    // for the database: let them finish, so the shutdown does not fail them (they would log a 503).
    await new Promise((r) => setTimeout(r, 3000));
    const code = await server.stop();
    if (code !== 0) log(`[${p.engine}] the server exited with code ${code}`);
    for (const [message, n] of server.problems) log(`[${p.engine}] server logged ${n}x: ${message}`);
  }
  return rows;
}

checkBuild(log);
log(
  `bench/http: ${TOTAL} products, ${CONNECTIONS} connections, ${DURATION} s per run; ${catalogue.machine()}`,
);
const all = await catalogue.measureEach(engines, TOTAL, log, measure);
log('');
log(
  markdownTable(
    [
      'engine',
      'workload',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'requests',
      'errors',
      'non-2xx',
      'server RSS MB',
    ],
    all.map((r) => [
      r.engine,
      r.workload,
      r.result.rps.toFixed(0),
      ms(r.result.p50),
      ms(r.result.p95),
      ms(r.result.p99),
      r.result.requests,
      r.result.errors,
      r.result.non2xx,
      r.rss,
    ]),
  ),
);
const failed = all.filter((r) => r.result.errors > 0 || r.result.non2xx > 0);
if (failed.length > 0) {
  log(`\n${failed.length} run(s) had errors or non-2xx answers: target missed.`);
  process.exitCode = 1;
}
