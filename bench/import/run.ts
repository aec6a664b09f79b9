// bench/import: POST /api/upload/all with generated 10 000, 100 000 and 1 000 000-row files, through
// the real HTTP endpoint of a fresh server process, on PGlite and on PostgreSQL, as CSV and as XLSX
// (the same rows in both formats).
//   npx tsx bench/import/run.ts [--engine pglite|postgres|both] [--sizes 10000,100000,1000000]
//   [--formats csv,xlsx] [--timeout-min 15] [--attributes 0]
// With --attributes N the file carries `attr.*` columns for N typed attributes per family, whose
// families, categories and attribute definitions are written to the database before the server starts.
// Prints the preview (dry run) and import times, rows/s, the server's peak RSS and /api/health p95
// while the import runs. On PostgreSQL, beside them, PostgreSQL's own COPY of the same rows into
// identically indexed tables (copy-limit.ts), measured in the same run just before and just after the
// import (their mean), and the ratio of the import to it. A benchmark, never a test: nothing here runs under `npm test`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { adminToken, startServer, type ServerProcess } from './server';
import { scratchData } from '../lib/catalogue-database';
import { markdownTable } from '../lib/table';
import { copyLimitSeconds } from './copy-limit';
import { createFamilies } from './families';
import { generateCsv, generateXlsx } from './generate';
import { uploadFile } from './upload';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '10000,100000,1000000' },
    formats: { type: 'string', default: 'csv,xlsx' },
    'timeout-min': { type: 'string', default: '15' },
    attributes: { type: 'string', default: '0' },
  },
});
const ATTRIBUTES = Number(args.attributes);
if (!Number.isInteger(ATTRIBUTES) || ATTRIBUTES < 0) throw new Error('--attributes must be a whole number');
const engines = (args.engine === 'both' ? ['pglite', 'postgres'] : [args.engine]) as (
  'pglite' | 'postgres'
)[];
const sizes = args.sizes.split(',').map(Number);
const formats = args.formats.split(',') as ('csv' | 'xlsx')[];
const GENERATORS = { csv: generateCsv, xlsx: generateXlsx };
const TIMEOUT_MS = Number(args['timeout-min']) * 60_000;
const log = (s: string) => process.stdout.write(`${s}\n`);

/** kB figures from /proc/<pid>/status: VmHWM is the process's peak resident set so far. */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** Polls /api/health back to back until stopped; the p95 says whether the server stayed responsive. */
function probeHealth(url: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await (await fetch(`${url}/api/health`)).arrayBuffer();
        times.push(performance.now() - started);
      } catch {
        times.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = times.sort((a, b) => a - b);
    return { p95: sorted[Math.ceil(0.95 * sorted.length) - 1] ?? Number.NaN, n: sorted.length };
  };
}

async function timed(server: ServerProcess, url: string, token: string, file: string) {
  const stopProbe = probeHealth(server.url);
  const started = performance.now();
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref(),
  );
  const res = await Promise.race([uploadFile(url, token, file), timeout]);
  const seconds = (performance.now() - started) / 1000;
  const health = await stopProbe();
  if (res.status !== 200)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return { seconds, health, body: res.body as { products: { created: number } } };
}

async function runOne(
  engine: 'pglite' | 'postgres',
  rows: number,
  file: { path: string; format: string; megabytes: number },
): Promise<(string | number)[]> {
  const scratch = await scratchData(engine, 'dalil-bench-import-');
  if (ATTRIBUTES > 0) await createFamilies(scratch.dataDir, scratch.url, ATTRIBUTES);
  const server = await startServer({
    ...scratch.env,
    CSV_MAX_BYTES: String(1024 * 1024 * 1024),
    IMPORT_MAX_ROWS: String(10_000_000),
    LOG_LEVEL: 'info',
  });
  try {
    const pid = server.proc.pid!;
    const token = await adminToken(server.url);
    const idle = procStatus(pid, 'VmRSS');
    const preview = await timed(server, `${server.url}/api/upload/all?dryRun=true`, token, file.path);
    // The same rows by COPY (without attribute columns: those are typed values Dalil parses), right
    // before and right after the import: their mean follows the machine's load during the import.
    const withCopy = engine === 'postgres' && ATTRIBUTES === 0;
    const copyBefore = withCopy ? await copyLimitSeconds(rows) : null;
    const done = await timed(server, `${server.url}/api/upload/all`, token, file.path);
    if (done.body.products.created !== rows)
      throw new Error(`created ${done.body.products.created} of ${rows}`);
    const peak = procStatus(pid, 'VmHWM');
    const copyAfter = withCopy ? await copyLimitSeconds(rows) : null;
    const copy = copyBefore !== null && copyAfter !== null ? (copyBefore + copyAfter) / 2 : null;
    if (copy !== null)
      log(`    COPY before and after the import (s): ${copyBefore!.toFixed(1)}, ${copyAfter!.toFixed(1)}`);
    for (const line of server
      .output()
      .split('\n')
      .filter((l) => l.includes('"CSV import"'))) {
      const entry = JSON.parse(line) as { dryRun: boolean; timings: Record<string, number> };
      log(`    ${entry.dryRun ? 'preview' : 'import '} phases (ms): ${JSON.stringify(entry.timings)}`);
    }
    return [
      engine,
      file.format,
      ATTRIBUTES,
      rows.toLocaleString('en'),
      file.megabytes.toFixed(1),
      preview.seconds.toFixed(1),
      done.seconds.toFixed(1),
      copy === null ? '-' : copy.toFixed(1),
      copy === null ? '-' : (done.seconds / copy).toFixed(2),
      Math.round(rows / done.seconds).toLocaleString('en'),
      Math.round(idle),
      Math.round(peak),
      Math.max(preview.health.p95, done.health.p95).toFixed(1),
      os.loadavg()[0]!.toFixed(1),
    ];
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    await scratch.remove();
  }
}

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-csv-'));
  const header = [
    'engine',
    'format',
    'attributes',
    'rows',
    'file MB',
    'preview s',
    'import s',
    'COPY s',
    'ratio',
    'rows/s',
    'idle RSS MB',
    'peak RSS MB',
    'health p95 ms',
    'load avg',
  ];
  const results: (string | number)[][] = [];
  const notes: string[] = [];
  try {
    for (const rows of sizes) {
      for (const format of formats) {
        const path = join(dir, `all-${rows}.${format}`);
        const megabytes = (await GENERATORS[format](path, rows, ATTRIBUTES)) / 1024 / 1024;
        log(`generated ${rows} rows as ${format} (${megabytes.toFixed(1)} MB)`);
        for (const engine of engines) {
          try {
            const row = await runOne(engine, rows, { path, format, megabytes });
            results.push(row);
            log(`  ${row.join(' | ')}`);
          } catch (err) {
            const note = `${engine} ${format} ${rows}: ${(err as Error).message.slice(0, 300)}`;
            notes.push(note);
            log(`  skipped: ${note}`);
          }
        }
        rmSync(path, { force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log(`\n${markdownTable(header, results)}`);
  for (const n of notes) log(`\nnote: ${n}`);
  log(`\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
}

await main();
