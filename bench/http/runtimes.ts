// bench/http runtimes: the same production build on two Node runtimes, and with metrics on and off,
// side by side in one table. Each variant is a fresh server process over the same generated
// catalogue; each answers, at 16 connections for 15 s each,
//   health            /api/health: no token, no database;
//   cached search     the 20 popular searches of bench/search, all in the result cache;
//   uncached search   barcode and word searches, each asked once across the whole run;
//   product page      /api/product/{id} over random products (the product screen's read).
// Variants: the project's Node (this process's, 24.x), `--compare-node` (default /usr/bin/node, the
// machine's own), and the project's Node with /metrics on (METRICS_TOKEN set). Target: metrics on
// costs at most 3 % of the requests per second of metrics off.
//   npm run build && npm run bench:http:runtimes -- [--engine pglite|postgres|both] [--products 10000]
//   [--connections 16] [--duration 15] [--compare-node /usr/bin/node]
// A benchmark, never a test: nothing here runs under `npm test`.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import * as catalogue from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';
import { buildQueries, Cursor } from '../search/queries';
import { runLoad, type LoadResult } from '../lib/load';
import { checkBuild, rssMb, startProduction } from './server';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  products: { type: 'string', default: '10000' },
  connections: { type: 'string', default: '16' },
  duration: { type: 'string', default: '15' },
  'compare-node': { type: 'string', default: '/usr/bin/node' },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const log = (s: string) => process.stdout.write(`${s}\n`);
const versionOf = (node: string) => execFileSync(node, ['-v'], { encoding: 'utf8' }).trim();

interface Variant {
  name: string;
  node: string;
  env: Record<string, string>;
}
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const variants: Variant[] = [
  { name: `Node ${process.version}, metrics off`, node: process.execPath, env: {} },
  { name: `Node ${versionOf(args['compare-node'])}, metrics off`, node: args['compare-node'], env: {} },
  { name: `Node ${process.version}, metrics on`, node: process.execPath, env: { METRICS_TOKEN } },
];

interface Row {
  engine: string;
  variant: string;
  workload: string;
  result: LoadResult;
  rss: number;
}

async function measure(p: catalogue.Prepared, variant: Variant, uncached: string[]): Promise<Row[]> {
  const server = await startProduction(p, undefined, { node: variant.node, env: variant.env });
  const rows: Row[] = [];
  try {
    const encoding = { 'accept-encoding': 'gzip, deflate, br' };
    const headers = { ...(await catalogue.guestHeaders(server.url)), ...encoding };
    const queries = buildQueries(p.generated);
    const { min, max } = p.productIds;
    let seed = 11;
    const next = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * (max - min + 1);
    const products = Array.from({ length: 5_000 }, () => `/api/product/${min + Math.floor(next())}`);
    for (const path of queries.popular) await fetch(`${server.url}${path}`, { headers });
    const workloads: [string, string[], Record<string, string>][] = [
      ['health', ['/api/health'], encoding],
      ['cached search', queries.popular, headers],
      ['uncached search', uncached, headers],
      ['product page', products, headers],
    ];
    // Warms the JIT on the cached paths only: an uncached query asked twice would be cached.
    for (const [, paths, h] of [workloads[0]!, workloads[1]!, workloads[3]!])
      await runLoad({
        timeout: 10,
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        duration: 3,
        paths,
      });
    for (const [workload, paths, h] of workloads) {
      const result = await runLoad({
        timeout: 10,
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        duration: DURATION,
        paths,
      });
      rows.push({ engine: p.engine, variant: variant.name, workload, result, rss: rssMb(server.child.pid!) });
      log(
        `[${p.engine}] ${variant.name}, ${workload}: ${result.rps.toFixed(0)} req/s, p95 ${ms(result.p95)} ms; load ${catalogue.loadAverage()}`,
      );
    }
  } finally {
    await server.stop();
    for (const [message, n] of server.problems) log(`[${p.engine}] ${variant.name} logged ${n}x: ${message}`);
  }
  return rows;
}

checkBuild(log);
log(
  `bench/http runtimes: ${TOTAL} products, ${CONNECTIONS} connections, ${DURATION} s per run; ` +
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 1024 ** 3)} GB`,
);
const all: Row[] = [];
for (const engine of engines) {
  const p = await catalogue.prepare(engine, TOTAL, log);
  try {
    const q = buildQueries(p.generated);
    // Each variant gets its own queries, never asked before: no cache can have seen them.
    const uncached = new Cursor([...q.barcode, ...q.arabic, ...q.english]);
    const share = Math.floor(uncached.left / variants.length);
    for (const variant of variants) all.push(...(await measure(p, variant, uncached.take(share))));
  } finally {
    await p.cleanup();
  }
}

const baseline = (r: Row) => all.find((b) => b.engine === r.engine && b.workload === r.workload)!;
log('');
log(
  markdownTable(
    [
      'engine',
      'workload',
      'runtime and metrics',
      'req/s',
      'vs first',
      'p50 ms',
      'p95 ms',
      'non-2xx',
      'RSS MB',
    ],
    all.map((r) => [
      r.engine,
      r.workload,
      r.variant,
      r.result.rps.toFixed(0),
      `${((r.result.rps / baseline(r).result.rps) * 100).toFixed(0)} %`,
      ms(r.result.p50),
      ms(r.result.p95),
      r.result.non2xx + r.result.errors,
      r.rss,
    ]),
  ),
);
const withMetrics = all.filter((r) => r.variant === variants[2]!.name);
const cost = withMetrics.map((r) => 1 - r.result.rps / baseline(r).result.rps);
log(
  `\nMetrics on: ${cost.map((c) => `${(c * 100).toFixed(1)} %`).join(', ')} fewer req/s than off ` +
    `(target at most 3 %; runs differ by a few % on a shared machine, so repeat before reading much into one).`,
);
