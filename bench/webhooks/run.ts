// bench/webhooks: what webhooks cost and how soon they arrive. A fresh server process per run imports a
// generated catalogue, then product updates go through the real HTTP API (several at once, the way an
// ERP sync would send them), once with no subscription and once with three subscriptions to
// `product.updated` that point at a receiver in a process of its own (receiver.ts). Measured: the update p50/p95 on both
// sides, the delivery lag from the event's timestamp (written in the change's own transaction, just
// before its commit) to its arrival at the receiver, and deliveries a second.
//   npx tsx bench/webhooks/run.ts [--engine pglite|postgres|both] [--updates 10000] [--products 2000]
//   [--concurrency 4] [--rounds 1] [--receiver-nice 19]
// The receiver stands for another system, which in use runs on another machine: here it shares this
// machine's cores, at nice 19 by default so that it takes the CPU the server leaves idle instead of
// delaying the server's own threads (`--receiver-nice 0` makes it an equal, as in earlier runs).
// A benchmark, never a test: nothing here runs under `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { generateCsv } from '../import/generate';
import { adminToken, startServer } from '../import/server';
import { uploadFile } from '../import/upload';
import { args, loadAverage, scratchData, type Engine } from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';
import type { ReceiverReport } from './receiver';

// --products is the catalogue imported first (small: the updates are what is measured).
const {
  args: options,
  engines,
  products: ROWS,
} = args({
  products: { type: 'string', default: '2000' },
  updates: { type: 'string', default: '10000' },
  concurrency: { type: 'string', default: '4' },
  rounds: { type: 'string', default: '1' },
  'receiver-nice': { type: 'string', default: '19' },
});
const UPDATES = Number(options.updates);
const CONCURRENCY = Number(options.concurrency);
const ROUNDS = Number(options.rounds);
const RECEIVER_NICE = Number(options['receiver-nice']);
const SUBSCRIPTIONS = 3;
/** How long deliveries may trail the last update before the run counts as failed. */
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const log = (s: string) => process.stdout.write(`${s}\n`);

const percentile = (sorted: number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1] ?? NaN;

/** The receiver in its own process (receiver.ts), so that the updates' client does not also serve it. */
class Receiver {
  // Started through nice(1), so that all the receiver's threads run at its nice value.
  private child: ChildProcess = fork(join(import.meta.dirname, 'receiver.ts'), {
    execPath: 'nice',
    execArgv: ['-n', String(RECEIVER_NICE), process.execPath, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  private ask<T>(question: 'count' | 'report' | null): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (answer) => resolve(answer as T));
      if (question) this.child.send(question);
    });
  }

  async start(): Promise<string> {
    return (await this.ask<{ url: string }>(null)).url;
  }

  async received(): Promise<number> {
    return (await this.ask<{ received: number }>('count')).received;
  }

  report(): Promise<ReceiverReport> {
    return this.ask<ReceiverReport>('report');
  }

  stop(): void {
    this.child.disconnect();
  }
}

interface Measured {
  updateP50: number;
  updateP95: number;
  lagP50: number;
  lagP95: number;
  perSecond: number;
  delivered: number;
}

/** `UPDATES` whole-product PUTs, `CONCURRENCY` at a time, each renaming one product. */
async function timeUpdates(url: string, token: string): Promise<{ times: number[]; started: number }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const page = (await (await fetch(`${url}/api/product?limit=500&skip=0`, { headers })).json()) as {
    data: Record<string, unknown>[];
  };
  const times: number[] = [];
  const started = Date.now();
  // Each worker keeps to its own products, so two updates of one product never race.
  const worker = async (_: unknown, w: number) => {
    const own = page.data.filter((_p, k) => k % CONCURRENCY === w);
    for (let i = w, n = 0; i < UPDATES; i += CONCURRENCY, n++) {
      const { id, ...product } = own[n % own.length]!;
      const t = performance.now();
      const res = await fetch(`${url}/api/product/${String(id)}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...product, nameEn: `Renamed ${i}` }),
      });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`update answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { times: times.sort((a, b) => a - b), started };
}

async function measure(engine: Engine, subscriptions: number, file: string): Promise<Measured> {
  const receiver = new Receiver();
  const receiverUrl = await receiver.start();
  const scratch = await scratchData(engine, 'dalil-bench-webhooks-');
  const server = await startServer({
    ...scratch.env,
    CSV_MAX_BYTES: String(1024 * 1024 * 1024),
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  try {
    const token = await adminToken(server.url);
    const res = await uploadFile(`${server.url}/api/upload/all`, token, file);
    if (res.status !== 200) throw new Error(`import answered ${res.status}`);
    for (let s = 1; s <= subscriptions; s++) {
      const created = await fetch(`${server.url}/api/webhook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiverUrl}/s${s}`, events: ['product.updated'] }),
      });
      if (created.status !== 201)
        throw new Error(`webhook create answered ${created.status}: ${await created.text()}`);
    }
    const { times, started } = await timeUpdates(server.url, token);
    const expected = UPDATES * subscriptions;
    const deadline = performance.now() + DRAIN_TIMEOUT_MS;
    while ((await receiver.received()) < expected && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const got = await receiver.report();
    if (got.received < expected) {
      throw new Error(
        `${got.received} of ${expected} deliveries arrived within ${DRAIN_TIMEOUT_MS / 1000} s`,
      );
    }
    if (got.distinctIds !== expected) {
      throw new Error(`${got.received} deliveries carried ${got.distinctIds} distinct webhook-ids`);
    }
    const lags = got.lags.sort((a, b) => a - b);
    return {
      updateP50: percentile(times, 0.5),
      updateP95: percentile(times, 0.95),
      lagP50: percentile(lags, 0.5),
      lagP95: percentile(lags, 0.95),
      perSecond: subscriptions ? expected / ((got.lastArrival - started) / 1000) : NaN,
      delivered: got.received,
    };
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    await scratch.remove();
    receiver.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const extra = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)}%`;

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-webhooks-csv-'));
  const file = join(dir, `all-${ROWS}.csv`);
  const rows: (string | number)[][] = [];
  try {
    await generateCsv(file, ROWS);
    for (const engine of engines) {
      const runs = new Map<number, Measured[]>([
        [0, []],
        [SUBSCRIPTIONS, []],
      ]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const subscriptions of [0, SUBSCRIPTIONS]) {
          const m = await measure(engine, subscriptions, file);
          runs.get(subscriptions)!.push(m);
          log(
            `${engine}, ${subscriptions} subscriptions: update p50 ${ms(m.updateP50)} ms p95 ${ms(m.updateP95)} ms, ` +
              `lag p50 ${ms(m.lagP50)} ms p95 ${ms(m.lagP95)} ms, ${m.delivered} delivered ` +
              `(${Number.isFinite(m.perSecond) ? m.perSecond.toFixed(0) : '-'}/s; load ${loadAverage()})`,
          );
        }
      }
      const pick = (s: number, k: keyof Measured) => median(runs.get(s)!.map((m) => m[k]));
      for (const s of [0, SUBSCRIPTIONS]) {
        rows.push([
          engine,
          s,
          ms(pick(s, 'updateP50')),
          ms(pick(s, 'updateP95')),
          s ? ms(pick(s, 'lagP50')) : '-',
          s ? ms(pick(s, 'lagP95')) : '-',
          s ? pick(s, 'perSecond').toFixed(0) : '-',
        ]);
      }
      rows.push([
        engine,
        'overhead',
        extra(pick(SUBSCRIPTIONS, 'updateP50'), pick(0, 'updateP50')),
        extra(pick(SUBSCRIPTIONS, 'updateP95'), pick(0, 'updateP95')),
        '',
        '',
        '',
      ]);
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
    `\n${UPDATES.toLocaleString('en')} product updates, ${CONCURRENCY} at a time, over ${ROWS.toLocaleString('en')} ` +
      `products; median of ${ROUNDS} round(s) per side; the receiver at nice ${RECEIVER_NICE}\n`,
  );
  log(markdownTable(header, rows));
  log(`\nload average at the end: ${loadAverage()}; ${os.cpus().length} cores, Node ${process.version}`);
}

await main();
