import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { newCategory, newFamily, newProduct } from '../../../test/fixtures';
import { insertUser } from '../users/users.repository';

let t: TestApp;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.database.db, {
    firstName: 'Reader',
    lastName: 'One',
    username: 'reader',
    password: 'reader-password',
    role: 'user',
  });
  reader = await t.login('user', 'reader', 'reader-password');
});
afterAll(() => t.close());

const api = client(() => t);
// Any barcode: the products here have codes that are not GTINs.
const anyBarcode = { requireValidGtin: false };

describe('categories', () => {
  it('creates a category in a family and reads it with its product count', async () => {
    const fam = await newFamily(api, 'Cat Family', anyBarcode);
    const res = await api.as('admin').post('/api/category', {
      nameEn: 'Juices',
      nameAr: 'عصائر',
      family: String(fam),
      logo: 'logo-1234567.webp',
    });
    expect(res.statusCode).toBe(201);
    const created = body(res);
    expect(created).toEqual({
      id: expect.any(Number),
      name: { ar: 'عصائر', en: 'Juices' },
      nameAr: 'عصائر',
      nameEn: 'Juices',
      family: fam,
      parent: null,
      logo: 'logo-1234567.webp',
      image: null,
    });
    await newProduct(api, fam, created.id as number, 'Orange');
    await newProduct(api, fam, created.id as number, 'Apple');
    const one = await api.as(reader).get(`/api/category/${String(created.id)}`);
    expect(body(one)).toEqual({ ...created, counts: { products: 2, subCategories: 0 } });
  });

  it('names a missing or unknown family with a 400, and changes nothing', async () => {
    const missing = await api.as('admin').post('/api/category', { nameEn: 'X', nameAr: 'س', family: '' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).details).toMatchObject([{ path: 'body.family', message: 'This field is required' }]);
    const before = await readCatalogueVersion(t.database.db);
    const unknown = await api.as('admin').post('/api/category', { nameEn: 'X', nameAr: 'س', family: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({
      message: 'family: No family has this id',
      details: [{ path: 'body.family', message: 'No family has this id' }],
    });
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
  });

  it('refuses a duplicate English name within a family (409) but allows it in another family', async () => {
    const a = await newFamily(api, 'Dup A', anyBarcode);
    const b = await newFamily(api, 'Dup B', anyBarcode);
    await newCategory(api, a, 'Dairy');
    const clash = await api.as('admin').post('/api/category', {
      nameEn: 'DAIRY',
      nameAr: 'ألبان',
      family: a,
    });
    expect(clash.statusCode).toBe(409);
    expect(body(clash).message).toBe('nameEn: This family already has a category with this English name');
    expect(body(clash)).toMatchObject({ code: 'category.nameTaken', params: {} });
    expect(body(clash).details).toEqual([
      {
        path: 'body.nameEn',
        code: 'category.nameTaken',
        params: {},
        message: 'This family already has a category with this English name',
      },
    ]);
    await newCategory(api, b, 'Dairy');
  });

  it('moves its products along when a category changes family', async () => {
    const from = await newFamily(api, 'Move From', anyBarcode);
    const to = await newFamily(api, 'Move To', anyBarcode);
    const cat = await newCategory(api, from, 'Moving');
    const product = await newProduct(api, from, cat, 'Mover', { barcode: '123' });
    const res = await api.as('admin').patch(`/api/category/${cat}`, {
      nameEn: 'Moved',
      nameAr: 'منقول',
      family: to,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ id: cat, family: to, nameEn: 'Moved' });
    expect(body(await api.as(reader).get(`/api/product/${product}`))).toMatchObject({ family: to });
    expect(body(await api.as(reader).get(`/api/family/${from}`)).counts).toEqual({
      categories: 0,
      products: 0,
      complete: { ar: 0, en: 0 },
    });
  });

  it('refuses a move that would give a family two products with one barcode (409)', async () => {
    const a = await newFamily(api, 'Barcode A', anyBarcode);
    const b = await newFamily(api, 'Barcode B', anyBarcode);
    const catA = await newCategory(api, a, 'Shared');
    const catB = await newCategory(api, b, 'Shared');
    await newProduct(api, a, catA, 'One', { barcode: '555' });
    await newProduct(api, b, catB, 'Two', { barcode: '555' });
    const res = await api.as('admin').patch(`/api/category/${catA}`, {
      nameEn: 'Shared 2',
      nameAr: 'م',
      family: b,
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).details).toMatchObject([{ path: 'body.family', message: expect.any(String) }]);
    expect(body(await api.as(reader).get(`/api/category/${catA}`))).toMatchObject({ family: a });
  });

  it('deletes a category with its products (204), then answers 404', async () => {
    const fam = await newFamily(api, 'Delete Cat', anyBarcode);
    const cat = await newCategory(api, fam, 'Doomed');
    const keep = await newCategory(api, fam, 'Kept');
    await newProduct(api, fam, cat, 'Gone 1');
    await newProduct(api, fam, cat, 'Gone 2');
    await newProduct(api, fam, keep, 'Stays');
    const before = await readCatalogueVersion(t.database.db);
    const res = await api.as('admin').delete(`/api/category/${cat}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await readCatalogueVersion(t.database.db)).toBe(before + 1);
    expect((await api.as(reader).get(`/api/category/${cat}`)).statusCode).toBe(404);
    expect(body(await api.as(reader).get(`/api/family/${fam}`)).counts).toEqual({
      categories: 1,
      products: 1,
      complete: { ar: 1, en: 1 },
    });
    expect((await api.as('admin').delete(`/api/category/${cat}`)).statusCode).toBe(404);
    expect(
      (await api.as('admin').patch(`/api/category/${cat}`, { nameEn: 'a', nameAr: 'b', family: fam }))
        .statusCode,
    ).toBe(404);
  });

  it('needs a token to read (401) and an admin to write (403)', async () => {
    expect((await api.anonymous.get('/api/category')).statusCode).toBe(401);
    expect((await api.anonymous.get('/api/category/1')).statusCode).toBe(401);
    const res = await api.as(reader).post('/api/category', { nameEn: 'a', nameAr: 'b', family: 1 });
    expect(res.statusCode).toBe(403);
    expect((await api.as(reader).delete('/api/category/1')).statusCode).toBe(403);
  });
});

describe('category list', () => {
  it('filters by family, searches either name, pages in id order with the count', async () => {
    const fam = await newFamily(api, 'List Family', anyBarcode);
    const other = await newFamily(api, 'Other Family', anyBarcode);
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++) ids.push(await newCategory(api, fam, `Shelf ${i}`, { nameAr: `رف ${i}` }));
    await newCategory(api, other, 'Shelf 9');

    const page = body(await api.as(reader).get(`/api/category?family=${fam}&limit=2&skip=1`));
    expect(page.count).toBe(4);
    expect((page.data as { id: number }[]).map((c) => c.id)).toEqual(ids.slice(1, 3));

    const searched = body(await api.as(reader).get(`/api/category?search=shelf`));
    expect(searched.count).toBe(5);
    const arabic = body(
      await api.as(reader).get(`/api/category?family=${fam}&search=${encodeURIComponent('رف 2')}`),
    );
    expect(arabic).toMatchObject({ count: 1, data: [{ id: ids[1], family: fam }] });

    const bad = await api.as(reader).get('/api/category?family=abc');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'querystring.family', message: 'must be a positive whole number' },
    ]);
  });
});
