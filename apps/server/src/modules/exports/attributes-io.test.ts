import { parse } from 'csv-parse/sync';
import type { Attribute } from '@dalil/contracts/attributes';
import type { Product } from '@dalil/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminCalls } from '../attributes/attributes.test-kit';
import { csv, readWorkbook, sheetValues, snapshot, upload } from '../imports/imports.test-kit';

// Attribute columns through an export and back: a family with every attribute type filled is
// exported as CSV and XLSX and re-imported unchanged; one edited cell changes one value; unknown
// columns and bad values are refused naming the column; the template and an import's undo follow.

let t: TestApp;
let admin: string;
let family = 0;
let product = 0;
const { call, made, read } = adminCalls(
  () => t,
  () => admin,
);

const VALUES = {
  ingredients: { ar: 'حليب، ملح', en: 'Milk, "salt" | more' },
  allergens: ['milk', 'sesame'],
  nutrition_basis: 'per_100g',
  energy_kcal: 250.5,
  storage: { ar: 'يحفظ مبرداً', en: 'Keep chilled' },
  organic: true,
  harvested: '2026-10-01',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  family = (
    await made('/api/family', { nameEn: 'Dairy Farm', nameAr: 'مزرعة الألبان', requireValidGtin: false })
  ).id;
  const cheese = (await made('/api/category', { nameEn: 'Cheese', nameAr: 'أجبان', family })).id;
  await made('/api/attribute/sets/food', { family, categories: [cheese] });
  const extra = { family, categories: [cheese] };
  await made<Attribute>('/api/attribute', {
    ...extra,
    key: 'organic',
    name: { ar: 'عضوي', en: 'Organic' },
    type: 'boolean',
  });
  await made<Attribute>('/api/attribute', {
    ...extra,
    key: 'harvested',
    name: { ar: 'تاريخ الحصاد', en: 'Harvested' },
    type: 'date',
  });
  product = (
    await made('/api/product', {
      nameEn: 'White cheese',
      nameAr: 'جبنة بيضاء',
      family,
      category: cheese,
      barcode: '5000',
      attributes: VALUES,
    })
  ).id;
});
afterAll(() => t.close());

const valuesOf = async () => (await read<Product>(`/api/product/${product}`)).attributes;
const importAll = (file: string | Buffer, dryRun = false) =>
  upload(t, admin, `/api/upload/all${dryRun ? '?dryRun=true' : ''}`, file);

type Format = 'csv' | 'xlsx';

/** The family's export as rows of text cells, and the file with some cells changed (by column name). */
async function exported(format: Format) {
  const res = await call('GET', `/api/export/family/${family}.${format}`);
  expect(res.statusCode).toBe(200);
  const rows: string[][] =
    format === 'csv'
      ? parse(res.body, { bom: true })
      : // Array.from: a sheet row's empty cells are holes, which map would keep.
        sheetValues(await readWorkbook(res.rawPayload)).map((r) =>
          Array.from(r, (v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
        );
  const header = rows[0]!;
  const edited = async (changes: Record<string, string>) => {
    if (format === 'csv') {
      const copy = rows.map((r) => [...r]);
      for (const [column, value] of Object.entries(changes)) copy[1]![header.indexOf(column)] = value;
      return csv(copy);
    }
    const sheet = await readWorkbook(res.rawPayload);
    for (const [column, value] of Object.entries(changes)) {
      sheet.getRow(2).getCell(header.indexOf(column) + 1).value = value;
    }
    return Buffer.from(await sheet.workbook.xlsx.writeBuffer());
  };
  return { header, row: rows[1]!, file: format === 'csv' ? res.body : res.rawPayload, edited };
}

describe.each(['csv', 'xlsx'] as const)('attribute columns round-trip (%s)', (format) => {
  it('writes a column per attribute, texts in both languages, in the attribute order', async () => {
    const { header, row } = await exported(format);
    const attrs = header.filter((h) => h.startsWith('attr.'));
    expect(attrs).toEqual([
      'attr.ingredients.ar',
      'attr.ingredients.en',
      'attr.allergens',
      'attr.nutrition_basis',
      'attr.energy_kcal',
      'attr.energy_kj',
      'attr.fat',
      'attr.saturated_fat',
      'attr.carbohydrate',
      'attr.sugars',
      'attr.protein',
      'attr.salt',
      'attr.storage.ar',
      'attr.storage.en',
      'attr.country_of_origin.ar',
      'attr.country_of_origin.en',
      'attr.organic',
      'attr.harvested',
    ]);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('attr.ingredients.en')).toBe('Milk, "salt" | more');
    expect(cell('attr.allergens')).toBe('milk|sesame');
    expect(cell('attr.nutrition_basis')).toBe('per_100g');
    expect(cell('attr.energy_kcal')).toBe('250.5');
    expect(cell('attr.energy_kj')).toBe('');
    expect(cell('attr.organic')).toBe('yes');
    expect(cell('attr.harvested')).toBe('2026-10-01');
  });

  it('imports an untouched export as unchanged, and changes nothing', async () => {
    const { file } = await exported(format);
    const preview = await importAll(file, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      problemCount: 0,
      products: { created: 0, updated: 0, unchanged: 1 },
      attributeChanges: 0,
    });
    const before = await snapshot(t);
    const res = await importAll(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await snapshot(t)).toEqual(before);
  });

  it('an edited cell changes that value only; an emptied one clears it', async () => {
    const { edited } = await exported(format);
    const file = await edited({ 'attr.energy_kcal': '99', 'attr.storage.en': '' });
    const preview = await importAll(file, true);
    expect(preview.body).toMatchObject({ problemCount: 0, products: { updated: 1 }, attributeChanges: 1 });
    expect(await valuesOf()).toEqual(VALUES);
    const res = await importAll(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await valuesOf()).toEqual({ ...VALUES, energy_kcal: 99, storage: { ar: 'يحفظ مبرداً', en: '' } });
    // Back as it was, through the same columns.
    const back = await (
      await exported(format)
    ).edited({ 'attr.energy_kcal': '250.5', 'attr.storage.en': 'Keep chilled' });
    expect((await importAll(back)).status).toBe(200);
    expect(await valuesOf()).toEqual(VALUES);
  });

  it('refuses bad values as line problems naming the column, and changes nothing', async () => {
    const { edited } = await exported(format);
    const file = await edited({
      'attr.energy_kcal': 'lots',
      'attr.nutrition_basis': 'per_cup',
      'attr.harvested': '2026-02-30',
      'attr.organic': 'maybe',
    });
    const before = await snapshot(t);
    const res = await importAll(file);
    expect(res.status).toBe(422);
    const problems = res.report().problems.map((p) => [p.line, p.column, p.reason]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [2, 'attr.energy_kcal', 'must be a number'],
        [2, 'attr.nutrition_basis', expect.stringContaining('"per_cup" is not an option')],
        [2, 'attr.harvested', 'must be a date written YYYY-MM-DD'],
        [2, 'attr.organic', 'must be true or false'],
      ]),
    );
    expect(problems).toHaveLength(4);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('attribute columns in an "all" file', () => {
  it("checks each row against its own family's attributes: an unknown key is a problem where filled", async () => {
    const before = await snapshot(t);
    const header = ['familyNameEn', 'familyNameAr', 'categoryNameEn', 'categoryNameAr', 'productNameEn'];
    const res = await importAll(
      csv([
        [...header, 'productNameAr', 'productBarcode', 'attr.colour', 'attr.organic'],
        [
          'Dairy Farm',
          'مزرعة الألبان',
          'Cheese',
          'أجبان',
          'White cheese',
          'جبنة بيضاء',
          '5000',
          'red',
          'yes',
        ],
        ['Bakery', 'مخبز', 'Bread', 'خبز', 'Loaf', 'رغيف', '', '', ''],
        ['Bakery', 'مخبز', 'Bread', 'خبز', 'Bun', 'كعكة', '', '', 'no'],
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.report().problems).toEqual([
      { line: 2, column: 'attr.colour', reason: 'the family has no attribute with this key' },
      { line: 4, column: 'attr.organic', reason: 'the family has no attribute with this key' },
    ]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('attribute columns in per-family uploads', () => {
  const header = ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr', 'productBarcode'];
  const row = ['Cheese', 'أجبان', 'White cheese', 'جبنة بيضاء', '5000'];

  it('an unknown attribute column is a 400 naming it', async () => {
    const res = await upload(
      t,
      admin,
      `/api/upload/categories/${family}`,
      csv([
        [...header, 'attr.colour'],
        [...row, 'red'],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Unknown attribute column "attr.colour": the family has no attribute with this key',
    );
  });

  it('a column absent from the file leaves those values alone', async () => {
    const res = await upload(
      t,
      admin,
      `/api/upload/categories/${family}`,
      csv([
        [...header, 'attr.organic'],
        [...row, 'no'],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ products: { updated: 1 }, attributeChanges: 1 });
    expect(await valuesOf()).toEqual({ ...VALUES, organic: false });
  });

  it('an import is undone with its attribute values', async () => {
    const before = await valuesOf();
    const res = await upload(
      t,
      admin,
      `/api/upload/categories/${family}`,
      csv([
        [...header, 'attr.allergens', 'attr.harvested'],
        [...row, 'eggs', ''],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await valuesOf()).toMatchObject({ allergens: ['eggs'] });
    expect((await valuesOf()).harvested).toBeUndefined();
    const undo = await call('POST', `/api/import/${res.body.importId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await valuesOf()).toEqual(before);
  });

  it('the XLSX template of a family has its attribute columns', async () => {
    const res = await call('GET', `/api/upload/template/products.xlsx?family=${family}`);
    expect(res.statusCode, res.body).toBe(200);
    const [names] = sheetValues(await readWorkbook(res.rawPayload));
    expect(names!.slice(-4)).toEqual([
      'attr.country_of_origin.ar',
      'attr.country_of_origin.en',
      'attr.organic',
      'attr.harvested',
    ]);
    expect(names).toContain('attr.energy_kcal');
    expect((await call('GET', '/api/upload/template/products.xlsx?family=999999')).statusCode).toBe(404);
  });
});
