// bench/webhooks/import.ts: what announcing every imported product costs an import, and how soon the
// last of those events reaches its subscribers. Each run is a fresh server process on a fresh database
// importing the same generated "all" file through POST /api/upload/all: with no subscription, or with
// three subscriptions to `product.created` pointing at a receiver in a process of its own
// (receiver.ts). The runs alternate none, three, three, none (ABBA, `--pairs` times), so a machine
// that slows down over the run weighs on both sides alike. Measured: each import's time, the mean of
// each side and their ratio, and for the runs with subscriptions the time from the import's answer to
// the last delivery's arrival.
//   npm run bench:webhooks:import -- [--engine postgres|pglite] [--products 100000] [--pairs 1]
// The receiver stands for another system and runs at nice 19 (see run.ts). A benchmark, never a test:
// nothing here runs under `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { generateCsv } from '../import/generate';
import { adminToken, startServer } from '../import/server';
import { uploadFile } from '../import/upload';
import { args, loadAverage, scratchData, type Engine } from '../lib/catalogue-database';
import { markdownTable } from '../lib/table';
import { Receiver } from './receiver-process';

// --products is the imported file's rows; --engine one engine (postgres unless told).
const {
  args: options,
  engines,
  products: ROWS,
} = args({
  pairs: { type: 'string', default: '1' },
});
const ENGINE: Engine = process.argv.includes('--engine') ? engines[0]! : 'postgres';
const PAIRS = Number(options.pairs);
const SUBSCRIPTIONS = 3;
/** How long the last delivery may trail the import before the run counts as failed. */
const DRAIN_TIMEOUT_MS = 20 * 60_000;
const log = (s: string) => process.stdout.write(`${s}\n`);

interface Run {
  subscriptions: number;
  importSeconds: number;
  delivered: number;
  /** Seconds from the import's answer to the last delivery's arrival. */
  lastAfter: number | null;
}

async function runOnce(file: string, subscriptions: number): Promise<Run> {
  const receiver = new Receiver(19);
  const receiverUrl = await receiver.start();
  const scratch = await scratchData(ENGINE, 'dalil-bench-webhook-import-');
  const server = await startServer({
    ...scratch.env,
    CSV_MAX_BYTES: String(1024 * 1024 * 1024),
    IMPORT_MAX_ROWS: String(10_000_000),
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  try {
    const token = await adminToken(server.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (let s = 1; s <= subscriptions; s++) {
      const created = await fetch(`${server.url}/api/webhook`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${receiverUrl}/s${s}`, events: ['product.created'] }),
      });
      if (created.status !== 201)
        throw new Error(`webhook create answered ${created.status}: ${await created.text()}`);
    }
    const started = performance.now();
    const res = await uploadFile(`${server.url}/api/upload/all`, token, file);
    const importSeconds = (performance.now() - started) / 1000;
    const answeredAt = Date.now();
    if (res.status !== 200) throw new Error(`import answered ${res.status}`);
    const created = (res.body as { products: { created: number } }).products.created;
    if (created !== ROWS) throw new Error(`created ${created} of ${ROWS}`);
    if (subscriptions === 0) return { subscriptions, importSeconds, delivered: 0, lastAfter: null };
    const expected = ROWS * subscriptions;
    const deadline = performance.now() + DRAIN_TIMEOUT_MS;
    while ((await receiver.received()) < expected) {
      if (performance.now() > deadline)
        throw new Error(`deliveries did not reach ${expected} within ${DRAIN_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const report = await receiver.report();
    if (report.distinctIds !== report.received)
      throw new Error(`${report.received} deliveries carried ${report.distinctIds} distinct webhook-ids`);
    return {
      subscriptions,
      importSeconds,
      delivered: report.received,
      lastAfter: (report.lastArrival - answeredAt) / 1000,
    };
  } finally {
    receiver.stop();
    server.proc.kill('SIGTERM');
    await server.exited;
    await scratch.remove();
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-webhook-import-'));
  const file = join(dir, `all-${ROWS}.csv`);
  const runs: Run[] = [];
  try {
    await generateCsv(file, ROWS);
    const order = Array.from({ length: PAIRS }, () => [0, SUBSCRIPTIONS, SUBSCRIPTIONS, 0]).flat();
    for (const subscriptions of order) {
      const run = await runOnce(file, subscriptions);
      log(
        `  ${subscriptions} subscriptions: import ${run.importSeconds.toFixed(1)} s` +
          (run.lastAfter === null
            ? ''
            : `, ${run.delivered} deliveries, the last ${run.lastAfter.toFixed(1)} s after the import`),
      );
      runs.push(run);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const side = (n: number) => runs.filter((r) => r.subscriptions === n);
  const none = mean(side(0).map((r) => r.importSeconds));
  const three = mean(side(SUBSCRIPTIONS).map((r) => r.importSeconds));
  const last = Math.max(...side(SUBSCRIPTIONS).map((r) => r.lastAfter!));
  log(
    `\n${ROWS.toLocaleString('en')}-row import on ${ENGINE}, ${side(0).length} runs a side in ABBA order; ` +
      `three subscriptions to product.created\n`,
  );
  log(
    markdownTable(
      ['subscriptions', 'import s (mean)', 'each run s', 'events delivered', 'last event after import s'],
      [
        [
          0,
          none.toFixed(1),
          side(0)
            .map((r) => r.importSeconds.toFixed(1))
            .join(', '),
          '-',
          '-',
        ],
        [
          SUBSCRIPTIONS,
          three.toFixed(1),
          side(SUBSCRIPTIONS)
            .map((r) => r.importSeconds.toFixed(1))
            .join(', '),
          side(SUBSCRIPTIONS)
            .map((r) => r.delivered.toLocaleString('en'))
            .join(', '),
          last.toFixed(1),
        ],
      ],
    ),
  );
  log(`\nimport with three subscriptions / without: ${(three / none).toFixed(2)} (target at most 1.15)`);
  log(`last event within ${last.toFixed(1)} s of the import's end (target 300 s)`);
  log(`load average at the end: ${loadAverage()}; ${os.cpus().length} cores, Node ${process.version}`);
}

await main();
