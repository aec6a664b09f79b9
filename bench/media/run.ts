// bench/media: bulk image import of generated 1600x1600 photo-like JPEGs in one ZIP, through a fresh
// server process, with the local directory and with an S3 API server (s3rver) as the media store.
//   npm run bench:media -- [--count 2000] [--stores local,s3]
// Prints preview time, upload time, import images/s (from the 202 to the job's end), the server's
// resident memory when idle and its peak (a server process started on the already created
// catalogue, so the peak covers its start, the preview and the import), /api/health p95 during the
// import, and the machine's own limit: sharp alone encoding the same files at the same concurrency.
// The CPU seconds the server and the S3 API server (s3rver, in a process of its own on the same two
// cores) used during the import show what the cores were spent on. With S3_ENDPOINT, S3_BUCKET (an
// existing, empty bucket), S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY set, the s3 run
// uses that object store instead (on another machine, as in production) and starts no s3rver.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import yauzl from 'yauzl';
import { cpuMs } from '../../apps/server/test/proc-stat';
import { encodeImage } from '../../apps/server/src/modules/media/media.service';
import { ENCODING } from '../../apps/server/src/modules/media/encoding';
import { adminToken, startServer } from '../import/server';
import { markdownTable } from '../lib/table';
import { barcodeOf, photoZip } from './generate';

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '2000' }, stores: { type: 'string', default: 'local,s3' } },
});
const COUNT = Number(args.count);
const CONCURRENCY = Math.max(1, os.availableParallelism());

async function zipEntries(file: string): Promise<Buffer[]> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) =>
    yauzl.open(file, { lazyEntries: true }, (e, z) => (e ? rej(e) : res(z))),
  );
  const out: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, s) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
          out.push(Buffer.concat(chunks));
          zip.readEntry();
        });
      }),
    );
    zip.on('end', resolve);
    zip.readEntry();
  });
  return out;
}

/** Sharp alone: the same decode, resize and encode the server runs, at the same concurrency. */
async function sharpAlone(files: Buffer[]): Promise<number> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < files.length) await encodeImage(files[next++]!);
    }),
  );
  return files.length / ((performance.now() - start) / 1000);
}

/** CPU seconds a process has used (user and system). */
const cpuSeconds = (pid: number) => cpuMs(pid) / 1000;

/** The server's resident memory now (VmRSS) or its peak since it started (VmHWM), in MB. */
const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const api = async (url: string, token: string, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** The object store named by the environment (S3_*), or s3rver in its own process (s3-process.ts). */
async function startS3Store() {
  if (process.env.S3_ENDPOINT) {
    const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    const env = Object.fromEntries(
      [...names, 'S3_FORCE_PATH_STYLE', 'S3_CHECKSUMS'].flatMap((n) =>
        process.env[n] ? [[n, process.env[n]]] : [],
      ),
    );
    const missing = names.filter((n) => !env[n]);
    if (missing.length) throw new Error(`S3_ENDPOINT is set but not ${missing.join(', ')}`);
    return { env: { MEDIA_STORE: 's3', ...env }, pid: null, close: async () => {} };
  }
  const proc = fork(new URL('./s3-process.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const { env } = await new Promise<{ env: Record<string, string> }>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as { env: Record<string, string> }));
    proc.once('exit', () => reject(new Error('the S3 API server did not start')));
  });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return {
    env,
    pid: proc.pid ?? null,
    close: async () => {
      proc.disconnect();
      await exited;
    },
  };
}

async function runStore(store: 'local' | 's3', zipFile: string) {
  const s3 = store === 's3' ? await startS3Store() : null;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dalil-bench-media-'));
  // As `npm start` runs it (scripts/start.mjs sets MALLOC_ARENA_MAX). A loaded machine can take
  // minutes to start the server under tsx.
  const env = { DATA_DIR: dataDir, MALLOC_ARENA_MAX: '2', ...(s3?.env ?? {}) };
  let server = await startServer(env, 300_000);
  try {
    let token = await adminToken(server.url);
    const json = { 'content-type': 'application/json' };
    const family = (
      await api(server.url, token, '/api/family', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ nameEn: 'Bench', nameAr: 'قياس' }),
      })
    ).body.id;
    const category = (
      await api(server.url, token, '/api/category', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ nameEn: 'All', nameAr: 'الكل', family }),
      })
    ).body.id;
    let made = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (made < COUNT) {
          const i = made++;
          const body = JSON.stringify({
            nameEn: `Item ${i}`,
            nameAr: `صنف ${i}`,
            family,
            category,
            barcode: barcodeOf(i),
          });
          await api(server.url, token, '/api/product', { method: 'POST', headers: json, body });
        }
      }),
    );
    // The catalogue is made by one process and imported into by the next, as a server that has
    // been running: the first start on a new data directory creates the embedded database, and that
    // one-off peak is not the import's.
    server.proc.kill('SIGTERM');
    await server.exited;
    server = await startServer(env, 300_000);
    token = await adminToken(server.url);
    const idleMb = rssMb(server.proc.pid!, 'VmRSS');
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(readFileSync(zipFile))]), 'photos.zip');
      return f;
    };
    let start = performance.now();
    const preview = await api(server.url, token, '/api/upload/images?dryRun=true', {
      method: 'POST',
      body: form(),
    });
    const previewS = (performance.now() - start) / 1000;
    if (preview.status !== 200) throw new Error(`preview ${preview.status}`);

    const health: number[] = [];
    let importing = true;
    const prober = (async () => {
      while (importing) {
        const t0 = performance.now();
        await fetch(`${server.url}/api/health`);
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // Sending the archive is its own phase (the screen shows its bytes); the import's rate counts
    // from the server's 202 to the job's end.
    start = performance.now();
    const started = await api(server.url, token, '/api/upload/images', { method: 'POST', body: form() });
    const uploadS = (performance.now() - start) / 1000;
    start = performance.now();
    const s3Cpu = () => (s3?.pid ? cpuSeconds(s3.pid) : NaN);
    const cpuAtStart = { server: cpuSeconds(server.proc.pid!), s3: s3Cpu() };
    let job = started.body;
    while (job.state !== 'done' && job.state !== 'failed') {
      await new Promise((r) => setTimeout(r, 250));
      job = (await api(server.url, token, `/api/upload/images/${started.body.id as number}`)).body;
    }
    const importS = (performance.now() - start) / 1000;
    const serverCpu = cpuSeconds(server.proc.pid!) - cpuAtStart.server;
    const storeCpu = s3Cpu() - cpuAtStart.s3;
    importing = false;
    await prober;
    const peakMb = rssMb(server.proc.pid!, 'VmHWM');
    health.sort((a, b) => a - b);
    const counts = job.counts as Record<string, number>;
    return {
      store,
      previewS,
      uploadS,
      importS,
      stored: counts.new! + counts.replace!,
      rate: (counts.new! + counts.replace!) / importS,
      idleMb,
      peakMb,
      p95: health[Math.floor(health.length * 0.95)] ?? NaN,
      serverCpu,
      storeCpu,
      state: job.state as string,
    };
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const zipFile = await photoZip(COUNT);
const files = await zipEntries(zipFile);
console.log(
  `${COUNT} photos of 1600x1600 in ${(readFileSync(zipFile).length / 1024 ** 2).toFixed(0)} MB; concurrency ${CONCURRENCY}; stored width ${ENCODING.width}, WebP quality ${ENCODING.quality}, effort ${ENCODING.effort}; load ${os.loadavg()[0]!.toFixed(1)}`,
);
// Sharp alone runs right before each store's import, so a machine whose speed drifts during the long
// run compares each import with the limit of its own moment.
const rows = [];
for (const store of args.stores.split(',') as ('local' | 's3')[]) {
  const alone = await sharpAlone(files);
  rows.push({ ...(await runStore(store, zipFile)), alone });
}
console.log(
  markdownTable(
    [
      'store',
      'images',
      'preview s',
      'upload s',
      'import s',
      'import images/s',
      'sharp alone images/s',
      '% of sharp alone',
      'idle RSS MB',
      'peak RSS MB',
      'health p95 ms',
      'server CPU s',
      'S3 API server CPU s',
      'state',
    ],
    rows.map((r) => [
      r.store,
      r.stored,
      r.previewS.toFixed(1),
      r.uploadS.toFixed(1),
      r.importS.toFixed(1),
      r.rate.toFixed(1),
      r.alone.toFixed(1),
      ((r.rate / r.alone) * 100).toFixed(0),
      r.idleMb.toFixed(0),
      r.peakMb.toFixed(0),
      r.p95.toFixed(1),
      r.serverCpu.toFixed(0),
      r.store === 'local' ? '' : Number.isNaN(r.storeCpu) ? 'elsewhere' : r.storeCpu.toFixed(0),
      r.state,
    ]),
  ),
);
