// bench/http hot paths: what a request costs when nothing has to be read from the database. The
// production build (node apps/server/dist/main.js) answers, at 16 connections for 20 s each (in 4
// rounds of 5 s, the workloads taking turns round by round),
//   /api/health             no token, no database: the ceiling of the HTTP stack;
//   /api/user/auth          the access guard alone (a token already seen);
//   cached popular search   the 20 popular searches of bench/search, all in the result cache;
//   cached product page     10 server-rendered product pages (HTML, as a first-time visitor
//                           without a session asks), all in the pages cache;
//   cached catalogue page   10 server-rendered catalogue pages (a family's first or second page of
//                           25 product cards), all in the pages cache;
// on PGlite and then on PostgreSQL, over a generated catalogue, and prints each engine's cached search
// and cached page req/s as a share of its health req/s (the median of the rounds' shares). Target: at
// least 50 % on both engines. Then,
// one at a time, 200 product pages no one has asked for (rendered from the database): target p95
// under 40 ms. Every request sends
// `Accept-Encoding: gzip, deflate, br`, as browsers do (`--encoding identity` asks for none: search
// pages then travel as 4-9 KB of plain JSON instead of their cached brotli copy). The load comes from
// wrk (Debian's `wrk`, bench/lib/wrk.ts), whose cost per answer is the same for every workload;
// `--generator autocannon` uses the other benchmarks' autocannon helper.
//   npm run build && npm run bench:http:hot -- [--engine pglite|postgres|both] [--products 10000]
//   [--connections 16] [--duration 20] [--rounds 4] [--encoding 'gzip, deflate, br']
//   [--server path/to/dist/main.js] [--generator wrk|autocannon]
// `--server` measures another build (an older commit's apps/server/dist/main.js) on the same data.
// A benchmark, never a test: nothing here runs under `npm test`.
import * as catalogue from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';
import { buildQueries } from '../search/queries';
import { median, runLoad, type LoadOptions, type LoadResult } from '../lib/load';
import { hasWrk, runWrk } from '../lib/wrk';
import { checkBuild, rssMb, SERVER, startProduction } from './server';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  connections: { type: 'string', default: '16' },
  duration: { type: 'string', default: '20' },
  rounds: { type: 'string', default: '4' },
  server: { type: 'string', default: SERVER },
  encoding: { type: 'string', default: 'gzip, deflate, br' },
  generator: { type: 'string', default: 'wrk' },
});
const CONNECTIONS = Number(args.connections);
/** Each workload's time is split into this many rounds, the workloads taking turns round by round. */
const ROUNDS = Math.max(1, Number(args.rounds));
const DURATION = Number(args.duration);
const SERVER_PATH = args.server;
const TARGET = 0.5;
const log = (s: string) => process.stdout.write(`${s}\n`);
/** The load generator: wrk by default (bench/lib/wrk.ts says why), autocannon on request. */
const GENERATOR = args.generator;
if (GENERATOR !== 'wrk' && GENERATOR !== 'autocannon') {
  throw new Error(`--generator must be wrk or autocannon, not ${GENERATOR}`);
}
const load = (options: LoadOptions) => (GENERATOR === 'wrk' ? runWrk(options) : runLoad(options));

/** Ten product pages (Arabic and English) that the load asks again and again. */
function productPages(p: catalogue.Prepared): string[] {
  const { min } = p.productIds;
  return Array.from({ length: 10 }, (_, i) => `/catalog/main/${min + i}${i % 2 ? '?lang=en' : ''}`);
}

/** Ten catalogue pages (Arabic and English) that the load asks again and again. */
function catalogPages(p: catalogue.Prepared): string[] {
  return p.generated.families
    .slice(0, 5)
    .flatMap((f) => [`/catalog/main?family=${f}`, `/catalog/main?family=${f}&page=2&lang=en`]);
}

const COLD_PAGES = 200;
const COLD_TARGET_MS = 40;

/**
 * Product pages nobody has asked for yet, one at a time (the head, body and carried answers are made
 * from the database): their latency from the first byte sent to the last received.
 */
async function coldPages(url: string, p: catalogue.Prepared, headers: Record<string, string>) {
  const { min, max } = p.productIds;
  const step = Math.max(1, Math.floor((max - min - 20) / COLD_PAGES));
  const times: number[] = [];
  for (let i = 0; i < COLD_PAGES; i++) {
    const path = `/catalog/main/${min + 20 + i * step}${i % 2 ? '?lang=en' : ''}`;
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.ceil(q * times.length) - 1]!;
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1)! };
}

const uncached: { engine: string; p50: number; p95: number; max: number }[] = [];

interface Row {
  engine: string;
  workload: string;
  result: LoadResult;
  /** Each round's req/s over health's in the same round. */
  shares: number[];
  rss: number;
}

/** Rounds of one workload as one result: req/s over all of them, each latency the rounds' median. */
function combine(rounds: LoadResult[]): LoadResult {
  const seconds = rounds.reduce((sum, r) => sum + r.requests / r.rps, 0);
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const statuses: Record<number, number> = {};
  for (const r of rounds)
    for (const [code, n] of Object.entries(r.statuses))
      statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
  return {
    requests,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    statuses,
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    rps: requests / seconds,
  };
}

async function measure(p: catalogue.Prepared): Promise<Row[]> {
  const server = await startProduction(p, SERVER_PATH);
  const rows: Row[] = [];
  try {
    const encoding = { 'accept-encoding': args.encoding };
    const headers = { ...(await catalogue.guestHeaders(server.url)), ...encoding };
    const popular = buildQueries(p.generated).popular;
    const workloads: [string, string[], Record<string, string>][] = [
      ['health', ['/api/health'], encoding],
      ['user auth', ['/api/user/auth'], headers],
      ['cached popular search', popular, headers],
      ['cached product page', productPages(p), encoding],
      ['cached catalogue page', catalogPages(p), encoding],
    ];
    // Fills the caches and warms the JIT: every path is asked, then 5 s of each.
    for (const [, paths, h] of workloads.slice(2)) {
      for (const path of paths) {
        const res = await fetch(`${server.url}${path}`, { headers: h });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
      }
    }
    log(`[${p.engine}] warming up (5 s each); load average ${catalogue.loadAverage()}`);
    for (const [, paths, h] of workloads) {
      await load({
        timeout: 10,
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        duration: 5,
        paths,
      });
    }
    // Round by round, every workload in turn: a spell of the machine running slower or faster falls
    // on all of them alike, and each round's shares compare runs seconds apart.
    const rounds = workloads.map((): LoadResult[] => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [workload, paths, h]] of workloads.entries()) {
        const result = await load({
          timeout: 10,
          url: server.url,
          headers: h,
          connections: CONNECTIONS,
          duration: DURATION / ROUNDS,
          paths,
        });
        rounds[i]!.push(result);
        log(
          `[${p.engine}] round ${round + 1}/${ROUNDS} ${workload}: ${result.rps.toFixed(0)} req/s, ` +
            `p95 ${ms(result.p95)} ms, errors ${result.errors}, non-2xx ${result.non2xx}; ` +
            `load average ${catalogue.loadAverage()}`,
        );
      }
    }
    const rss = rssMb(server.child.pid!);
    for (const [i, [workload]] of workloads.entries()) {
      const shares = rounds[i]!.map((r, round) => r.rps / rounds[0]![round]!.rps);
      rows.push({ engine: p.engine, workload, result: combine(rounds[i]!), shares, rss });
    }
    uncached.push({ engine: p.engine, ...(await coldPages(server.url, p, encoding)) });
  } finally {
    const code = await server.stop();
    if (code !== 0) log(`[${p.engine}] the server exited with code ${code}`);
    for (const [message, n] of server.problems) log(`[${p.engine}] server logged ${n}x: ${message}`);
  }
  return rows;
}

checkBuild(log, SERVER_PATH);
if (GENERATOR === 'wrk' && !(await hasWrk())) {
  log('bench/http hot paths: wrk is not installed (apt-get install wrk), or run with --generator autocannon');
  process.exit(1);
}
log(
  `bench/http hot paths: ${SERVER_PATH}, ${TOTAL} products, ${CONNECTIONS} connections, ${DURATION} s per workload in ${ROUNDS} rounds, ` +
    `Accept-Encoding: ${args.encoding}, load from ${GENERATOR}; ${catalogue.machine()}`,
);
const all = await catalogue.measureEach(engines, TOTAL, log, measure);

/** A workload's req/s over health's: the median of its rounds' shares. */
const ratio = (r: Row) => median(r.shares);
log('');
log(
  markdownTable(
    [
      'engine',
      'workload',
      'req/s',
      'share of health (median of rounds)',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'requests',
      'non-2xx',
      'RSS MB',
    ],
    all.map((r) => [
      r.engine,
      r.workload,
      r.result.rps.toFixed(0),
      `${(ratio(r) * 100).toFixed(0)} %`,
      ms(r.result.p50),
      ms(r.result.p95),
      ms(r.result.p99),
      r.result.requests,
      r.result.non2xx + r.result.errors,
      r.rss,
    ]),
  ),
);
log('');
log(
  markdownTable(
    ['engine', `uncached product pages (${COLD_PAGES}, one at a time)`, 'p50 ms', 'p95 ms', 'max ms'],
    uncached.map((u) => [u.engine, '', ms(u.p50), ms(u.p95), ms(u.max)]),
  ),
);
const coldMissed = uncached.filter((u) => !(u.p95 < COLD_TARGET_MS));
log(
  `\nTarget: an uncached product page's p95 under ${COLD_TARGET_MS} ms on every engine: ` +
    (coldMissed.length === 0 ? 'met.' : `missed on ${coldMissed.map((u) => u.engine).join(', ')}.`),
);
const missed = all.filter((r) => r.workload.startsWith('cached ') && !(ratio(r) >= TARGET));
const failed = all.filter((r) => r.result.errors > 0 || r.result.non2xx > 0);
log(
  `Target: cached popular searches, product pages and catalogue pages at least ${TARGET * 100} % of health's req/s on every engine: ` +
    (missed.length === 0
      ? 'met.'
      : `missed by ${missed.map((r) => `${r.engine} ${r.workload}`).join(', ')}.`),
);
if (failed.length > 0) log(`${failed.length} run(s) had errors or non-2xx answers.`);
if (missed.length > 0 || coldMissed.length > 0 || failed.length > 0) process.exitCode = 1;
