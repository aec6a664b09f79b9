// bench/http cache-memory: what anonymous visitors can make a server hold. The production build
// (node apps/server/dist/main.js) is asked for --addresses distinct visitor page addresses (made-up
// utm_* and other parameters, distinct search terms, pages and products) and as many distinct search
// addresses (distinct terms, offsets and utm_* parameters, 100 cards each), each once, with brotli
// accepted so the caches keep compressed copies too. Its resident memory (from /proc) is read before,
// right after, and again after --settle seconds idle (when V8 has collected what the load left), with
// V8's heap, external memory and what each in-process cache holds (GET /metrics).
// Target: growth under 200 MB.
//   npm run build && npm run bench:http:cache-memory -- [--engine pglite|postgres|both]
//   [--products 10000] [--addresses 10000] [--connections 8] [--settle 30]
//   [--server-env NAME=value,...]
// Without a web build (apps/web/dist) the pages are rendered into a stand-in index.html.
// A benchmark, never a test: nothing here runs under `npm test`.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scrape } from '../../apps/server/test/prometheus';
import * as catalogue from '../lib/catalogue-database';
import { BRANDS, TYPES } from '../lib/catalogue';
import { runLoad, type LoadResult } from '../lib/load';
import { markdownTable } from '../lib/table';
import { checkBuild, ROOT, rssMb, startProduction } from './server';

const {
  args,
  engines,
  products: TOTAL,
} = catalogue.args({
  products: { type: 'string', default: '10000' },
  addresses: { type: 'string', default: '10000' },
  connections: { type: 'string', default: '8' },
  /** More variables for the server, `NAME=value,NAME=value` (MALLOC_ARENA_MAX=2, say). */
  'server-env': { type: 'string', default: '' },
  /** Seconds to leave the server idle before the last reading, when V8 collects what the load left. */
  settle: { type: 'string', default: '30' },
});
const SERVER_ENV = Object.fromEntries(
  args['server-env']
    .split(',')
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const ADDRESSES = Number(args.addresses);
const CONNECTIONS = Number(args.connections);
const SETTLE_S = Number(args.settle);
const TARGET_MB = 200;
const TOKEN = 'bench-metrics-token-0123456789abcdef';
const CACHES = ['pages', 'search', 'session'] as const;
const log = (s: string) => process.stdout.write(`${s}\n`);

/** Visitor page addresses, every one distinct: the kinds an attacker or a campaign would send. */
function pageAddresses(p: catalogue.Prepared): string[] {
  const { families } = p.generated;
  const { min, max } = p.productIds;
  return Array.from({ length: ADDRESSES }, (_, i) => {
    const family = families[i % families.length]!;
    const lang = i % 3 === 0 ? 'ar' : i % 3 === 1 ? 'en' : null;
    const params = new URLSearchParams();
    let path = '/catalog/main';
    const type = TYPES[i % TYPES.length]!;
    switch (i % 4) {
      case 0: // a campaign's parameters, which the page does not read
        params.set('family', String(family));
        params.set('utm_source', `source-${i}`);
        params.set('utm_campaign', `campaign-${i}`);
        break;
      case 1: // a distinct search term
        params.set('family', String(family));
        params.set('search', `${type[i % 2]} ${i}`);
        break;
      case 2: // a product, with a cache buster
        path = `/catalog/main/${min + (i % (max - min + 1))}`;
        params.set('ref', String(i));
        break;
      default: // a type's results on one of many pages
        params.set('family', String(family));
        params.set('search', type[i % 2]!);
        params.set('page', String(1 + (i % 400)));
        params.set('x', String(i));
    }
    if (lang) params.set('lang', lang);
    return `${path}?${params.toString()}`;
  });
}

/**
 * Search addresses, every one distinct, each asking for 100 cards: brand names that occur in the
 * family, product types (hundreds of matches) on their first pages with made-up utm_* parameters, and
 * categories' pages.
 */
function searchAddresses(p: catalogue.Prepared): string[] {
  const { families, brandsByFamily, categories } = p.generated;
  const brands = families.flatMap((f) => (brandsByFamily.get(f) ?? []).map((b) => [f, b] as const));
  return Array.from({ length: ADDRESSES }, (_, i) => {
    const family = families[i % families.length]!;
    const params = new URLSearchParams({ family: String(family), limit: '100' });
    const n = Math.floor(i / 3);
    if (i % 3 === 0) {
      const [f, b] = brands[n % brands.length]!;
      params.set('family', String(f));
      params.set('search', i % 2 ? BRANDS[b]!.ar : BRANDS[b]!.en.toLowerCase());
      params.set('skip', String(Math.floor(n / brands.length)));
    } else if (i % 3 === 1) {
      params.set('search', TYPES[n % TYPES.length]![i % 2]!);
      params.set('skip', String(100 * (n % 5)));
      params.set('utm_source', `source-${i}`);
    } else {
      const list = categories.get(family) ?? [];
      params.set('category', String(list[n % list.length]));
      params.set('skip', String(n % 100));
    }
    return `/api/search?${params.toString()}`;
  });
}

interface Reading {
  rssMb: number;
  scrape: Scrape;
}

async function read(url: string, pid: number): Promise<Reading> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  return { rssMb: rssMb(pid), scrape: new Scrape(await res.text()) };
}

interface Row {
  engine: string;
  before: Reading;
  after: Reading;
  settled: Reading;
  pages: LoadResult;
  searches: LoadResult;
}

/** A web build when there is one, else a stand-in index.html of the same shape. */
function webDist(): { dir: string; remove: () => void } {
  const built = join(ROOT, 'apps/web/dist');
  if (existsSync(join(built, 'index.html'))) return { dir: built, remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'dalil-bench-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="UTF-8" /><title>دليل · Dalil</title>' +
      '<script src="/boot.js"></script></head><body><div id="boot-shell"></div><div id="root"></div></body></html>',
  );
  log('no apps/web/dist: the pages are rendered into a stand-in index.html');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function measure(p: catalogue.Prepared): Promise<Row[]> {
  const web = webDist();
  const server = await startProduction(p, undefined, {
    env: { ...SERVER_ENV, METRICS_TOKEN: TOKEN, WEB_DIST: web.dir },
  });
  const pid = server.child.pid!;
  try {
    const encoding = { 'accept-encoding': 'br, gzip' };
    const headers = { ...(await catalogue.guestHeaders(server.url)), ...encoding };
    const pages = pageAddresses(p);
    const searches = searchAddresses(p);
    // Warm-up: every kind of answer once, so code loaded on first use is not counted as growth.
    for (const path of [...pages.slice(0, 8), ...searches.slice(0, 6)]) {
      const res = await fetch(`${server.url}${path}`, {
        headers: path.startsWith('/api') ? headers : encoding,
      });
      if (!res.ok && res.status !== 404) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    }
    const before = await read(server.url, pid);
    log(`[${p.engine}] RSS ${before.rssMb} MB before; load average ${catalogue.loadAverage()}`);
    const load = (paths: string[], h: Record<string, string>) =>
      runLoad({
        url: server.url,
        headers: h,
        connections: CONNECTIONS,
        paths,
        amount: paths.length,
        timeout: 30,
      });
    const pageResult = await load(pages, encoding);
    log(`[${p.engine}] ${pages.length} pages: ${JSON.stringify(pageResult.statuses)}, RSS ${rssMb(pid)} MB`);
    const searchResult = await load(searches, headers);
    log(
      `[${p.engine}] ${searches.length} searches: ${JSON.stringify(searchResult.statuses)}, RSS ${rssMb(pid)} MB`,
    );
    const after = await read(server.url, pid);
    // Evicted entries and answers already sent are garbage until V8's next full collection, which
    // comes once the server has been idle a while: the reading after that is what the server keeps.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    const settled = await read(server.url, pid);
    return [{ engine: p.engine, before, after, settled, pages: pageResult, searches: searchResult }];
  } finally {
    const code = await server.stop();
    if (code !== 0) log(`[${p.engine}] the server exited with code ${code}`);
    for (const [message, n] of server.problems) log(`[${p.engine}] server logged ${n}x: ${message}`);
    web.remove();
  }
}

checkBuild(log);
log(
  `bench/http cache-memory: ${TOTAL} products, ${ADDRESSES} page and ${ADDRESSES} search addresses, ` +
    `${CONNECTIONS} connections; ${catalogue.machine()}`,
);
const rows = await catalogue.measureEach(engines, TOTAL, log, measure);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const cache = (r: Reading, name: string) =>
  `${r.scrape.value('dalil_cache_entries', { cache: name })} / ${mb(r.scrape.value('dalil_cache_bytes', { cache: name }))}`;
const heap = (r: Reading) =>
  `${mb(r.scrape.value('nodejs_heap_size_used_bytes'))} / ${mb(r.scrape.value('nodejs_heap_size_total_bytes'))}`;
const answered = (l: LoadResult) =>
  Object.entries(l.statuses)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
log('');
log(
  markdownTable(
    [
      'engine',
      'RSS before (MB)',
      'RSS right after (MB)',
      `RSS ${SETTLE_S} s later (MB)`,
      'growth right after / later (MB)',
      'V8 heap used / total before → after → later (MB)',
      'external before → after → later (MB)',
      ...CACHES.map((c) => `${c} cache: entries / MB`),
      'pages answered',
      'searches answered',
    ],
    rows.map((r) => [
      r.engine,
      r.before.rssMb,
      r.after.rssMb,
      r.settled.rssMb,
      `${r.after.rssMb - r.before.rssMb} / ${r.settled.rssMb - r.before.rssMb}`,
      `${heap(r.before)} → ${heap(r.after)} → ${heap(r.settled)}`,
      [r.before, r.after, r.settled]
        .map((x) => mb(x.scrape.value('nodejs_external_memory_bytes')))
        .join(' → '),
      ...CACHES.map((c) => cache(r.settled, c)),
      answered(r.pages),
      answered(r.searches),
    ]),
  ),
);
const worst = Math.max(...rows.map((r) => r.after.rssMb - r.before.rssMb));
log(
  `\nTarget: growth under ${TARGET_MB} MB right after the load: ${worst < TARGET_MB ? 'met' : 'MISSED'} (largest ${worst} MB).`,
);
