// bench/webhooks: what webhooks cost and how soon they arrive. A fresh server process per engine imports
// a generated catalogue and gets three subscriptions to `product.updated` that point at a receiver in a
// process of its own (receiver.ts); then product updates go through the real HTTP API (several at
// once, the way an ERP sync would send them) in blocks that alternate between the subscriptions off
// and on (turned off and on through the API, as an admin would), each side `--updates` in all. The two
// sides share one server, database and warm-up, and alternate in short blocks (ABBA order), so a
// machine that slows down or speeds up over the run weighs on both alike. After a block with the
// subscriptions on, the next waits until its deliveries have all arrived. Measured: the update p50/p95
// of each side, the delivery lag from the event's timestamp (written in the change's own transaction,
// just before its commit) to its arrival at the receiver, and deliveries a second.
//   npx tsx bench/webhooks/run.ts [--engine pglite|postgres|both] [--updates 10000] [--products 2000]
//   [--concurrency 4] [--blocks 10] [--warmup 400] [--receiver-nice 19]
// The receiver stands for another system, which in use runs on another machine: here it shares this
// machine's cores, at nice 19 by default so that it takes the CPU the server leaves idle instead of
// delaying the server's own threads (`--receiver-nice 0` makes it an equal, as in earlier runs).
// Where the cores went (Linux): the CPU time per update of each part, the server's main thread, its
// sender thread, its other threads (V8's collector, libuv), the database (PGlite's thread or
// PostgreSQL's processes), the receiver and this process (the updates' client), summed over each
// side's blocks; an on block's count runs until its deliveries have arrived.
// A benchmark, never a test: nothing here runs under `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { DATABASE_THREAD_NAME } from '../../apps/server/src/db/worker-client';
import { SENDER_THREAD_NAME } from '../../apps/server/src/modules/webhooks/webhook-sender';
import { generateCsv } from '../import/generate';
import { adminToken, startServer } from '../import/server';
import { uploadFile } from '../import/upload';
import { args, loadAverage, scratchData, type Engine } from '../lib/catalogue-database';
import { canReadProc, cpuMs, processesNamed, threadsOf } from '../../apps/server/test/proc-stat';
import { markdownTable, ms } from '../lib/table';
import { Receiver } from './receiver-process';

// --products is the catalogue imported first (small: the updates are what is measured).
const {
  args: options,
  engines,
  products: ROWS,
} = args({
  products: { type: 'string', default: '2000' },
  updates: { type: 'string', default: '10000' },
  concurrency: { type: 'string', default: '4' },
  blocks: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '400' },
  'receiver-nice': { type: 'string', default: '19' },
});
const UPDATES = Number(options.updates);
const CONCURRENCY = Number(options.concurrency);
const BLOCKS = Number(options.blocks);
const WARMUP = Number(options.warmup);
const RECEIVER_NICE = Number(options['receiver-nice']);
const SUBSCRIPTIONS = 3;
/** How long deliveries may trail the last update before the run counts as failed. */
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const log = (s: string) => process.stdout.write(`${s}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1] ?? NaN;

const PARTS = [
  'server: main thread',
  'server: sender thread',
  'server: other threads',
  'database',
  'receiver',
  'updates client',
] as const;
type Part = (typeof PARTS)[number];
type Cpu = Record<Part, number>;

/**
 * Each thread's and process's CPU time so far, in ms, with the part it belongs to (see the header),
 * keyed by its id: a connection PostgreSQL closes, or a thread that ends, between two readings must
 * not take its whole life's time off the part's.
 */
type CpuReading = Map<string, { part: Part; ms: number }>;

function readCpu(serverPid: number, receiverPid: number): CpuReading {
  const reading: CpuReading = new Map();
  for (const t of threadsOf(serverPid)) {
    const part: Part =
      t.tid === serverPid
        ? 'server: main thread'
        : t.comm === SENDER_THREAD_NAME
          ? 'server: sender thread'
          : t.comm === DATABASE_THREAD_NAME
            ? 'database'
            : 'server: other threads';
    reading.set(`thread ${t.tid}`, { part, ms: t.ms });
  }
  // PGlite's thread in the server, or PostgreSQL's processes: only one of the two is at work.
  for (const p of processesNamed('postgres')) reading.set(`process ${p.pid}`, { part: 'database', ms: p.ms });
  reading.set('receiver', { part: 'receiver', ms: cpuMs(receiverPid) });
  reading.set('client', { part: 'updates client', ms: cpuMs(process.pid) });
  return reading;
}

/** CPU time spent by each part between two readings, added to `into`. */
function addCpu(into: Cpu, before: CpuReading, after: CpuReading) {
  for (const [id, { part, ms }] of after) into[part] += ms - (before.get(id)?.ms ?? 0);
}

const noCpu = (): Cpu => Object.fromEntries(PARTS.map((p) => [p, 0])) as Cpu;

interface Measured {
  /** Each part's CPU time per update, in ms; null without /proc. */
  cpu: Cpu | null;
  updateP50: number;
  updateP95: number;
  lagP50: number;
  lagP95: number;
  perSecond: number;
}

interface Api {
  url: string;
  headers: Record<string, string>;
}

/**
 * `count` whole-product PUTs, `CONCURRENCY` at a time, each renaming one product; `from` numbers the
 * names on from earlier blocks. Each worker keeps to its own products, so two updates of one product
 * never race.
 */
async function timeUpdates(api: Api, products: Record<string, unknown>[], from: number, count: number) {
  const times: number[] = [];
  const worker = async (_: unknown, w: number) => {
    const own = products.filter((_p, k) => k % CONCURRENCY === w);
    for (let i = w, n = 0; i < count; i += CONCURRENCY, n++) {
      const { id, ...product } = own[(Math.floor(from / CONCURRENCY) + n) % own.length]!;
      const t = performance.now();
      const res = await fetch(`${api.url}/api/product/${String(id)}`, {
        method: 'PUT',
        headers: api.headers,
        body: JSON.stringify({ ...product, nameEn: `Renamed ${from + i}` }),
      });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`update answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

/** Turns every subscription off or on through the API. */
async function switchSubscriptions(api: Api, ids: number[], enabled: boolean) {
  for (const id of ids) {
    const res = await fetch(`${api.url}/api/webhook/${id}`, {
      method: 'PATCH',
      headers: api.headers,
      body: JSON.stringify({ enabled }),
    });
    if (res.status !== 200) throw new Error(`webhook switch answered ${res.status}`);
  }
}

/** Waits until the receiver has had `expected` deliveries. */
async function drain(receiver: Receiver, expected: number) {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while ((await receiver.received()) < expected) {
    if (performance.now() > deadline)
      throw new Error(`deliveries did not reach ${expected} within ${DRAIN_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sortedCopy = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The p50 and p95 of some times. */
function middleAndTail(xs: number[]) {
  const sorted = sortedCopy(xs);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

async function measure(engine: Engine, file: string): Promise<Map<number, Measured>> {
  const receiver = new Receiver(RECEIVER_NICE);
  const receiverUrl = await receiver.start();
  const scratch = await scratchData(engine, 'dalil-bench-webhooks-');
  const server = await startServer({
    ...scratch.env,
    CSV_MAX_BYTES: String(1024 * 1024 * 1024),
    IMPORT_MAX_ROWS: String(10_000_000),
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  try {
    const token = await adminToken(server.url);
    const api: Api = {
      url: server.url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    };
    const res = await uploadFile(`${server.url}/api/upload/all`, token, file);
    if (res.status !== 200) throw new Error(`import answered ${res.status}`);
    const ids: number[] = [];
    for (let s = 1; s <= SUBSCRIPTIONS; s++) {
      const created = await fetch(`${server.url}/api/webhook`, {
        method: 'POST',
        headers: api.headers,
        body: JSON.stringify({ url: `${receiverUrl}/s${s}`, events: ['product.updated'] }),
      });
      if (created.status !== 201)
        throw new Error(`webhook create answered ${created.status}: ${await created.text()}`);
      ids.push(((await created.json()) as { id: number }).id);
    }
    const page = (await (
      await fetch(`${server.url}/api/product?limit=500&skip=0`, { headers: api.headers })
    ).json()) as { data: Record<string, unknown>[] };

    // Warm-up, not counted: the JIT, the caches and the connections, with the subscriptions on.
    let written = 0;
    let expected = 0;
    await timeUpdates(api, page.data, written, WARMUP);
    written += WARMUP;
    expected += WARMUP * SUBSCRIPTIONS;
    await drain(receiver, expected);
    const warmupDeliveries = expected;

    const times = new Map<number, number[]>([
      [0, []],
      [SUBSCRIPTIONS, []],
    ]);
    let deliveringMs = 0;
    const cpu = new Map<number, Cpu>([
      [0, noCpu()],
      [SUBSCRIPTIONS, noCpu()],
    ]);
    const withCpu = canReadProc();
    const perBlock = Math.ceil(UPDATES / BLOCKS);
    let on = true;
    for (let block = 0; block < 2 * BLOCKS; block++) {
      // ABBA: off, on, on, off, off, on, ...
      const wantOn = Math.floor((block + 1) / 2) % 2 === 1;
      if (wantOn !== on) await switchSubscriptions(api, ids, wantOn);
      on = wantOn;
      const started = performance.now();
      const cpuBefore = withCpu ? readCpu(server.proc.pid!, receiver.pid) : null;
      const blockTimes = await timeUpdates(api, page.data, written, perBlock);
      written += perBlock;
      if (on) {
        expected += perBlock * SUBSCRIPTIONS;
        await drain(receiver, expected);
        deliveringMs += performance.now() - started;
      }
      times.get(on ? SUBSCRIPTIONS : 0)!.push(...blockTimes);
      if (cpuBefore)
        addCpu(cpu.get(on ? SUBSCRIPTIONS : 0)!, cpuBefore, readCpu(server.proc.pid!, receiver.pid));
      const { p50, p95 } = middleAndTail(blockTimes);
      log(
        `  ${engine} block ${block + 1}/${2 * BLOCKS}, subscriptions ${on ? 'on ' : 'off'}: ` +
          `update p50 ${ms(p50)} ms p95 ${ms(p95)} ms (load ${loadAverage()})`,
      );
    }

    const got = await receiver.report();
    if (got.received !== expected) throw new Error(`${got.received} deliveries arrived, ${expected} sent`);
    if (got.distinctIds !== expected) {
      throw new Error(`${got.received} deliveries carried ${got.distinctIds} distinct webhook-ids`);
    }
    // Arrivals are in order: the warm-up's come first.
    const lags = got.lags.slice(warmupDeliveries);
    const lag = middleAndTail(lags);
    const result = new Map<number, Measured>();
    for (const [subscriptions, all] of times) {
      const update = middleAndTail(all);
      const spent = cpu.get(subscriptions)!;
      result.set(subscriptions, {
        cpu: withCpu ? (Object.fromEntries(PARTS.map((p) => [p, spent[p] / all.length])) as Cpu) : null,
        updateP50: update.p50,
        updateP95: update.p95,
        lagP50: subscriptions ? lag.p50 : NaN,
        lagP95: subscriptions ? lag.p95 : NaN,
        perSecond: subscriptions ? lags.length / (deliveringMs / 1000) : NaN,
      });
    }
    return result;
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    await scratch.remove();
    receiver.stop();
  }
}

/** A table's rows of CPU per update by part, and their total, with and without subscriptions. */
function cpuTable(engine: Engine, none: Cpu, three: Cpu): (string | number)[][] {
  const total = (cpu: Cpu) => PARTS.reduce((sum, p) => sum + cpu[p], 0);
  const all = total(none);
  const row = (part: string, off: number, on: number) => [
    engine,
    part,
    off.toFixed(2),
    on.toFixed(2),
    (on - off).toFixed(2),
    `${(((on - off) / all) * 100).toFixed(1)}%`,
  ];
  return [...PARTS.map((p) => row(p, none[p], three[p])), row('all', all, total(three))];
}

const extra = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)}%`;

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-webhooks-csv-'));
  const file = join(dir, `all-${ROWS}.csv`);
  const rows: (string | number)[][] = [];
  const cpuRows: (string | number)[][] = [];
  try {
    await generateCsv(file, ROWS);
    for (const engine of engines) {
      const measured = await measure(engine, file);
      for (const s of [0, SUBSCRIPTIONS]) {
        const m = measured.get(s)!;
        rows.push([
          engine,
          s,
          ms(m.updateP50),
          ms(m.updateP95),
          s ? ms(m.lagP50) : '-',
          s ? ms(m.lagP95) : '-',
          s ? m.perSecond.toFixed(0) : '-',
        ]);
      }
      const none = measured.get(0)!;
      const three = measured.get(SUBSCRIPTIONS)!;
      rows.push([
        engine,
        'overhead',
        extra(three.updateP50, none.updateP50),
        extra(three.updateP95, none.updateP95),
        '',
        '',
        '',
      ]);
      if (none.cpu && three.cpu) cpuRows.push(...cpuTable(engine, none.cpu, three.cpu));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const header = [
    'engine',
    'subscriptions',
    'update p50 ms',
    'update p95 ms',
    'lag p50 ms',
    'lag p95 ms',
    'deliveries/s',
  ];
  log(
    `\n${UPDATES.toLocaleString('en')} product updates a side, ${CONCURRENCY} at a time, over ` +
      `${ROWS.toLocaleString('en')} products, in ${BLOCKS} blocks a side after ${WARMUP} not counted; ` +
      `the receiver at nice ${RECEIVER_NICE}\n`,
  );
  log(markdownTable(header, rows));
  if (cpuRows.length > 0) {
    log(`\nCPU time per update, ms (each part's, over each side's blocks; % of all CPU with none)\n`);
    log(
      markdownTable(
        ['engine', 'part', `${0} subscriptions`, `${SUBSCRIPTIONS} subscriptions`, 'difference', '% of all'],
        cpuRows,
      ),
    );
  }
  log(`\nload average at the end: ${loadAverage()}; ${os.cpus().length} cores, Node ${process.version}`);
}

await main();
