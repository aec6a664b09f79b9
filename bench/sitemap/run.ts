// bench/sitemap: the time and the server's peak memory to write the sitemap of a generated catalogue
// (100 000 products by default, each with a history entry, as an import leaves them), read through
// HTTP from the real server entry in its own process: the index, then every part in turn, plain and
// gzip-compressed, then a crawler asking again with If-None-Match. Run: npm run bench:sitemap
//   [-- --engine pglite|postgres|both] [--products 100000]
// A benchmark, never a test: nothing here runs under `npm test`.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { startServer } from '../import/server';
import * as catalogue from '../lib/catalogue-database';
import { markdownTable, ms } from '../lib/table';

const { engines, products: TOTAL } = catalogue.args({});
const log = (s: string) => process.stdout.write(`${s}\n`);

/**
 * The server's resident memory in MB, from /proc. Sampled every 20 ms while the sitemap is read: the
 * kernel's own peak (VmHWM) would include the start, which on PGlite outgrows any sitemap.
 */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+) kB/u.exec(status)?.[1] ?? NaN) / 1024 };
}

interface Answer {
  status: number;
  bytes: number;
  body: string;
  etag: string;
  encoding: string;
  ms: number;
}

/** One GET, its body as sent (compressed when asked), and how long it took to the last byte. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: data.length,
            body: res.headers['content-encoding'] ? '' : data.toString(),
            etag: String(res.headers.etag ?? ''),
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            ms: performance.now() - started,
          });
        });
      })
      .on('error', reject);
  });
}

/** Every catalogue record gets one history entry, as an import or a form writes them. */
async function addHistory(db: Db) {
  for (const [table, entity] of [
    ['families', 'family'],
    ['categories', 'category'],
    ['products', 'product'],
  ] as const) {
    const family = entity === 'family' ? sql`id` : sql`family_id`;
    await db.execute(sql`
      insert into activity (actor_username, action, entity, entity_id, family_id)
      select 'bench', 'create', ${entity}, id, ${family} from ${sql.identifier(table)}`);
  }
  await db.execute(sql`analyze activity`);
}

async function measure(p: catalogue.Prepared): Promise<(string | number)[][]> {
  const server = await startServer({ DATA_DIR: p.dataDir, ...(p.url ? { DATABASE_URL: p.url } : {}) });
  const pid = server.proc.pid ?? 0;
  const rows: (string | number)[][] = [];
  try {
    const idle = memory(pid).rss;
    // Under the limit /sitemap.xml is the one urlset itself, not an index.
    const root = (await get(`${server.url}/sitemap.xml`)).body;
    const isIndex = root.includes('<sitemapindex');
    const parts = isIndex
      ? [...root.matchAll(/<loc>(.*?)<\/loc>/gu)].map(([, loc = '']) => new URL(loc).pathname)
      : ['/sitemap.xml'];
    for (const encoding of ['identity', 'gzip']) {
      const headers = { 'accept-encoding': encoding };
      let sampled = memory(pid).rss;
      let running = true;
      const sampler = (async () => {
        while (running) {
          sampled = Math.max(sampled, memory(pid).rss);
          await sleep(20);
        }
      })();
      const started = performance.now();
      let bytes = 0;
      let entries = 0;
      let slowest = 0;
      for (const part of isIndex ? ['/sitemap.xml', ...parts] : parts) {
        const answer = await get(`${server.url}${part}`, headers);
        if (answer.status !== 200) throw new Error(`${part} answered ${answer.status}`);
        // Answers under 1 KB (the index) go uncompressed, as every answer does.
        if (encoding === 'gzip' && answer.bytes >= 1024 && answer.encoding !== 'gzip') {
          throw new Error(`${part} was not compressed`);
        }
        bytes += answer.bytes;
        slowest = Math.max(slowest, answer.ms);
        entries += answer.body.split('<url>').length - 1;
      }
      const seconds = (performance.now() - started) / 1000;
      running = false;
      await sampler;
      rows.push([
        p.engine,
        encoding,
        isIndex ? parts.length : 'no index',
        encoding === 'identity' ? entries : '-',
        (bytes / 1024 / 1024).toFixed(2),
        seconds.toFixed(2),
        ms(slowest),
        Math.round(idle),
        Math.round(sampled),
      ]);
    }
    // A crawler holding the current copy: 304, no catalogue query.
    const { etag } = await get(`${server.url}/sitemap.xml`);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const again = await get(`${server.url}/sitemap.xml`, { 'if-none-match': etag });
      if (again.status !== 304) throw new Error(`If-None-Match answered ${again.status}`);
      times.push(again.ms);
    }
    times.sort((a, b) => a - b);
    log(`[${p.engine}] 304 with If-None-Match: p50 ${ms(times[100] ?? NaN)} ms over 200 requests`);
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  return rows;
}

const rows: (string | number)[][] = [];
for (const engine of engines) {
  const p = await catalogue.prepare(engine, TOTAL, log, addHistory);
  try {
    rows.push(...(await measure(p)));
  } finally {
    await p.cleanup();
  }
}
log(`\n${catalogue.machine()}; load average ${catalogue.loadAverage()}; ${TOTAL} products\n`);
log(
  markdownTable(
    [
      'engine',
      'encoding',
      'parts',
      '<url> entries',
      'MB sent',
      'index + all parts s',
      'slowest part ms',
      'server RSS idle MB',
      'server peak RSS MB',
    ],
    rows,
  ),
);
