import type { ProductCard, SearchResult } from '@dalil/contracts/search';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { bumpCatalogueVersion } from '../../lib/catalogue-version';
import { categories, families, products } from '../../db/schema';
import { productSearchText } from '../products/products.service';

let t: TestApp;
const api = client(() => t);
let token: string;
/** The search cache's clock: it moves only when a test moves it. */
const clock = { now: 0 };
const ids = { food: 0, other: 0, bulk: 0, dates: 0, sweets: 0, otherCat: 0, bulkCat: 0 };

interface Item {
  ar: string;
  en: string;
  barcode?: string;
  number?: string;
  family?: number;
  category?: number;
}

async function insert(items: Item[]): Promise<number[]> {
  const rows = await t.database.db
    .insert(products)
    .values(
      items.map((p) => ({
        familyId: p.family ?? ids.food,
        categoryId: p.category ?? ids.dates,
        nameAr: p.ar,
        nameEn: p.en,
        barcode: p.barcode ?? null,
        number: p.number ?? null,
        netWeight: '250 (g)',
        searchText: productSearchText(p.ar, p.en),
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

async function family(en: string): Promise<number> {
  const [row] = await t.database.db
    .insert(families)
    .values({ nameEn: en, nameAr: en })
    .returning({ id: families.id });
  return row!.id;
}

async function category(familyId: number, en: string): Promise<number> {
  const [row] = await t.database.db
    .insert(categories)
    .values({ familyId, nameEn: en, nameAr: en })
    .returning({ id: categories.id });
  return row!.id;
}

const searchRaw = (query: Record<string, string | number>, headers: Record<string, string> = bearer(token)) =>
  api.anonymous.get('/api/search', {
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
  });

async function search(query: Record<string, string | number>): Promise<SearchResult> {
  const res = await searchRaw({ family: ids.food, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
}
const names = (r: SearchResult) => r.data.map((p: ProductCard) => p.nameEn);

// Named products: each normalization and ranking rule has its own rows (docs/architecture.md,
// "Search analysis").
const named: Item[] = [
  { ar: 'احمد للتمور', en: 'Ahmed Dates' },
  { ar: 'بسكويت أمين', en: 'Amin Biscuits' },
  { ar: 'شاي مدرسة النخيل', en: 'Palm School Tea' },
  { ar: 'عصير المستشفى', en: 'Clinic Juice' },
  { ar: 'تَمْرٌ مُجَدُّول', en: 'Medjool Dates' },
  { ar: 'عـــسل السدر', en: 'Sidr Honey' },
  { ar: 'زيت زيتون', en: 'Olive Oil', barcode: '6281234567890', number: '4410' },
  { ar: 'ي شوكولاتة', en: 'Chocolate Bar' },
  { ar: 'و شوكولاتة داكنة', en: 'Dark Chocolate Spread' },
  { ar: 'ه كعك', en: 'Minichocolates' },
  { ar: 'ن حلوى', en: 'Chocolat Noir' },
  { ar: 'ا عصير برتقال', en: 'Orange Juice' },
  { ar: 'ب منتج', en: 'Exact Barcode', barcode: '7770001' },
  { ar: 'ا منتج', en: 'Longer Barcode', barcode: '77700012' },
  { ar: 'ج منتج', en: 'Exact Code', number: '7770001' },
  { ar: 'ت تونة', en: 'Tuna in Oil' },
  { ar: 'ث تونة', en: 'Bigtuna Spread' },
];

beforeAll(async () => {
  t = await createTestApp({ searchCache: { now: () => clock.now } });
  ids.food = await family('Food');
  ids.other = await family('Other');
  ids.bulk = await family('Bulk');
  ids.dates = await category(ids.food, 'Dates');
  ids.sweets = await category(ids.food, 'Sweets');
  ids.otherCat = await category(ids.other, 'Other');
  ids.bulkCat = await category(ids.bulk, 'Bulk');
  await insert(named);
  await insert([
    { ar: 'تمر مجدول', en: 'Medjool Dates', family: ids.other, category: ids.otherCat },
    ...Array.from({ length: 12 }, (_, i) => ({
      ar: `حلوى ${i % 3}`,
      en: `Sweet ${i}`,
      category: ids.sweets,
    })),
    // Many equal names: paging has to fall back on the id to keep a total order.
    ...Array.from({ length: 130 }, (_, i) => ({
      ar: `صنف ${i % 4}`,
      en: `Bulk item ${i}`,
      barcode: String(900_000 + i),
      family: ids.bulk,
      category: ids.bulkCat,
    })),
  ]);
  token = await t.login('user', 'guest', 'guest');
}, 60_000);
afterAll(() => t.close());

describe('GET /api/search: normalization', () => {
  it.each([
    ['hamza: أحمد finds احمد', 'أحمد', 'Ahmed Dates'],
    ['hamza: امين finds أمين', 'امين', 'Amin Biscuits'],
    ['ta marbuta: مدرسه finds مدرسة', 'مدرسه', 'Palm School Tea'],
    ['alef maqsura: مستشفي finds مستشفى', 'مستشفي', 'Clinic Juice'],
    ['tashkeel in the name does not matter', 'تمر مجدول', 'Medjool Dates'],
    ['tashkeel in the query does not matter', 'تَمْر', 'Medjool Dates'],
    ['tatweel in the name does not matter', 'عسل', 'Sidr Honey'],
    ['tatweel in the query does not matter', 'ســدر', 'Sidr Honey'],
    ['Arabic-Indic digits in a barcode query', '٦٢٨١٢٣٤٥٦٧٨٩٠', 'Olive Oil'],
    ['Persian digits in a code query', '۴۴۱۰', 'Olive Oil'],
    ['English in any letter case', 'oLIVE', 'Olive Oil'],
  ])('%s', async (_, query, expected) => {
    const result = await search({ search: query });
    expect(names(result)).toContain(expected);
    expect(result.count).toBe(result.data.length);
  });

  it('treats LIKE wildcards in the query as plain characters', async () => {
    expect((await search({ search: '%' })).count).toBe(0);
    expect((await search({ search: '_' })).count).toBe(0);
    expect((await search({ search: '%%%' })).count).toBe(0);
  });
});

describe('GET /api/search: ranking', () => {
  it('puts exact barcode and code matches first, then barcode prefixes', async () => {
    const result = await search({ search: '7770001' });
    expect(names(result).slice(0, 2).sort()).toEqual(['Exact Barcode', 'Exact Code']);
    expect(names(result)[2]).toBe('Longer Barcode');
    expect(result.count).toBe(3);
  });

  it.each([
    ['spaces', '6 281234 567890'],
    ['hyphens', '6-281234-567890'],
    ['Arabic-Indic digits', '٦ ٢٨١٢٣٤ ٥٦٧٨٩٠'],
  ])('finds a barcode typed in groups as printed under its symbol (%s)', async (_, query) => {
    const result = await search({ search: query });
    expect(names(result)[0]).toBe('Olive Oil');
    expect(result.count).toBe(1);
  });

  it('reads digit groups as a barcode only at a barcode length (8 to 14 digits)', async () => {
    // "777 0001" is 7 digits: two number words, which no product name holds.
    expect((await search({ search: '777 0001' })).count).toBe(0);
    const result = await search({ search: '7770 0012' });
    expect(names(result)).toEqual(['Longer Barcode']);
  });

  it('orders a name start, then a word start, then inside a word, then similar (a typo)', async () => {
    const result = await search({ search: 'chocolate' });
    expect(names(result)).toEqual([
      'Chocolate Bar',
      'Dark Chocolate Spread',
      'Minichocolates',
      'Chocolat Noir',
    ]);
    expect(result.count).toBe(4);
  });

  it.each([
    ['medjol', 'Medjool Dates'],
    ['biscuts', 'Amin Biscuits'],
    ['بسكوت', 'Amin Biscuits'],
  ])('tolerates one typo in a query of 3 or more characters: %s', async (query, expected) => {
    expect(names(await search({ search: query }))).toContain(expected);
  });

  it('matches a query shorter than 3 characters at the start of a word only', async () => {
    expect(names(await search({ search: 'tu' }))).toEqual(['Tuna in Oil']);
    expect(names(await search({ search: 'tuna' }))).toEqual(['Tuna in Oil', 'Bigtuna Spread']);
  });
});

describe('GET /api/search: filters and paging', () => {
  it('keeps to the family', async () => {
    const result = await search({ search: 'medjool' });
    expect(result.data.map((p) => p.family)).toEqual([ids.food]);
    const other = await search({ family: ids.other, search: 'medjool' });
    expect(other.data.map((p) => p.family)).toEqual([ids.other]);
  });

  it('keeps to the category when one is chosen', async () => {
    const all = await search({ category: ids.sweets });
    expect(all.count).toBe(12);
    expect(all.data.every((p) => p.category === ids.sweets)).toBe(true);
    expect((await search({ category: ids.sweets, search: 'sweet' })).count).toBe(12);
    expect((await search({ category: ids.dates, search: 'sweet' })).count).toBe(0);
  });

  it('lists the whole family by Arabic name, then id, when the search is empty', async () => {
    const result = await search({ family: ids.bulk, limit: 100 });
    expect(result.count).toBe(130);
    const keys = result.data.map((p) => [p.nameAr, p.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);
  });

  it.each([
    ['an empty search', ''],
    ['a text search with many equal ranks', 'bulk item'],
    ['a barcode prefix', '9000'],
  ])('walks every page of %s without a repeat or a gap', async (_, query) => {
    const first = await search({ family: ids.bulk, search: query, limit: 100 });
    const seen: number[] = [];
    for (let skip = 0; skip < first.count; skip += 7) {
      const page = await search({ family: ids.bulk, search: query, limit: 7, skip });
      expect(page.count).toBe(first.count);
      seen.push(...page.data.map((p) => p.id));
    }
    expect(seen.length).toBe(first.count);
    expect(new Set(seen).size).toBe(first.count);
    expect(seen.slice(0, 100)).toEqual(first.data.map((p) => p.id));
  });

  it('gives the total count past the last page', async () => {
    const result = await search({ family: ids.bulk, search: 'bulk', skip: 1000 });
    expect(result).toEqual({ data: [], count: 130 });
    expect(await search({ family: ids.bulk, skip: 1000 })).toEqual({ data: [], count: 130 });
  });

  it('clamps the limit to 1..100 and defaults to the catalogue page size', async () => {
    expect((await search({ family: ids.bulk, limit: 500 })).data).toHaveLength(100);
    expect((await search({ family: ids.bulk, limit: 0 })).data).toHaveLength(1);
    expect((await search({ family: ids.bulk })).data).toHaveLength(25);
  });

  it('answers a card with the fields the catalogue shows', async () => {
    const res = await searchRaw({ family: ids.food, search: 'olive oil' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const [card] = res.json<SearchResult>().data;
    expect(card).toEqual({
      id: expect.any(Number),
      name: { ar: 'زيت زيتون', en: 'Olive Oil' },
      nameAr: 'زيت زيتون',
      nameEn: 'Olive Oil',
      barcode: '6281234567890',
      number: '4410',
      netWeight: '250 (g)',
      drainedWeight: null,
      unitsPerCarton: null,
      cartonPerPalate: null,
      image: null,
      logo: null,
      family: ids.food,
      category: ids.dates,
    });
  });
});

describe('GET /api/search: transfer', () => {
  const page = (encoding?: string) =>
    searchRaw(
      { family: ids.bulk, limit: 100 },
      { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    );

  it('compresses a page of results for a client that accepts brotli or gzip', async () => {
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json<SearchResult>();
    expect(expected.data).toHaveLength(100);

    const br = await page('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);

    const gz = await page('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(expected);

    // "*" means any: gzip, as @fastify/compress reads it. Identity means none.
    expect((await page('*')).headers['content-encoding']).toBe('gzip');
    expect((await page('identity')).rawPayload).toEqual(plain.rawPayload);
    // A cache hit answers with the same compressed bytes.
    expect((await page('br')).rawPayload).toEqual(br.rawPayload);
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await searchRaw(
      { family: ids.food, search: 'olive oil' },
      { ...bearer(token), 'accept-encoding': 'br' },
    );
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(names(res.json<SearchResult>())).toEqual(['Olive Oil']);
  });
});

describe('GET /api/search: errors and access', () => {
  it('names the family when it is missing', async () => {
    const res = await searchRaw({ search: 'tea' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/family/);
    expect(body(res).details).toMatchObject([expect.objectContaining({ path: 'querystring.family' })]);
  });

  it('rejects a search longer than 200 characters', async () => {
    const res = await searchRaw({ family: ids.food, search: 'a'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/search/);
  });

  it('answers 401 without a token', async () => {
    const res = await searchRaw({ family: ids.food }, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/search: result cache', () => {
  it('shows a product written by any process once the catalogue version moves', async () => {
    expect((await search({ search: 'zebra' })).count).toBe(0);
    await insert([{ ar: 'كعك الحمار الوحشي', en: 'Zebra Cakes' }]);
    await bumpCatalogueVersion(t.database.db);
    // Another process's write is seen once this one re-reads the version, at most 250 ms later.
    clock.now += 200;
    expect((await search({ search: 'zebra' })).count).toBe(0);
    clock.now += 60;
    expect(names(await search({ search: 'zebra' }))).toEqual(['Zebra Cakes']);
  });

  it('shows a product written through this process at once, with the clock standing still', async () => {
    expect((await search({ search: 'okapi' })).count).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: bearer(await t.adminToken()),
      payload: { nameEn: 'Okapi Wafers', nameAr: 'بسكويت أوكابي', family: ids.food, category: ids.dates },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(names(await search({ search: 'okapi' }))).toEqual(['Okapi Wafers']);
  });

  it('keeps its page when a write fails or writes no catalogue data', async () => {
    expect((await search({ search: 'quokka' })).count).toBe(0);
    await insert([{ ar: 'كوكا', en: 'Quokka Crisps' }]);
    const admin = bearer(await t.adminToken());
    // A refused catalogue write and a user write commit nothing to the catalogue: the page stays.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin,
      payload: { nameEn: 'Quokka Bad', nameAr: 'سيئ', family: ids.other, category: ids.dates },
    });
    expect(refused.statusCode).toBe(400);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: admin,
      payload: { firstName: 'Q', lastName: 'K', username: 'quokka', password: 'quokka-password' },
    });
    expect(user.statusCode, user.body).toBe(201);
    expect((await search({ search: 'quokka' })).count).toBe(0);
  });

  it('keeps serving the cached page until the version moves', async () => {
    const before = await search({ search: 'giraffe' });
    expect(before.count).toBe(0);
    // Written without bumping the version: a cached page may not see it (writes always bump).
    await insert([{ ar: 'زرافة', en: 'Giraffe Cookies' }]);
    expect((await search({ search: 'giraffe' })).count).toBe(0);
  });
});
