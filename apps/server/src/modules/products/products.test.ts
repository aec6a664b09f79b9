import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId, productBody } from '../../../test/fixtures';
import { insertUser } from '../users/users.repository';

let t: TestApp;
let reader: string;
let fam: number;
let cat: number;
let otherFam: number;
let otherCat: number;

const api = client(() => t);

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
  // Any barcode here; the GTIN rule has its own tests (gtin-barcodes.test.ts).
  fam = await createdId(api, '/api/family', {
    nameEn: 'Products Co',
    nameAr: 'شركة المنتجات',
    requireValidGtin: false,
  });
  cat = await createdId(api, '/api/category', { nameEn: 'Canned', nameAr: 'معلبات', family: fam });
  otherFam = await createdId(api, '/api/family', {
    nameEn: 'Other Co',
    nameAr: 'شركة أخرى',
    requireValidGtin: false,
  });
  otherCat = await createdId(api, '/api/category', {
    nameEn: 'Other',
    nameAr: 'أخرى',
    family: otherFam,
  });
});
afterAll(() => t.close());

describe('products', () => {
  it('creates a product with every field and reads it back', async () => {
    const res = await api.as('admin').post('/api/product', {
      ...productBody(fam, cat, 'Chickpeas'),
      barcode: 6281000000013,
      number: '٠٠٤٢',
      netWeight: '400 (g)',
      drainedWeight: '240 (g)',
      unitsPerCarton: '24',
      cartonPerPalate: 60,
      descriptionEn: 'Boiled chickpeas',
      descriptionAr: 'حمص مسلوق',
      cost: '3.5',
      shelfLife: '2 years',
      logo: 'icon_1234567.webp',
      image: 'image-1234567.webp',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = body(res);
    expect(created).toEqual({
      id: expect.any(Number),
      name: { ar: 'منتج Chickpeas', en: 'Chickpeas' },
      nameAr: 'منتج Chickpeas',
      nameEn: 'Chickpeas',
      family: fam,
      category: cat,
      subCategory: null,
      barcode: '6281000000013',
      number: '0042',
      netWeight: '400 (g)',
      drainedWeight: '240 (g)',
      unitsPerCarton: 24,
      cartonPerPalate: 60,
      descriptionEn: 'Boiled chickpeas',
      descriptionAr: 'حمص مسلوق',
      cost: 3.5,
      shelfLife: '2 years',
      logo: 'icon_1234567.webp',
      image: 'image-1234567.webp',
      status: 'published',
      publishAt: null,
      attributes: {},
      // The barcode is not a valid GTIN (this family allows that): one item left in each language.
      completeness: { ar: 50, en: 50 },
    });
    // A single read also carries what shows the visible attribute values (none here).
    expect(body(await api.as(reader).get(`/api/product/${String(created.id)}`))).toEqual({
      ...created,
      attributeDefinitions: [],
    });
  });

  it('keeps leading zeros and 14-digit barcodes as strings; optional fields may be left empty', async () => {
    const a = await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'Zeros', { barcode: '00012345', number: '' }),
    );
    const b = await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'GTIN', { barcode: '12345678901231', netWeight: '' }),
    );
    expect(body(await api.as(reader).get(`/api/product/${a}`))).toMatchObject({
      barcode: '00012345',
      number: null,
      cost: null,
      unitsPerCarton: null,
    });
    expect(body(await api.as(reader).get(`/api/product/${b}`))).toMatchObject({
      barcode: '12345678901231',
      netWeight: null,
    });
  });

  it('names a barcode, code or count that is not a number with a 400', async () => {
    const before = await readCatalogueVersion(t.database.db);
    const res = await api.as('admin').post('/api/product', {
      ...productBody(fam, cat, 'Bad'),
      barcode: '12-34',
      number: 1.5,
      unitsPerCarton: 'a dozen',
      cost: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('barcode: must contain digits only');
    expect(body(res).details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.barcode', message: 'must contain digits only' }),
        expect.objectContaining({ path: 'body.number', message: 'must contain digits only' }),
        expect.objectContaining({
          path: 'body.unitsPerCarton',
          message: 'must be a whole number of 0 or more',
        }),
        expect.objectContaining({ path: 'body.cost', message: 'must be 0 or more' }),
      ]),
    );
    const blank = await api.as('admin').post('/api/product', { family: fam });
    expect(body(blank).details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.nameEn', message: 'This field is required' }),
        expect.objectContaining({ path: 'body.category', message: 'This field is required' }),
      ]),
    );
    expect(await readCatalogueVersion(t.database.db)).toBe(before);
  });

  it('refuses a category of another family, or an unknown family or category, naming the field', async () => {
    const cases = [
      [{ category: otherCat }, 'category', 'The category does not belong to the chosen family'],
      [{ category: 999999 }, 'category', 'No category has this id'],
      [{ family: 999999 }, 'family', 'No family has this id'],
    ] as const;
    for (const [change, field, message] of cases) {
      const res = await api.as('admin').post('/api/product', productBody(fam, cat, 'Wrong', change));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        message: `${field}: ${message}`,
        details: [{ path: `body.${field}`, message }],
      });
    }
  });

  it('refuses a barcode already used in the family (409), but allows it in another family', async () => {
    await createdId(api, '/api/product', productBody(fam, cat, 'First', { barcode: '777' }));
    const clash = await api
      .as('admin')
      .post('/api/product', productBody(fam, cat, 'Second', { barcode: '٧٧٧' }));
    expect(clash.statusCode).toBe(409);
    expect(body(clash)).toMatchObject({
      message: 'barcode: Another product of this family already has this barcode',
      details: [{ path: 'body.barcode' }],
    });
    await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'Elsewhere', { barcode: '777', family: otherFam, category: otherCat }),
    );
  });

  it('updates a product (moving it to another family and category), then deletes it', async () => {
    const id = await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'Editable', { barcode: '4242' }),
    );
    const before = await readCatalogueVersion(t.database.db);
    const res = await api.as('admin').patch(`/api/product/${id}`, {
      ...productBody(fam, cat, 'Edited', { family: otherFam, category: otherCat }),
      barcode: null,
      cost: 12.25,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      id,
      nameEn: 'Edited',
      family: otherFam,
      category: otherCat,
      barcode: null,
      cost: 12.25,
    });
    expect(await readCatalogueVersion(t.database.db)).toBe(before + 1);
    const mismatch = await api
      .as('admin')
      .patch(`/api/product/${id}`, productBody(fam, cat, 'Edited', { category: otherCat }));
    expect(mismatch.statusCode).toBe(400);

    expect((await api.as('admin').delete(`/api/product/${id}`)).statusCode).toBe(204);
    expect((await api.as(reader).get(`/api/product/${id}`)).statusCode).toBe(404);
    expect(
      (await api.as('admin').patch(`/api/product/${id}`, productBody(fam, cat, 'Ghost'))).statusCode,
    ).toBe(404);
    expect((await api.as('admin').delete(`/api/product/${id}`)).statusCode).toBe(404);
  });

  it('needs a token to read (401) and an admin to write (403)', async () => {
    expect((await api.anonymous.get('/api/product')).statusCode).toBe(401);
    expect((await api.as(reader).post('/api/product', productBody(fam, cat, 'Nope'))).statusCode).toBe(403);
    expect((await api.as(reader).put('/api/product/1', productBody(fam, cat, 'Nope'))).statusCode).toBe(403);
    expect((await api.as(reader).delete('/api/product/1')).statusCode).toBe(403);
  });
});

describe('product list', () => {
  it('filters by family and category, searches names (normalized) and exact codes, and pages', async () => {
    const list = await createdId(api, '/api/category', {
      nameEn: 'Listing',
      nameAr: 'قائمة',
      family: fam,
    });
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      ids.push(
        await createdId(
          api.as('admin'),
          '/api/product',
          productBody(fam, cat, `Listed ${i}`, { category: list, number: `90${i}` }),
        ),
      );
    }
    const page = body(await api.as(reader).get(`/api/product?category=${list}&limit=2&skip=2`));
    expect(page.count).toBe(5);
    expect((page.data as { id: number }[]).map((p) => p.id)).toEqual(ids.slice(2, 4));

    const byFamily = body(await api.as(reader).get(`/api/product?family=${otherFam}&limit=100`));
    expect((byFamily.data as { family: number }[]).every((p) => p.family === otherFam)).toBe(true);

    const arabic = await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'Dates', { nameAr: 'تمور مُجفّفة', category: list }),
    );
    // Tashkeel and letter forms are folded the same way on write and on query.
    const found = body(await api.as(reader).get(`/api/product?search=${encodeURIComponent('تمور مجففه')}`));
    expect(found).toMatchObject({ count: 1, data: [{ id: arabic }] });
    const byCode = body(await api.as(reader).get(`/api/product?search=903`));
    expect(byCode).toMatchObject({ count: 1, data: [{ id: ids[2] }] });
    expect(body(await api.as(reader).get(`/api/product?search=LISTED&category=${list}`)).count).toBe(5);
  });
});

describe('cascade', () => {
  it('deleting a family removes its categories and products; the family shows its counts first', async () => {
    const doomed = await createdId(api, '/api/family', {
      nameEn: 'Doomed Co',
      nameAr: 'زائلة',
      requireValidGtin: false,
    });
    const c1 = await createdId(api, '/api/category', {
      nameEn: 'C1',
      nameAr: 'ف1',
      family: doomed,
    });
    const c2 = await createdId(api, '/api/category', {
      nameEn: 'C2',
      nameAr: 'ف2',
      family: doomed,
    });
    const p = await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'P1', { family: doomed, category: c1 }),
    );
    await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'P2', { family: doomed, category: c1 }),
    );
    await createdId(
      api.as('admin'),
      '/api/product',
      productBody(fam, cat, 'P3', { family: doomed, category: c2 }),
    );
    expect(body(await api.as(reader).get(`/api/family/${doomed}`)).counts).toEqual({
      categories: 2,
      products: 3,
      complete: { ar: 3, en: 3 },
    });

    expect((await api.as('admin').delete(`/api/family/${doomed}`)).statusCode).toBe(204);
    expect((await api.as(reader).get(`/api/family/${doomed}`)).statusCode).toBe(404);
    expect((await api.as(reader).get(`/api/category/${c1}`)).statusCode).toBe(404);
    expect((await api.as(reader).get(`/api/product/${p}`)).statusCode).toBe(404);
    expect(body(await api.as(reader).get(`/api/category?family=${doomed}`)).count).toBe(0);
    expect(body(await api.as(reader).get(`/api/product?family=${doomed}`)).count).toBe(0);
    expect(body(await api.as(reader).get(`/api/family/${fam}`)).counts).toMatchObject({ categories: 2 });
  });
});
