import {
  AttributeListSchema,
  AttributeValueSchema,
  type Attribute,
  type Completeness,
} from '@dalil/contracts/attributes';
import type { Product } from '@dalil/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { adminCalls } from './attributes.test-kit';

let t: TestApp;
let admin: string;
let fam: number;
let cat: number;
let sub: number;
let otherCat: number;

const { call, made, put, patch, read, newest, revert } = adminCalls(
  () => t,
  () => admin,
);

/** A family of its own per test, with a category and a sub-category of it. */
async function family(name: string, requireValidGtin = false) {
  const f = await made('/api/family', { nameEn: name, nameAr: `عائلة ${name}`, requireValidGtin });
  const c = await made('/api/category', { nameEn: `${name} cat`, nameAr: `فئة ${name}`, family: f.id });
  const s = await made('/api/category', {
    nameEn: `${name} sub`,
    nameAr: `فرعية ${name}`,
    family: f.id,
    parent: c.id,
  });
  return { family: f.id, category: c.id, sub: s.id };
}

const attribute = (extra: Record<string, unknown>) =>
  made<Attribute>('/api/attribute', {
    family: fam,
    name: { ar: `سمة ${String(extra.key)}`, en: `Attr ${String(extra.key)}` },
    type: 'text',
    categories: [cat],
    ...extra,
  });
// Products without a barcode are told apart by their English name in their category.
let serial = 0;
const productBody = (extra: Record<string, unknown> = {}) => ({
  nameEn: `Lentils ${++serial}`,
  nameAr: 'عدس',
  family: fam,
  category: cat,
  ...extra,
});
const productWith = (attributes: object, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/product', admin, productBody({ attributes, ...extra }));
const detailsOf = (res: { json: () => unknown }) =>
  (res.json() as { details: { path: string; message: string }[] }).details;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  ({ family: fam, category: cat, sub } = await family('Pantry'));
  otherCat = (await made('/api/category', { nameEn: 'Drinks', nameAr: 'مشروبات', family: fam })).id;
  await attribute({ key: 'title', type: 'text', required: 'ar' });
  await attribute({ key: 'notes', type: 'longText' });
  await attribute({ key: 'weight', type: 'number', unit: 'g', required: 'both' });
  await attribute({ key: 'organic', type: 'boolean' });
  await attribute({
    key: 'color',
    type: 'choice',
    options: [
      { key: 'red', name: { ar: 'أحمر', en: 'Red' } },
      { key: 'green', name: { ar: 'أخضر', en: 'Green' } },
    ],
  });
  await attribute({
    key: 'allergens',
    name: { ar: 'مسببات الحساسية', en: 'Allergens' },
    type: 'choices',
    options: [
      { key: 'milk', name: { ar: 'الحليب', en: 'Milk' } },
      { key: 'eggs', name: { ar: 'البيض', en: 'Eggs' } },
    ],
  });
  await attribute({ key: 'packed', type: 'date', categories: [sub] });
});
afterAll(() => t.close());

describe('the attribute resource', () => {
  it('lists a family’s attributes by position, each after the ones before it', async () => {
    const list = await read<{ data: Attribute[]; count: number }>(`/api/attribute?family=${fam}`);
    expect(AttributeListSchema.safeParse(list).success).toBe(true);
    expect(list.count).toBe(7);
    expect(list.data.map((a) => a.key)).toEqual([
      'title',
      'notes',
      'weight',
      'organic',
      'color',
      'allergens',
      'packed',
    ]);
    expect(list.data.map((a) => a.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(list.data[2]).toMatchObject({
      family: fam,
      key: 'weight',
      name: { ar: 'سمة weight', en: 'Attr weight' },
      group: null,
      type: 'number',
      unit: 'g',
      options: [],
      visible: true,
      required: 'both',
      categories: [cat],
    });
  });

  it('gives a category’s attributes: its own and, for a sub-category, its parent’s', async () => {
    const ofCat = await read<{ data: Attribute[] }>(`/api/attribute?category=${cat}`);
    expect(ofCat.data.map((a) => a.key)).not.toContain('packed');
    expect(ofCat.data).toHaveLength(6);
    const ofSub = await read<{ data: Attribute[] }>(`/api/attribute?category=${sub}`);
    expect(ofSub.data.map((a) => a.key)).toContain('packed');
    expect(ofSub.data).toHaveLength(7);
    expect((await read<{ data: Attribute[] }>(`/api/attribute?category=${otherCat}`)).data).toEqual([]);
  });

  it('refuses a key the family has (409) and categories of another family (400)', async () => {
    const twice = await call('POST', '/api/attribute', admin, {
      family: fam,
      key: 'weight',
      name: { ar: 'وزن', en: 'Weight' },
      type: 'number',
    });
    expect(twice.statusCode).toBe(409);
    expect(detailsOf(twice)[0]!.path).toBe('body.key');
    const other = await family('Elsewhere');
    const foreign = await call('POST', '/api/attribute', admin, {
      family: fam,
      key: 'foreign',
      name: { ar: 'غريب', en: 'Foreign' },
      type: 'text',
      categories: [other.category],
    });
    expect(foreign.statusCode).toBe(400);
    expect(detailsOf(foreign)[0]!.path).toBe('body.categories');
    const bad = await call('POST', '/api/attribute', admin, {
      family: fam,
      key: 'Bad Key',
      name: { ar: 'س', en: 'K' },
      type: 'choice',
    });
    expect(bad.statusCode).toBe(400);
    const paths = detailsOf(bad).map((d) => d.path);
    expect(paths).toContain('body.key');
    expect((await read<{ count: number }>(`/api/attribute?family=${fam}`)).count).toBe(7);
  });
});

describe('product values', () => {
  it('stores a valid value of every type, normalized', async () => {
    const res = await productWith({
      title: { ar: ' عنوان ', en: 'Title' },
      notes: { ar: '', en: 'Long notes' },
      weight: '٤٠٠',
      organic: false,
      color: 'red',
      allergens: ['eggs', 'milk'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = body(res) as Product;
    expect(created.attributes).toEqual({
      title: { ar: 'عنوان', en: 'Title' },
      notes: { ar: '', en: 'Long notes' },
      weight: 400,
      organic: false,
      color: 'red',
      allergens: ['milk', 'eggs'],
    });
    expect((await read<Product>(`/api/product/${created.id}`)).attributes).toEqual(created.attributes);
    for (const value of Object.values(created.attributes)) {
      expect(AttributeValueSchema.safeParse(value).success).toBe(true);
    }
    const inSub = await productWith({ packed: '2026-02-28' }, { subCategory: sub });
    expect(inSub.statusCode, inSub.body).toBe(201);
    expect((body(inSub) as Product).attributes).toEqual({ packed: '2026-02-28' });
  });

  it.each([
    ['title', 'a plain string', 'body.attributes.title'],
    ['title', { ar: 'x'.repeat(501), en: '' }, 'body.attributes.title.ar'],
    ['notes', { ar: '', en: 'x'.repeat(5001) }, 'body.attributes.notes.en'],
    ['weight', 'heavy', 'body.attributes.weight'],
    ['organic', 'yes', 'body.attributes.organic'],
    ['color', 'blue', 'body.attributes.color'],
    ['allergens', ['milk', 'nuts'], 'body.attributes.allergens'],
    ['allergens', ['milk', 'milk'], 'body.attributes.allergens'],
    ['allergens', 'milk', 'body.attributes.allergens'],
  ])('refuses %s = %j naming %s', async (key, value, path) => {
    const before = await read<{ count: number }>(`/api/product?family=${fam}`);
    const res = await productWith({ [key]: value });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res)[0]!.path).toBe(path);
    expect((await read<{ count: number }>(`/api/product?family=${fam}`)).count).toBe(before.count);
  });

  it('says what is wrong in words', async () => {
    const choice = await productWith({ allergens: ['nuts'] });
    expect(detailsOf(choice)[0]!.message).toBe('"nuts" is not an option of Allergens: milk, eggs');
    expect(detailsOf(await productWith({ weight: 'heavy' }))[0]!.message).toBe('must be a number');
    const dates = ['2026-02-30', '26-02-01', 20260201];
    for (const value of dates) {
      const res = await productWith({ packed: value }, { subCategory: sub });
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)[0]).toMatchObject({
        path: 'body.attributes.packed',
        message: 'must be a date written YYYY-MM-DD',
      });
    }
    const foreign = await productWith({ packed: '2026-01-01' });
    expect(foreign.statusCode).toBe(400);
    expect(detailsOf(foreign)[0]).toMatchObject({
      path: 'body.attributes.packed',
      message: "is not an attribute of this product's category",
    });
    const unknown = await productWith({ nothing: 1 });
    expect(detailsOf(unknown)[0]!.path).toBe('body.attributes.nothing');
  });

  it('refuses a text with a key other than ar and en, naming the attribute and the key, and changes nothing', async () => {
    const res = await productWith({ title: { ar: 'عدس أحمر', en: 'Red lentils' }, organic: true });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = body(res) as Product;
    const url = `/api/product/${id}`;
    for (const [title, key] of [
      [{ fr: 'Lentilles' }, 'fr'],
      [{ ar: 'عدس', en: 'Lentils', de: 'Linsen' }, 'de'],
      [{ AR: 'عدس' }, 'AR'],
    ] as const) {
      const put = await call('PATCH', url, admin, productBody({ nameEn: 'Red', attributes: { title } }));
      expect(put.statusCode, put.body).toBe(400);
      expect(detailsOf(put)).toMatchObject([
        {
          path: `body.attributes.title.${key}`,
          message: `"${key}" is not a language: a text has "ar" and "en" only`,
        },
      ]);
      expect(body(put).message).toContain(`attributes.title.${key}`);
      const created = await productWith({ notes: title });
      expect(created.statusCode).toBe(400);
      expect(detailsOf(created)[0]!.path).toBe(`body.attributes.notes.${key}`);
    }
    expect((await read<Product>(url)).attributes).toEqual({
      title: { ar: 'عدس أحمر', en: 'Red lentils' },
      organic: true,
    });
  });

  it('removes empty values and keeps values left out of an update', async () => {
    const res = await productWith({
      title: { ar: '', en: '' },
      notes: { ar: null, en: null },
      weight: null,
      color: '',
      allergens: [],
      organic: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = body(res) as Product;
    expect(created.attributes).toEqual({ organic: true });
    const renamed = await patch<Product>(
      `/api/product/${created.id}`,
      productBody({ nameEn: 'Red lentils' }),
    );
    expect(renamed.attributes).toEqual({ organic: true });
    // A merge patch clears one value with null.
    const cleared = await patch<Product>(`/api/product/${created.id}`, { attributes: { organic: null } });
    expect(cleared.attributes).toEqual({});
  });
});

describe('completeness', () => {
  it('counts the name and each required attribute per language', async () => {
    // ar: name, title (ar), weight (both) = 3 items; en: name, weight = 2 items.
    const bare = body(await productWith({})) as Product;
    const expected: Completeness = { ar: 33, en: 50 };
    expect(bare.completeness).toEqual(expected);
    const some = body(await productWith({ title: { ar: '', en: 'English only' }, weight: 1 })) as Product;
    expect(some.completeness).toEqual({ ar: 66, en: 100 });
    const full = body(await productWith({ title: { ar: 'عنوان', en: '' }, weight: 0 })) as Product;
    expect(full.completeness).toEqual({ ar: 100, en: 100 });
    // A product of a category with no attributes: just its names.
    const plain = body(await productWith({}, { category: otherCat })) as Product;
    expect(plain.completeness).toEqual({ ar: 100, en: 100 });
  });

  it('counts a barcode that is not a GTIN as one unfilled item where the family allows one', async () => {
    const f = await family('Barcodes');
    const p = await made<Product>('/api/product', {
      nameEn: 'Coded',
      nameAr: 'مرمز',
      family: f.family,
      category: f.category,
      barcode: '12345',
    });
    expect(p.completeness).toEqual({ ar: 50, en: 50 });
    const valid = await made<Product>('/api/product', {
      nameEn: 'Coded right',
      nameAr: 'مرمز صحيح',
      family: f.family,
      category: f.category,
      barcode: '6281000000014',
    });
    expect(valid.completeness).toEqual({ ar: 100, en: 100 });
    // Requiring valid GTINs refuses such barcodes on the next write; the stored one no longer counts.
    await patch(`/api/family/${f.family}`, {
      nameEn: 'Barcodes',
      nameAr: 'عائلة Barcodes',
      requireValidGtin: true,
    });
    expect((await read<Product>(`/api/product/${p.id}`)).completeness).toEqual({ ar: 100, en: 100 });
  });

  it('follows changes of an attribute’s requirement and categories, and filters the list', async () => {
    const f = await family('Complete');
    const a = await made<Attribute>('/api/attribute', {
      family: f.family,
      key: 'origin',
      name: { ar: 'المنشأ', en: 'Origin' },
      type: 'text',
      required: 'en',
      categories: [f.category],
    });
    const base = { family: f.family, category: f.category };
    const filled = await made<Product>('/api/product', {
      ...base,
      nameEn: 'Filled',
      nameAr: 'مكتمل',
      attributes: { origin: { ar: '', en: 'Oman' } },
    });
    const empty = await made<Product>('/api/product', { ...base, nameEn: 'Empty', nameAr: 'ناقص' });
    expect(filled.completeness).toEqual({ ar: 100, en: 100 });
    expect(empty.completeness).toEqual({ ar: 100, en: 50 });
    const incomplete = async (lang: string) =>
      (await read<{ data: Product[] }>(`/api/product?family=${f.family}&incomplete=${lang}`)).data.map(
        (p) => p.id,
      );
    expect(await incomplete('en')).toEqual([empty.id]);
    expect(await incomplete('ar')).toEqual([]);
    expect((await call('GET', `/api/product?incomplete=fr`)).statusCode).toBe(400);
    const counts = async () =>
      (await read<{ counts: { complete: object } }>(`/api/family/${f.family}`)).counts.complete;
    expect(await counts()).toEqual({ ar: 2, en: 1 });

    // Required in both languages, filled only in English: Arabic falls behind.
    await put(`/api/attribute/${a.id}`, { ...a, required: 'both' });
    expect((await read<Product>(`/api/product/${filled.id}`)).completeness).toEqual({ ar: 50, en: 100 });
    expect(await incomplete('ar')).toEqual([filled.id, empty.id]);
    expect(await counts()).toEqual({ ar: 0, en: 1 });
    // No longer assigned to the category: every product is complete again.
    await put(`/api/attribute/${a.id}`, { ...a, required: 'both', categories: [] });
    expect(await counts()).toEqual({ ar: 2, en: 2 });
    expect((await read<Product>(`/api/product/${filled.id}`)).attributes).toEqual({});
    // Deleting and reverting the delete brings the values and the figures back.
    await put(`/api/attribute/${a.id}`, { ...a, required: 'both' });
    expect(await counts()).toEqual({ ar: 0, en: 1 });
    expect((await call('DELETE', `/api/attribute/${a.id}`)).statusCode).toBe(204);
    expect(await counts()).toEqual({ ar: 2, en: 2 });
    expect((await read<Product>(`/api/product/${filled.id}`)).attributes).toEqual({});
    await revert(await newest());
    expect(await counts()).toEqual({ ar: 0, en: 1 });
    expect((await read<Product>(`/api/product/${filled.id}`)).attributes).toEqual({
      origin: { ar: '', en: 'Oman' },
    });
  });
});
