import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { insertUser } from '../users/users.repository';

let t: TestApp;
let admin: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const made = async (url: string, payload: object) => {
  const res = await call('POST', url, admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return body(res) as { id: number };
};
// Any barcode: the products here have codes that are not GTINs.
const newFamily = (en: string) =>
  made('/api/family', { nameEn: en, nameAr: `ع ${en}`, requireValidGtin: false });
const newCategory = (family: number, en: string, ar = `ف ${en}`) =>
  made('/api/category', { nameEn: en, nameAr: ar, family });
const newProduct = (family: number, category: number, en: string, barcode?: string) =>
  made('/api/product', { nameEn: en, nameAr: `م ${en}`, family, category, barcode });

describe('categories', () => {
  it('creates a category in a family and reads it with its product count', async () => {
    const fam = await newFamily('Cat Family');
    const res = await call('POST', '/api/category', admin, {
      nameEn: 'Juices',
      nameAr: 'عصائر',
      family: String(fam.id),
      logo: 'logo-1234567.webp',
    });
    expect(res.statusCode).toBe(201);
    const created = body(res);
    expect(created).toEqual({
      id: expect.any(Number),
      name: { ar: 'عصائر', en: 'Juices' },
      nameAr: 'عصائر',
      nameEn: 'Juices',
      family: fam.id,
      parent: null,
      logo: 'logo-1234567.webp',
      image: null,
    });
    await newProduct(fam.id, created.id as number, 'Orange');
    await newProduct(fam.id, created.id as number, 'Apple');
    const one = await call('GET', `/api/category/${String(created.id)}`, reader);
    expect(body(one)).toEqual({ ...created, counts: { products: 2, subCategories: 0 } });
  });

  it('names a missing or unknown family with a 400, and changes nothing', async () => {
    const missing = await call('POST', '/api/category', admin, { nameEn: 'X', nameAr: 'س', family: '' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).details).toMatchObject([{ path: 'body.family', message: 'This field is required' }]);
    const before = await readCatalogueVersion(t.database.db);
    const unknown = await call('POST', '/api/category', admin, { nameEn: 'X', nameAr: 'س', family: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)).toMatchObject({
      message: 'family: No family has this id',
      details: [{ path: 'body.family', message: 'No family has this id' }],
    });
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
  });

  it('refuses a duplicate English name within a family (409) but allows it in another family', async () => {
    const a = await newFamily('Dup A');
    const b = await newFamily('Dup B');
    await newCategory(a.id, 'Dairy');
    const clash = await call('POST', '/api/category', admin, {
      nameEn: 'DAIRY',
      nameAr: 'ألبان',
      family: a.id,
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
    await newCategory(b.id, 'Dairy');
  });

  it('moves its products along when a category changes family', async () => {
    const from = await newFamily('Move From');
    const to = await newFamily('Move To');
    const cat = await newCategory(from.id, 'Moving');
    const product = await newProduct(from.id, cat.id, 'Mover', '123');
    const res = await call('PATCH', `/api/category/${cat.id}`, admin, {
      nameEn: 'Moved',
      nameAr: 'منقول',
      family: to.id,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ id: cat.id, family: to.id, nameEn: 'Moved' });
    expect(body(await call('GET', `/api/product/${product.id}`, reader))).toMatchObject({ family: to.id });
    expect(body(await call('GET', `/api/family/${from.id}`, reader)).counts).toEqual({
      categories: 0,
      products: 0,
      complete: { ar: 0, en: 0 },
    });
  });

  it('refuses a move that would give a family two products with one barcode (409)', async () => {
    const a = await newFamily('Barcode A');
    const b = await newFamily('Barcode B');
    const catA = await newCategory(a.id, 'Shared');
    const catB = await newCategory(b.id, 'Shared');
    await newProduct(a.id, catA.id, 'One', '555');
    await newProduct(b.id, catB.id, 'Two', '555');
    const res = await call('PATCH', `/api/category/${catA.id}`, admin, {
      nameEn: 'Shared 2',
      nameAr: 'م',
      family: b.id,
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).details).toMatchObject([{ path: 'body.family', message: expect.any(String) }]);
    expect(body(await call('GET', `/api/category/${catA.id}`, reader))).toMatchObject({ family: a.id });
  });

  it('deletes a category with its products (204), then answers 404', async () => {
    const fam = await newFamily('Delete Cat');
    const cat = await newCategory(fam.id, 'Doomed');
    const keep = await newCategory(fam.id, 'Kept');
    await newProduct(fam.id, cat.id, 'Gone 1');
    await newProduct(fam.id, cat.id, 'Gone 2');
    await newProduct(fam.id, keep.id, 'Stays');
    const before = await readCatalogueVersion(t.database.db);
    const res = await call('DELETE', `/api/category/${cat.id}`, admin);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await readCatalogueVersion(t.database.db)).toBe(before + 1);
    expect((await call('GET', `/api/category/${cat.id}`, reader)).statusCode).toBe(404);
    expect(body(await call('GET', `/api/family/${fam.id}`, reader)).counts).toEqual({
      categories: 1,
      products: 1,
      complete: { ar: 1, en: 1 },
    });
    expect((await call('DELETE', `/api/category/${cat.id}`, admin)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/category/${cat.id}`, admin, { nameEn: 'a', nameAr: 'b', family: fam.id }))
        .statusCode,
    ).toBe(404);
  });

  it('needs a token to read (401) and an admin to write (403)', async () => {
    expect((await call('GET', '/api/category')).statusCode).toBe(401);
    expect((await call('GET', '/api/category/1')).statusCode).toBe(401);
    const res = await call('POST', '/api/category', reader, { nameEn: 'a', nameAr: 'b', family: 1 });
    expect(res.statusCode).toBe(403);
    expect((await call('DELETE', '/api/category/1', reader)).statusCode).toBe(403);
  });
});

describe('category list', () => {
  it('filters by family, searches either name, pages in id order with the count', async () => {
    const fam = await newFamily('List Family');
    const other = await newFamily('Other Family');
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++) ids.push((await newCategory(fam.id, `Shelf ${i}`, `رف ${i}`)).id);
    await newCategory(other.id, 'Shelf 9');

    const page = body(await call('GET', `/api/category?family=${fam.id}&limit=2&skip=1`, reader));
    expect(page.count).toBe(4);
    expect((page.data as { id: number }[]).map((c) => c.id)).toEqual(ids.slice(1, 3));

    const searched = body(await call('GET', `/api/category?search=shelf`, reader));
    expect(searched.count).toBe(5);
    const arabic = body(
      await call('GET', `/api/category?family=${fam.id}&search=${encodeURIComponent('رف 2')}`, reader),
    );
    expect(arabic).toMatchObject({ count: 1, data: [{ id: ids[1], family: fam.id }] });

    const bad = await call('GET', '/api/category?family=abc', reader);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'querystring.family', message: 'must be a positive whole number' },
    ]);
  });
});
