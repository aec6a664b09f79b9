import { load, type CheerioAPI } from 'cheerio';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUTRITION_KEYS } from '@dalil/contracts/attribute-display';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId, createdObject } from '../../../test/fixtures';
import { FOOD_SET } from '../attributes/attributes.service';

// A product's attributes on its rendered page: the visible ones, in the page's language, with the
// food set's nutrition values as a table; and what the guest's product read carries for them.

const INDEX_HTML = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="UTF-8" /><title>Dalil</title></head>
<body><div id="root"></div></body></html>`;

let dist: string;
let t: TestApp;
let guest: string;
let product: number;

const api = client(() => t);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ overrides: { webDist: dist } });
  const family = await createdId(api, '/api/family', { nameEn: 'Nakheel Foods', nameAr: 'نخيل للأغذية' });
  const category = await createdId(api, '/api/category', { nameEn: 'Dates', nameAr: 'تمور', family });
  await createdObject(api, '/api/attribute/sets/food', { family, categories: [category] });
  await createdObject(api, '/api/attribute', {
    family,
    key: 'supplier_note',
    name: { en: 'Supplier note', ar: 'ملاحظة المورد' },
    type: 'text',
    visible: false,
    categories: [category],
  });
  await createdObject(api, '/api/attribute', {
    family,
    key: 'organic',
    name: { en: 'Organic', ar: 'عضوي' },
    type: 'boolean',
    categories: [category],
  });
  product = await createdId(api, '/api/product', {
    nameEn: 'Medjool Dates',
    nameAr: 'تمر مجهول',
    family,
    category,
    attributes: {
      ingredients: { ar: 'تمر مجهول ١٠٠٪', en: '' },
      allergens: ['sesame', 'milk'],
      nutrition_basis: 'per_100g',
      energy_kcal: 277,
      energy_kj: 1159,
      fat: 0.15,
      saturated_fat: 0,
      carbohydrate: 75,
      sugars: 66.5,
      protein: 1.8,
      salt: 0.01,
      country_of_origin: { ar: 'الأردن', en: 'Jordan' },
      organic: true,
      supplier_note: { ar: 'سعر خاص', en: 'Special price secret' },
    },
  });
  const credentials = t.config.guest;
  if (!credentials) throw new Error('these pages need guest access on, the default');
  const signIn = await api.anonymous.post('/api/user/login', credentials);
  guest = body(signIn).token as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await api.anonymous.get(url);
  expect(res.statusCode).toBe(200);
  return load(res.body);
};
const texts = ($: CheerioAPI, selector: string) =>
  $(selector)
    .toArray()
    .map((e) => $(e).text().trim());
const facts = ($: CheerioAPI) =>
  $('.sp-attributes dt')
    .toArray()
    .map((dt) => [$(dt).text(), $(dt).next('dd').text()]);

describe("a product's attributes", () => {
  it("the nutrition table's keys are the food set's", () => {
    const keys = FOOD_SET.map((a) => a.key);
    for (const key of NUTRITION_KEYS) expect(keys).toContain(key);
  });

  it('the guest reads the visible ones with what shows them; the attribute list stays for staff', async () => {
    const read = await api.as(guest).get(`/api/product/${product}`);
    expect(read.statusCode).toBe(200);
    const answer = body(read) as {
      attributes: Record<string, unknown>;
      attributeDefinitions: { key: string; options: { key: string }[] }[];
    };
    expect(answer.attributes).not.toHaveProperty('supplier_note');
    const keys = answer.attributeDefinitions.map((d) => d.key);
    expect(keys).not.toContain('supplier_note');
    expect(keys.slice(0, 3)).toEqual(['ingredients', 'allergens', 'nutrition_basis']);
    // Only the options the product chose, in the attribute's order.
    const allergens = answer.attributeDefinitions.find((d) => d.key === 'allergens');
    expect(allergens?.options.map((o) => o.key)).toEqual(['milk', 'sesame']);
    const list = await api.as(guest).get('/api/attribute');
    expect(list.statusCode).toBe(403);
    const rows = await api.as(guest).get('/api/product?definitions=shown');
    const listed = (body(rows) as { data: { attributeDefinitions: { key: string }[] }[] }).data[0];
    expect(listed?.attributeDefinitions.map((d) => d.key)).toEqual(keys);
    const plain = await api.as(guest).get('/api/product');
    expect((body(plain) as { data: object[] }).data[0]).not.toHaveProperty('attributeDefinitions');
    const bad = await api.as(guest).get('/api/product?definitions=all');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('definitions');
  });

  it('shows allergens, origin and the nutrition table in Arabic, never an invisible one', async () => {
    const $ = await page(`/catalog/main/${product}`);
    expect(texts($, '.sp-attributes h2')).toEqual(['معلومات المنتج']);
    expect(facts($)).toEqual([
      ['المكونات', 'تمر مجهول ١٠٠٪'],
      ['مسببات الحساسية', 'الحليب، بذور السمسم'],
      ['بلد المنشأ', 'الأردن'],
      ['عضوي', 'نعم'],
    ]);
    const table = $('table.sp-nutrition');
    expect(table.find('caption').text()).toBe('القيم الغذائية لكل 100 غ');
    expect(texts($, 'table.sp-nutrition thead th')).toEqual(['العنصر الغذائي', 'لكل 100 غ']);
    expect(
      table
        .find('tbody tr')
        .toArray()
        .map((tr) => [$(tr).find('th[scope="row"]').text(), $(tr).find('td').text()]),
    ).toEqual([
      ['الطاقة', '277 كيلو كالوري / 1,159 كيلو جول'],
      ['الدهون', '0.15 غ'],
      ['منها الدهون المشبعة', '0 غ'],
      ['الكربوهيدرات', '75 غ'],
      ['منها السكريات', '66.5 غ'],
      ['البروتين', '1.8 غ'],
      ['الملح', '0.01 غ'],
    ]);
    expect($('#served-page').text()).not.toContain('سعر خاص');
    expect($('#served-page').text()).not.toContain('ملاحظة المورد');
  });

  it('in English: a value missing in English shows in Arabic, marked as Arabic', async () => {
    const $ = await page(`/catalog/main/${product}?lang=en`);
    expect(texts($, '.sp-attributes h2')).toEqual(['Product information']);
    expect(facts($)).toEqual([
      ['Ingredients', 'تمر مجهول ١٠٠٪'],
      ['Allergens', 'Milk, Sesame seeds'],
      ['Country of origin', 'Jordan'],
      ['Organic', 'Yes'],
    ]);
    expect($('.sp-attributes dd').first().attr('lang')).toBe('ar');
    expect($('.sp-attributes dd').eq(1).attr('lang')).toBeUndefined();
    expect($('table.sp-nutrition caption').text()).toBe('Nutrition facts per 100 g');
    expect(texts($, 'table.sp-nutrition tbody th')).toEqual([
      'Energy',
      'Fat',
      'of which saturates',
      'Carbohydrate',
      'of which sugars',
      'Protein',
      'Salt',
    ]);
    expect(texts($, 'table.sp-nutrition tbody td')[0]).toBe('277 kcal / 1,159 kJ');
    expect($('#served-page').text()).not.toContain('Supplier note');
    expect($('#served-page').text()).not.toContain('Special price secret');
  });
});
