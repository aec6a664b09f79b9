// bench/http metrics: what GET /metrics costs a busy server. The production build answers the same
// requests with metrics off and with METRICS_TOKEN set (every answer then timed into the request
// histogram, and /metrics scraped every --scrape seconds while the load runs, as Prometheus would),
// in alternating rounds so that other work on the machine weighs on both alike. Workloads:
//   /api/health            the cheapest answer: the per-request cost shows most here;
//   cached popular search  the catalogue's hot path (guard, cache hit, compressed page).
// Target: at most 3 % fewer requests per second with metrics on (median of the rounds).
//   npm run build -w @dalil/server && npm run bench:http:metrics -- [--engine pglite|postgres|both]
//   [--products 10000] [--connections 16] [--duration 6] [--rounds 6] [--scrape 5]
//   [--server path/to/dist/main.js] (another build, an older commit's say, on the same data)
// On a machine other work keeps busy, requests per second swing by a factor of two from one run to
// the next; the server's CPU time per request is reported beside them and is the steadier measure.
// A benchmark, never a test: nothing here runs under `npm test`.
import os from 'node:os';
import { Metrics } from '../../apps/server/src/lib/metrics';
import * as catalogue from '../lib/catalogue-database';
import { cpuMs } from '../../apps/server/test/proc-stat';
import { markdownTable, ms } from '../lib/table';
import { buildQueries } from '../search/queries';
import { median, runLoad, type LoadResult } from '../lib/load';
import { checkBuild, SERVER, startProduction } from './server';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  connections: { type: 'string', default: '16' },
  duration: { type: 'string', default: '6' },
  rounds: { type: 'string', default: '6' },
  scrape: { type: 'string', default: '5' },
  server: { type: 'string', default: SERVER },
});
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const SCRAPE_MS = Number(args.scrape) * 1000;
const TOKEN = 'bench-metrics-token-0123456789abcdef';
const TARGET = 0.03;
const log = (s: string) => process.stdout.write(`${s}\n`);

type Mode = 'off' | 'on';
interface Run {
  engine: string;
  workload: string;
  mode: Mode;
  result: LoadResult;
  /** The server's CPU time per answered request, in microseconds. */
  cpuUs: number;
}

async function round(p: catalogue.Prepared, mode: Mode, n: number): Promise<Run[]> {
  const server = await startProduction(p, args.server, {
    env: mode === 'on' ? { METRICS_TOKEN: TOKEN } : {},
  });
  const runs: Run[] = [];
  let scrapes = 0;
  const scraper =
    mode === 'on'
      ? setInterval(() => {
          void fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
            .then((r) => r.text())
            .then(() => scrapes++);
        }, SCRAPE_MS)
      : null;
  try {
    const encoding = { 'accept-encoding': 'gzip, deflate, br' };
    const headers = { ...(await catalogue.guestHeaders(server.url)), ...encoding };
    const popular = buildQueries(p.generated).popular;
    const workloads: [string, string[], Record<string, string>][] = [
      ['health', ['/api/health'], encoding],
      ['cached popular search', popular, headers],
    ];
    for (const path of popular) {
      const res = await fetch(`${server.url}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
    }
    for (const [, paths, h] of workloads) {
      await runLoad({
        timeout: 10,
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        duration: 3,
        paths,
      });
    }
    for (const [workload, paths, h] of workloads) {
      const cpuBefore = cpuMs(server.child.pid!);
      const result = await runLoad({
        timeout: 10,
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        duration: DURATION,
        paths,
      });
      const cpuUs = ((cpuMs(server.child.pid!) - cpuBefore) * 1000) / result.requests;
      runs.push({ engine: p.engine, workload, mode, result, cpuUs });
      log(
        `[${p.engine}] round ${n} metrics ${mode}: ${workload} ${result.rps.toFixed(0)} req/s, ` +
          `${cpuUs.toFixed(0)} µs CPU/request, ` +
          `p95 ${ms(result.p95)} ms, non-2xx ${result.non2xx + result.errors}; load average ${catalogue.loadAverage()}`,
      );
    }
  } finally {
    if (scraper) clearInterval(scraper);
    if (mode === 'on') log(`[${p.engine}] round ${n}: ${scrapes} scrapes answered`);
    await server.stop();
    for (const [message, count] of server.problems) log(`[${p.engine}] server logged ${count}x: ${message}`);
  }
  return runs;
}

/**
 * What metrics add to each answer, alone: one observation in the request histogram with its three
 * labels, as the server's onResponse hook makes it, timed over many calls in this process.
 */
function observationCostUs(): number {
  const metrics = new Metrics();
  const routes = ['/api/health', '/api/search', '/api/product/:id', '/api/family'];
  const n = 200_000;
  const started = performance.now();
  const recorders = routes.map((route) => metrics.requests.recorder(route));
  for (let i = 0; i < n; i++) recorders[i % recorders.length]!('GET', 200, (i % 50) / 1000);
  return ((performance.now() - started) * 1000) / n;
}

checkBuild(log, args.server);
log(
  `bench/http metrics: ${TOTAL} products, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds, ` +
    `a scrape every ${SCRAPE_MS / 1000} s; Node ${process.version}, ${os.cpus().length} cores ` +
    `(${os.cpus()[0]?.model ?? 'unknown CPU'})`,
);
const all: Run[] = [];
for (const engine of engines) {
  const p = await catalogue.prepare(engine, TOTAL, log);
  try {
    // off, on, on, off, off, on...: neither mode always runs first on a warmer or quieter machine.
    for (let n = 1; n <= ROUNDS; n++) {
      const order: Mode[] = n % 2 ? ['off', 'on'] : ['on', 'off'];
      for (const mode of order) all.push(...(await round(p, mode, n)));
    }
  } finally {
    await p.cleanup();
  }
}

const rows: (string | number)[][] = [];
let missed = 0;
for (const engine of engines) {
  for (const workload of ['health', 'cached popular search']) {
    const of = (mode: Mode) =>
      all.filter((r) => r.engine === engine && r.workload === workload && r.mode === mode);
    const off = median(of('off').map((r) => r.result.rps));
    const on = median(of('on').map((r) => r.result.rps));
    const change = (on - off) / off;
    const cpuOff = median(of('off').map((r) => r.cpuUs));
    const cpuOn = median(of('on').map((r) => r.cpuUs));
    // A saturated server answers (cores / CPU per request) per second: what one request more costs is
    // what the throughput loses, whatever else the machine runs.
    const cpuChange = cpuOff / cpuOn - 1;
    if (change < -TARGET && cpuChange < -TARGET) missed++;
    rows.push([
      engine,
      workload,
      of('off')
        .map((r) => r.result.rps.toFixed(0))
        .join(', '),
      of('on')
        .map((r) => r.result.rps.toFixed(0))
        .join(', '),
      off.toFixed(0),
      on.toFixed(0),
      `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`,
      cpuOff.toFixed(0),
      cpuOn.toFixed(0),
      `${cpuChange >= 0 ? '+' : ''}${(cpuChange * 100).toFixed(1)} %`,
      ms(median(of('off').map((r) => r.result.p95))),
      ms(median(of('on').map((r) => r.result.p95))),
    ]);
  }
}
const observation = observationCostUs();
log('');
log(
  `One request histogram observation costs ${observation.toFixed(2)} µs (timed in this process); ` +
    `the median health request took ${median(all.filter((r) => r.workload === 'health' && r.mode === 'off').map((r) => r.cpuUs)).toFixed(0)} µs of server CPU with metrics off.`,
);
log(
  markdownTable(
    [
      'engine',
      'workload',
      'req/s off (rounds)',
      'req/s on (rounds)',
      'median off',
      'median on',
      'change',
      'CPU µs/req off',
      'CPU µs/req on',
      'req/s change from CPU',
      'p95 ms off',
      'p95 ms on',
    ],
    rows,
  ),
);
log(
  `\nTarget: at most ${TARGET * 100} % fewer req/s with metrics on, measured or as the server's CPU ` +
    `per request predicts (the steadier of the two on a busy machine; load average now ${catalogue.loadAverage()}): ` +
    (missed === 0 ? 'met.' : `missed in ${missed} row(s).`),
);
if (missed > 0) process.exitCode = 1;
