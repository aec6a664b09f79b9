// bench/http/bulk.ts: POST /api/product/bulk with 1,000 upserts a request against the production build,
// on a generated catalogue, on each engine. Requests go one after another, as an ERP's nightly sync
// sends them: odd requests create 1,000 new products (matched by a code no product has yet), even ones
// update the 1,000 the request before created (a new cost and English name). Each request is one change
// set. Prints the p50 and p95 of each kind and the products written a second.
//   npm run bench:http:bulk -- [--engine pglite|postgres|both] [--products 10000] [--requests 20]
// Run `npm run build` first. A benchmark, never a test: nothing here runs under `npm test`.
import type { BulkResponse } from '@dalil/contracts/product-bulk';
import { args, loadAverage, machine, measureEach, type Prepared } from '../lib/catalogue-database';
import { BENCH_ADMIN_PASSWORD } from '../lib/config';
import { markdownTable, ms } from '../lib/table';
import { checkBuild, startProduction } from './server';

const { args: options, engines, products } = args({ requests: { type: 'string', default: '20' } });
const REQUESTS = Number(options.requests);
const PER_REQUEST = 1000;
const log = (s: string) => process.stdout.write(`${s}\n`);

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil(p * xs.length) - 1] ?? Number.NaN;

/** A product code no generated product has: 9, the request's pair number and the row, as digits. */
const code = (pair: number, row: number) =>
  `9${String(pair).padStart(4, '0')}${String(row).padStart(4, '0')}`;

async function measure(p: Prepared): Promise<(string | number)[][]> {
  const server = await startProduction(p);
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const read = async <T>(path: string) =>
      (await (await fetch(`${server.url}${path}`, { headers })).json()) as T;
    const family = (await read<{ data: { id: number }[] }>('/api/family?limit=1')).data[0]!.id;
    const category = (await read<{ data: { id: number }[] }>(`/api/category?family=${family}&limit=1`))
      .data[0]!.id;
    const times = { create: [] as number[], update: [] as number[] };
    for (let r = 0; r < REQUESTS; r++) {
      const pair = Math.floor(r / 2);
      const kind = r % 2 === 0 ? 'create' : 'update';
      const operations = Array.from({ length: PER_REQUEST }, (_, i) => ({
        op: 'upsert',
        match: { family, number: code(pair, i) },
        data: {
          nameEn: `Bulk bench ${pair}-${i}${kind === 'update' ? ' (new)' : ''}`,
          nameAr: `منتج الحزمة ${pair}-${i}`,
          category,
          cost: kind === 'update' ? 12.5 : 10,
        },
      }));
      const started = performance.now();
      const res = await fetch(`${server.url}/api/product/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ mode: 'all-or-nothing', operations }),
      });
      const elapsed = performance.now() - started;
      const body = (await res.json()) as BulkResponse;
      const expected = kind === 'create' ? 201 : 200;
      if (res.status !== 200 || body.results.some((x) => x.status !== expected))
        throw new Error(`${kind} request ${r} answered ${res.status}: ${JSON.stringify(body).slice(0, 400)}`);
      times[kind].push(elapsed);
    }
    for (const [problem, n] of server.problems) log(`  [server] ${n} x ${problem}`);
    return (['create', 'update'] as const).map((kind) => [
      p.engine,
      kind,
      products.toLocaleString('en'),
      times[kind].length,
      ms(percentile(times[kind], 0.5)),
      ms(percentile(times[kind], 0.95)),
      Math.round((PER_REQUEST * times[kind].length) / (times[kind].reduce((a, b) => a + b, 0) / 1000)),
    ]);
  } finally {
    await server.stop();
  }
}

checkBuild(log);
log(machine());
const rows = await measureEach(engines, products, log, measure);
log(
  `\n${REQUESTS} bulk requests of ${PER_REQUEST} upserts each, one after another (all-or-nothing)\n\n` +
    markdownTable(['engine', 'upserts', 'catalogue', 'requests', 'p50 ms', 'p95 ms', 'products/s'], rows),
);
log(`\nload average at the end: ${loadAverage()}`);
