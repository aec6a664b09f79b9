import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS } from '@dalil/contracts/imports';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { newCategory, newFamily, newProduct } from '../../../test/fixtures';
import { csv, upload } from '../imports/imports.test-kit';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

const api = client(() => t);
const fieldOf = (res: { json: () => unknown }) =>
  (res.json() as { details?: { path: string; message: string }[] }).details?.[0];

describe('sub-categories', () => {
  it('keeps sub-categories one level deep, in the same family, and names the field when not', async () => {
    const fam = await newFamily(api, 'Sub Co');
    const other = await newFamily(api, 'Other Sub Co');
    const drinks = await newCategory(api, fam, 'Drinks');
    const juice = await newCategory(api, fam, 'Juice', { parent: drinks });
    expect(body(await api.as('admin').get(`/api/category/${juice}`))).toMatchObject({ parent: drinks });

    const foreign = await newCategory(api, other, 'Foreign');
    let res = await api
      .as('admin')
      .post('/api/category', { nameEn: 'X', nameAr: 'س', family: fam, parent: foreign });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toMatchObject({
      path: 'body.parent',
      message: expect.stringMatching(/another family/),
    });

    res = await api
      .as('admin')
      .post('/api/category', { nameEn: 'Deep', nameAr: 'ع', family: fam, parent: juice });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toMatchObject({ path: 'body.parent', message: expect.stringMatching(/one level/) });

    const snacks = await newCategory(api, fam, 'Snacks');
    res = await api.as('admin').patch(`/api/category/${drinks}`, {
      nameEn: 'Drinks',
      nameAr: 'ف Drinks',
      family: fam,
      parent: snacks,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)?.message).toMatch(/has sub-categories/);

    // The product's sub-category must be a child of its category.
    res = await api.as('admin').post('/api/product', {
      nameEn: 'P',
      nameAr: 'م',
      family: fam,
      category: snacks,
      subCategory: juice,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toMatchObject({ path: 'body.subCategory' });
    expect(body(await api.as('admin').get(`/api/category?family=${fam}&parent=none`)).count).toBe(2);
    const children = body(await api.as('admin').get(`/api/category?family=${fam}&parent=${drinks}`));
    expect((children.data as { id: number }[]).map((c) => c.id)).toEqual([juice]);
  });

  it('finds a product through its category or its sub-category, and counts what a delete removes', async () => {
    const fam = await newFamily(api, 'Search Sub Co');
    const dairy = await newCategory(api, fam, 'Dairy');
    const milk = await newCategory(api, fam, 'Milk', { parent: dairy });
    const cheese = await newCategory(api, fam, 'Cheese', { parent: dairy });
    const inMilk = await newProduct(api, fam, dairy, 'Camel Milk', { subCategory: milk });
    await newProduct(api, fam, dairy, 'Halloumi', { subCategory: cheese });
    await newProduct(api, fam, dairy, 'Butter');
    const search = async (cat: number) =>
      body(await api.as('admin').get(`/api/search?family=${fam}&category=${cat}`)) as {
        data: { id: number }[];
        count: number;
      };
    expect((await search(milk)).data.map((p) => p.id)).toEqual([inMilk]);
    expect((await search(dairy)).count).toBe(3);
    expect(body(await api.as('admin').get(`/api/product/${inMilk}`))).toMatchObject({
      category: dairy,
      subCategory: milk,
    });

    expect(body(await api.as('admin').get(`/api/category/${dairy}`)).counts).toEqual({
      products: 3,
      subCategories: 2,
    });
    expect(body(await api.as('admin').get(`/api/category/${milk}`)).counts).toEqual({
      products: 1,
      subCategories: 0,
    });
    expect((await api.as('admin').delete(`/api/category/${dairy}`)).statusCode).toBe(204);
    expect((await api.as('admin').get(`/api/category/${milk}`)).statusCode).toBe(404);
    expect((await api.as('admin').get(`/api/product/${inMilk}`)).statusCode).toBe(404);
  });

  it('imports and exports sub-categories, and still takes files without their columns', async () => {
    const header = [...CSV_COLUMNS];
    const row = (cat: string, sub: string, prod: string, barcode: string) => [
      'Csv Sub Co',
      'شركة',
      cat,
      `ف ${cat}`,
      sub,
      sub ? `ف ${sub}` : '',
      prod,
      `م ${prod}`,
      barcode,
      '',
      '',
      '',
      '',
      '',
      '',
    ];
    const file = csv([
      header,
      row('Bakery', 'Bread', 'Baguette', '6281000009001'),
      row('Bakery', 'Cakes', 'Cheesecake', '6281000009002'),
      row('Bakery', '', 'Croissant', '6281000009003'),
    ]);
    const imported = await upload(t, admin, '/api/upload/all', file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.categories).toEqual({ created: 3, updated: 0, unchanged: 0 });
    const again = await upload(t, admin, '/api/upload/all?dryRun=true', file);
    expect(again.body.categories).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(again.body.products).toEqual({ created: 0, updated: 0, unchanged: 3 });

    const res = await api.as('admin').get('/api/export/all.csv');
    const rows: string[][] = parse(res.body, { bom: true, relax_column_count: true });
    const byName = new Map(rows.map((r) => [r[6], r]));
    expect(byName.get('Baguette')!.slice(2, 6)).toEqual(['Bakery', 'ف Bakery', 'Bread', 'ف Bread']);
    expect(byName.get('Croissant')!.slice(4, 6)).toEqual(['', '']);

    // An old file, without the sub-category columns, leaves the products' sub-categories as they are.
    const old = csv([
      header.filter((c) => !c.startsWith('subCategory')),
      ['Csv Sub Co', 'شركة', 'Bakery', 'ف Bakery', 'Baguette', 'م Baguette 2', '6281000009001'],
    ]);
    expect((await upload(t, admin, '/api/upload/all', old)).status).toBe(200);
    const baguette = body(await api.as('admin').get('/api/product?search=6281000009001')).data as {
      subCategory: number;
    }[];
    expect(baguette[0]!.subCategory).toEqual(expect.any(Number));

    // A sub-category that is also a parent in the file is refused, naming the line and column.
    const bad = csv([header, row('Bread', 'Rolls', 'Bun', '6281000009004')]);
    const refused = await upload(t, admin, '/api/upload/all', bad);
    expect(refused.status).toBe(422);
    expect(refused.report().problems).toMatchObject([
      { line: 2, column: 'categoryNameEn', reason: 'is a sub-category, so it cannot have sub-categories' },
    ]);
  });
});
