// bench/http metrics: what GET /metrics costs a busy server. The production build answers the same
// requests with metrics off and with METRICS_TOKEN set (every answer then timed into the request
// histogram, and /metrics scraped every --scrape seconds while the load runs, as Prometheus would),
// in alternating rounds so that other work on the machine weighs on both alike. Workloads:
//   /api/health            the cheapest answer: the per-request cost shows most here;
//   cached popular search  the catalogue's hot path (guard, cache hit, compressed page).
// Target: at most 3 % fewer requests per second with metrics on (median of the rounds).
//   npm run build -w @dalil/server && npm run bench:http:metrics -- [--engine pglite|postgres|both]
//   [--products 10000] [--connections 16] [--duration 10] [--rounds 3] [--scrape 5]
// A benchmark, never a test: nothing here runs under `npm test`.
import os from 'node:os';
import * as catalogue from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';
import { buildQueries } from '../search/queries';
import { httpLoad, type HttpLoadResult } from './load';
import { checkBuild, startProduction } from './server';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  connections: { type: 'string', default: '16' },
  duration: { type: 'string', default: '10' },
  rounds: { type: 'string', default: '3' },
  scrape: { type: 'string', default: '5' },
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
  result: HttpLoadResult;
}

async function round(p: catalogue.Prepared, mode: Mode, n: number): Promise<Run[]> {
  const server = await startProduction(p, undefined, mode === 'on' ? { METRICS_TOKEN: TOKEN } : {});
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
      await httpLoad({ url: server.url, headers: h, connections: CONNECTIONS, duration: 3, paths });
    }
    for (const [workload, paths, h] of workloads) {
      const result = await httpLoad({
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        duration: DURATION,
        paths,
      });
      runs.push({ engine: p.engine, workload, mode, result });
      log(
        `[${p.engine}] round ${n} metrics ${mode}: ${workload} ${result.rps.toFixed(0)} req/s, ` +
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

checkBuild(log);
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
    if (change < -TARGET) missed++;
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
      ms(median(of('off').map((r) => r.result.p95))),
      ms(median(of('on').map((r) => r.result.p95))),
    ]);
  }
}
log('');
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
      'p95 ms off',
      'p95 ms on',
    ],
    rows,
  ),
);
log(
  `\nTarget: at most ${TARGET * 100} % fewer req/s with metrics on: ` +
    (missed === 0 ? 'met.' : `missed in ${missed} row(s).`),
);
if (missed > 0) process.exitCode = 1;
