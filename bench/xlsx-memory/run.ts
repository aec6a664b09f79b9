// bench/xlsx-memory: hostile and heavy workbooks against a real server process (PGlite in a fresh
// DATA_DIR): a 42-million-string shared-strings bomb once and eight at once, and a workbook of 100 000
// shared strings eight at once. While each runs, /api/health is asked every 50 ms and the server's
// resident memory read every 50 ms. Prints one table: the answers' statuses, health p50/p95/max,
// peak RSS, and whether the server still answers afterwards. Run: npm run bench:xlsx-memory
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stringsWorkbook } from '../../apps/server/src/modules/imports/xlsx-strings-workbook.test-kit';
import { adminToken, startServer } from '../import/server';
import { markdownTable, ms } from '../lib/table';

const PROBE_MS = 50;
const HEADER = [
  'familyNameEn',
  'familyNameAr',
  'categoryNameEn',
  'categoryNameAr',
  'productNameEn',
  'productNameAr',
  'productBarcode',
];
const ROW = ['Bench Co', 'شركة', 'Cat', 'فئة', 'Item', 'صنف', '6281000009001'];

/** The server's resident memory in MB, from /proc (0 where there is none). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function post(url: string, token: string, file: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  const res = await fetch(`${url}/api/upload/all?dryRun=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

async function scenario(url: string, pid: number, token: string, file: Buffer, copies: number) {
  let running = true;
  const latencies: number[] = [];
  let healthFailures = 0;
  let peak = rssMb(pid);
  const probe = (async () => {
    while (running) {
      const start = performance.now();
      try {
        const res = await fetch(`${url}/api/health`);
        await res.arrayBuffer();
        if (res.status !== 200) healthFailures++;
      } catch {
        healthFailures++;
      }
      latencies.push(performance.now() - start);
      await sleep(PROBE_MS);
    }
  })();
  const memory = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(PROBE_MS);
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: copies }, () => post(url, token, file).catch(() => 0)),
  );
  const seconds = (performance.now() - started) / 1000;
  await sleep(500); // a last look at memory and health after the answers
  running = false;
  await Promise.all([probe, memory]);
  const alive = await fetch(`${url}/api/health`).then(
    (r) => r.status === 200,
    () => false,
  );
  const sorted = latencies.sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return {
    statuses: [...counts].map(([s, n]) => `${n}x ${s || 'failed'}`).join(', '),
    seconds: seconds.toFixed(1),
    p50: ms(percentile(sorted, 50)),
    p95: ms(percentile(sorted, 95)),
    max: ms(sorted.at(-1) ?? Number.NaN),
    healthFailures,
    peak: Math.round(peak),
    alive: alive ? 'yes' : 'NO',
  };
}

async function main() {
  const bomb = stringsWorkbook(42_000_000, [HEADER]);
  const heavy = stringsWorkbook(100_000, [HEADER, ROW]);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-xlsx-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const pid = server.proc.pid!;
  try {
    const token = await adminToken(server.url);
    await sleep(1000);
    const idle = Math.round(rssMb(pid));
    const runs: [string, Buffer, number][] = [
      [`42M shared strings (${(bomb.length / 1024 / 1024).toFixed(1)} MB file), 1 upload`, bomb, 1],
      ['42M shared strings, 8 at once', bomb, 8],
      [`100k shared strings (${(heavy.length / 1024).toFixed(0)} kB file), 8 at once`, heavy, 8],
    ];
    const rows: (string | number)[][] = [];
    for (const [name, file, copies] of runs) {
      const r = await scenario(server.url, pid, token, file, copies);
      rows.push([name, r.statuses, r.seconds, r.p50, r.p95, r.max, r.healthFailures, r.peak, r.alive]);
    }
    console.log(`\nserver RSS when idle: ${idle} MB; IMPORT_CONCURRENCY at its default (2)\n`);
    console.log(
      markdownTable(
        [
          'scenario',
          'answers',
          'wall s',
          'health p50 ms',
          'health p95 ms',
          'health max ms',
          'health failures',
          'peak RSS MB',
          'alive after',
        ],
        rows,
      ),
    );
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
