import type { SearchResult } from '@dalil/contracts/search';
import { searchWords } from '@dalil/contracts/search-analysis';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { insertDemoRows, type DemoRow } from '../../../test/demo-rows';
import { ALL_HEADER, allRow, csv, upload } from '../imports/imports.test-kit';
import { resultRows } from '../../lib/db-helpers';
import { productSearchText } from '../products/products.service';

// Word-level search over the demo catalogue (docs/decisions/0024-word-search.md).
let t: TestApp;
const api = client(() => t);
let token: string;
let admin: Record<string, string>;
let demo: DemoRow[];
let foods: number;

const names = (r: SearchResult) => r.data.map((p) => p.nameEn);
const family = (en: string) => demo.find((p) => p.nameEn === en)!.family;

async function search(query: Record<string, string | number>): Promise<SearchResult> {
  const res = await api.as(token).get('/api/search', {
    query: Object.fromEntries(Object.entries({ family: foods, ...query }).map(([k, v]) => [k, String(v)])),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
}

async function vocabulary(familyId: number): Promise<Map<string, number>> {
  const result: unknown = await t.database.db.execute(
    sql`select word, products from search_vocabulary where family_id = ${familyId}`,
  );
  const rows = (result as { rows: { word: string; products: number }[] }).rows;
  return new Map(rows.map((r) => [r.word, Number(r.products)]));
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await insertDemoRows(t.database.db);
  foods = family('Medjool Dates');
  token = await t.login('user', 'guest', 'guest');
  admin = bearer(await t.adminToken());
}, 60_000);
afterAll(() => t.close());

describe('GET /api/search: words of the demo catalogue', () => {
  it('finds the hummus products for الحمص, and not a sauce that only looks alike', async () => {
    const result = await search({ search: 'الحمص' });
    expect(names(result).slice(0, 2).sort()).toEqual(['Chickpeas', 'Hummus Ready to Serve']);
    expect(names(result)).not.toContain('Hot Chilli Sauce');
  });

  it('finds every تمر product for the plural تمور', async () => {
    const withDates = demo.filter(
      (p) =>
        p.family === foods && searchWords(productSearchText(p.nameAr, '')).some((w) => /^(ال)?تمر$/.test(w)),
    );
    expect(withDates).toHaveLength(11);
    const result = await search({ search: 'تمور', limit: 50 });
    expect(names(result)).toEqual(expect.arrayContaining(withDates.map((p) => p.nameEn)));
  });

  it.each([
    ['mejdool', 'Medjool Dates'],
    ['juce', 'Orange Juice'],
    ['oranje juice', 'Orange Juice'],
    ['pomgranate juice', 'Pomegranate Juice'],
  ])('forgives a typo: %s finds %s first', async (query, first) => {
    expect(names(await search({ search: query }))[0]).toBe(first);
  });

  it('allows no typo in a word under four letters', async () => {
    expect((await search({ search: 'tez' })).count).toBe(0);
  });

  it('matches every word of the query, in any order', async () => {
    expect(names(await search({ search: 'dates medjool' }))[0]).toBe('Medjool Dates');
    expect(names(await search({ search: 'مجدول تمر' }))[0]).toBe('Medjool Dates');
    expect((await search({ search: 'medjool ketchup' })).count).toBe(0);
  });

  it('ranks a word matched exactly above the same word with an article or a plural', async () => {
    const result = await search({ search: 'تمر', limit: 50 });
    const exact = names(result).indexOf('Medjool Dates');
    const article = names(result).indexOf('Date Paste');
    expect(exact).toBeGreaterThanOrEqual(0);
    expect(article).toBeGreaterThan(exact);
    const plural = await search({ search: 'date', limit: 50 });
    expect(names(plural).indexOf('Date Syrup')).toBeLessThan(names(plural).indexOf('Medjool Dates'));
  });

  it('matches the last word as typed so far, with or without the article', async () => {
    expect(names(await search({ search: 'medj' }))).toEqual(['Medjool Dates']);
    expect(names(await search({ search: 'الحم' }))).toEqual(
      expect.arrayContaining(['Chickpeas', 'Hummus Ready to Serve']),
    );
    expect(names(await search({ search: 'بالفراو', family: family('Strawberry Milk') }))).toEqual(
      expect.arrayContaining(['Strawberry Milk', 'Strawberry Yoghurt']),
    );
  });

  it('finds a barcode in Arabic-Indic digits first', async () => {
    const p = demo.find((x) => x.nameEn === 'Ketchup')!;
    const arabic = p.barcode.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(names(await search({ search: arabic }))[0]).toBe('Ketchup');
  });
});

describe('products.search_words', () => {
  it('splits every name as the contracts analysis does', async () => {
    const tricky = [
      ["Ka'ak (Sesame) - 70%", 'كعك، بالسمسم؛ ٧٠٪'],
      ['Mix/Match: a_b «c» 1.5', 'شاي—أخضر…'],
    ];
    for (const [en, ar] of tricky) {
      await t.app.inject({
        method: 'POST',
        url: '/api/product',
        headers: admin,
        payload: { nameEn: en, nameAr: ar, family: foods, category: demo[0]!.category },
      });
    }
    const result: unknown = await t.database.db.execute(
      sql`select search_text, search_words from products order by id`,
    );
    const rows = (result as { rows: { search_text: string; search_words: string[] }[] }).rows;
    expect(rows.length).toBe(demo.length + tricky.length);
    for (const row of rows) expect(row.search_words).toEqual(searchWords(row.search_text));
  });
});

describe('search_vocabulary', () => {
  it('follows product writes: create, rename, move, delete', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin,
      payload: {
        nameEn: 'Zanzibar Cloves',
        nameAr: 'قرنفل زنجبار',
        family: foods,
        category: demo[0]!.category,
      },
    });
    expect(create.statusCode, create.body).toBe(201);
    const id = create.json<{ id: number }>().id;
    expect((await vocabulary(foods)).get('zanzibar')).toBe(1);
    expect(names(await search({ search: 'zanzibr' }))).toEqual(['Zanzibar Cloves']);

    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      headers: admin,
      payload: { nameEn: 'Pemba Cloves', nameAr: 'قرنفل بمبا', family: foods, category: demo[0]!.category },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const renamed = await vocabulary(foods);
    expect(renamed.has('zanzibar')).toBe(false);
    expect(renamed.get('pemba')).toBe(1);
    expect((await search({ search: 'zanzibar' })).count).toBe(0);

    const dairy = family('Camel Milk');
    const dairyCategory = demo.find((p) => p.family === dairy)!.category;
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      headers: admin,
      payload: { nameEn: 'Pemba Cloves', nameAr: 'قرنفل بمبا', family: dairy, category: dairyCategory },
    });
    expect(move.statusCode, move.body).toBe(200);
    expect((await vocabulary(foods)).has('pemba')).toBe(false);
    expect((await vocabulary(dairy)).get('pemba')).toBe(1);

    const remove = await t.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: admin });
    expect(remove.statusCode, remove.body).toBe(204);
    expect((await vocabulary(dairy)).has('pemba')).toBe(false);
  });

  it('follows an import: new words counted, renamed ones gone, and the search finds them at once', async () => {
    const file = (name: string) =>
      csv([
        ALL_HEADER,
        allRow('Imported Foods', 'Spreads', name, '6299999999991'),
        allRow('Imported Foods', 'Spreads', `${name} Light`, '6299999999992'),
      ]);
    const first = await upload(t, admin.authorization!.slice(7), '/api/upload/all', file('Quandong Jam'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [row] = resultRows<{ id: number }>(
      await t.database.db.execute(sql`select id from families where name_en = 'Imported Foods'`),
    );
    const imported = row!.id;
    const words = await vocabulary(imported);
    expect(words.get('quandong')).toBe(2);
    expect(words.get('light')).toBe(1);
    expect(names(await search({ family: imported, search: 'quandon jam' }))).toEqual([
      'Quandong Jam',
      'Quandong Jam Light',
    ]);
    // The same barcodes with other names: the products are renamed, the old word leaves the vocabulary.
    const second = await upload(
      t,
      admin.authorization!.slice(7),
      '/api/upload/all',
      file('Davidson Plum Jam'),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const renamed = await vocabulary(imported);
    expect(renamed.has('quandong')).toBe(false);
    expect(renamed.get('davidson')).toBe(2);
    expect(renamed.get('jam')).toBe(2);
  });

  it('counts the products holding each word and drops a family with its products', async () => {
    const words = await vocabulary(foods);
    const holding = demo.filter(
      (p) => p.family === foods && searchWords(productSearchText(p.nameAr, p.nameEn)).includes('juice'),
    );
    expect(words.get('juice')).toBe(holding.length);
    const sweets = family('Baklava Assorted');
    expect((await vocabulary(sweets)).size).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/family/${sweets}`, headers: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect((await vocabulary(sweets)).size).toBe(0);
  });
});

describe('GET /api/search: did-you-mean and category counts', () => {
  it('suggests the family’s nearest words when nothing matches, and the suggestion finds it', async () => {
    const result = await search({ search: 'ketshap' });
    expect(result.count).toBe(0);
    expect(result.suggestions?.[0]).toBe('ketchup');
    expect(result.suggestions!.length).toBeLessThanOrEqual(3);
    expect(names(await search({ search: result.suggestions![0]! }))).toEqual(['Ketchup']);
  });

  it('suggests each word alone when the words match apart but not together', async () => {
    const result = await search({ search: 'medjool ketchup' });
    expect(result).toEqual({ data: [], count: 0, suggestions: ['medjool', 'ketchup'] });
  });

  it('carries no suggestions when something matches', async () => {
    expect((await search({ search: 'ketchup' })).suggestions).toBeUndefined();
  });

  it('counts the matches in each category of the family, whatever category is chosen', async () => {
    const juices = demo.find((p) => p.nameEn === 'Orange Juice')!.category;
    const sauces = demo.find((p) => p.nameEn === 'Ketchup')!.category;
    const expected = { category: [{ id: juices, count: 4 }] };
    expect((await search({ search: 'juice', facets: 'category' })).facets).toEqual(expected);
    const narrowed = await search({ search: 'juice', facets: 'category', category: sauces });
    expect(narrowed.count).toBe(0);
    expect(narrowed.facets).toEqual(expected);
    const all = await search({ facets: 'category' });
    // Earlier tests in this file add products: count what the table holds now.
    const held: unknown = await t.database.db.execute(
      sql`select category_id as id, count(*)::int as n from products where family_id = ${foods} group by 1`,
    );
    const perCategory = new Map((held as { rows: { id: number; n: number }[] }).rows.map((r) => [r.id, r.n]));
    expect(new Map(all.facets!.category!.map((c) => [c.id, c.count]))).toEqual(perCategory);
    expect((await search({ search: 'juice' })).facets).toBeUndefined();
  });

  it('names the facets parameter when it is not one it knows', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { family: String(foods), facets: 'brand' },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/facets/);
  });
});
