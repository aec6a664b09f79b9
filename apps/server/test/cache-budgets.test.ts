import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from './harness';
import { client } from './client';
import { catalogue } from './image-upload-helpers';
import { Scrape } from './prometheus';

// What anonymous visitors can make the in-process caches hold: addresses they make up share the page
// they show, and a search answer counts by its size against the cache's budget.

const TOKEN = 'metrics-token-for-the-cache-tests';
const SEARCH_BYTES = 5_000;

let dist: string;
let t: TestApp;
const api = client(() => t);
let guest: string;
let family: number;
let product: number;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Dalil</title></head><body></body></html>',
  );
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN },
    overrides: { webDist: dist },
    searchCache: { bytes: SEARCH_BYTES },
  });
  const admin = await t.adminToken();
  const items = Array.from({ length: 12 }, (_, i) => ({
    nameEn: `Mint tea ${String(i + 1).padStart(2, '0')}`,
    barcode: `62810000${String(i + 1).padStart(5, '0')}`,
  }));
  ({ family, products: [product = 0] = [] } = await catalogue(t, admin, 'Alpha', items));
  const credentials = t.config.guest;
  if (!credentials) throw new Error('these tests need guest access on, the default');
  const signIn = await api.anonymous.post('/api/user/login', credentials);
  guest = body(signIn).token as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const scrape = async () => {
  const res = await api.as(TOKEN).get('/metrics');
  expect(res.statusCode).toBe(200);
  return new Scrape(res.body);
};

describe('the visitor pages cache', () => {
  it('serves addresses that differ only in parameters the page does not read from one entry', async () => {
    const before = await scrape();
    const addresses = [
      `/catalog/main?family=${family}&lang=en`,
      `/catalog/main?family=${family}&lang=en&utm_source=newsletter&utm_medium=email`,
      `/catalog/main?utm_campaign=spring&lang=en&x=1&family=${family}`,
      `/catalog/main/?family=${family}&page=1&lang=en&fbclid=abc`,
    ];
    const pages = [];
    for (const url of addresses) {
      const res = await api.anonymous.get(url);
      expect(res.statusCode, url).toBe(200);
      pages.push(res.body);
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('Mint tea 01');
    const product1 = await api.anonymous.get(`/catalog/main/${product}?lang=ar&ref=feed`);
    const product2 = await api.anonymous.get(`/catalog/main/${product}?lang=ar&ref=mail`);
    expect(product1.statusCode).toBe(200);
    expect(product2.body).toBe(product1.body);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('dalil_cache_lookups_total', { cache: 'pages', result: 'miss' })).toBe(2);
    expect(moved('dalil_cache_lookups_total', { cache: 'pages', result: 'hit' })).toBe(4);
    expect(moved('dalil_cache_entries', { cache: 'pages' })).toBe(2);
    expect(after.value('dalil_cache_bytes', { cache: 'pages' })).toBeGreaterThan(0);
  });

  it('still tells pages apart by what they show: another page, language or search', async () => {
    const before = await scrape();
    for (const url of [
      `/catalog/main?family=${family}&lang=ar`,
      `/catalog/main?family=${family}&lang=en&page=2`,
      `/catalog/main?family=${family}&lang=en&search=mint`,
    ])
      expect((await api.anonymous.get(url)).statusCode, url).toBe(200);
    const after = await scrape();
    const misses = { cache: 'pages', result: 'miss' };
    expect(
      after.value('dalil_cache_lookups_total', misses) - before.value('dalil_cache_lookups_total', misses),
    ).toBe(3);
  });
});

describe('the search cache', () => {
  const search = (text: string, limit = 1) =>
    t.app.inject({
      url: `/api/search?family=${family}&search=${encodeURIComponent(text)}&limit=${limit}`,
      headers: { ...bearer(guest), 'accept-encoding': 'br' },
    });

  it('keeps no answer larger than its budget, and holds no more than its budget', async () => {
    const large = await search('mint', 12);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(large.rawPayload).toString();
    expect((JSON.parse(text) as { data: unknown[] }).data).toHaveLength(12);
    // Twelve cards at two bytes a character are more than the whole budget.
    expect(text.length * 2).toBeGreaterThan(SEARCH_BYTES);
    let before = await scrape();
    expect((await search('mint', 12)).statusCode).toBe(200);
    let after = await scrape();
    const miss = { cache: 'search', result: 'miss' };
    expect(
      after.value('dalil_cache_lookups_total', miss) - before.value('dalil_cache_lookups_total', miss),
    ).toBe(1);

    // Many small answers: the oldest go, the cache stays within its bytes.
    for (let i = 1; i <= 12; i++)
      expect((await search(`tea ${String(i).padStart(2, '0')}`)).statusCode).toBe(200);
    before = await scrape();
    expect(before.value('dalil_cache_bytes', { cache: 'search' })).toBeLessThanOrEqual(SEARCH_BYTES);
    expect(before.value('dalil_cache_entries', { cache: 'search' })).toBeLessThan(12);
    expect((await search('tea 12')).statusCode).toBe(200);
    expect((await search('tea 01')).statusCode).toBe(200);
    after = await scrape();
    const moved = (result: string) =>
      after.value('dalil_cache_lookups_total', { cache: 'search', result }) -
      before.value('dalil_cache_lookups_total', { cache: 'search', result });
    expect(moved('hit')).toBe(1);
    expect(moved('miss')).toBe(1);
    expect(after.value('dalil_cache_bytes', { cache: 'search' })).toBeLessThanOrEqual(SEARCH_BYTES);
  });
});
