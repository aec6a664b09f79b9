import type { Activity } from '@dalil/contracts/activity';
import {
  AttributeKeySchema,
  AttributeOptionSchema,
  AttributeSchema,
  type Attribute,
} from '@dalil/contracts/attributes';
import type { BinList } from '@dalil/contracts/bin';
import type { Product } from '@dalil/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminCalls } from './attributes.test-kit';
import { insertUser } from '../users/users.repository';
import { ALL_HEADER, allRow, csv, upload } from '../imports/imports.test-kit';

let t: TestApp;
let admin: string;
let reader: string;
let editor: string;

const { call, made, put, patch, read, newest, revert } = adminCalls(
  () => t,
  () => admin,
);
const text = (en: string, ar = '') => ({ ar, en });

/** A family of its own per test, with two categories and a sub-category of the first. */
async function family(name: string) {
  const f = await made('/api/family', { nameEn: name, nameAr: `عائلة ${name}`, requireValidGtin: false });
  const c = await made('/api/category', { nameEn: `${name} A`, nameAr: `فئة أ ${name}`, family: f.id });
  const d = await made('/api/category', { nameEn: `${name} B`, nameAr: `فئة ب ${name}`, family: f.id });
  const s = await made('/api/category', {
    nameEn: `${name} sub`,
    nameAr: `فرعية ${name}`,
    family: f.id,
    parent: c.id,
  });
  return { family: f.id, a: c.id, b: d.id, sub: s.id };
}

const define = (family: number, key: string, categories: number[], extra: object = {}) =>
  made<Attribute>('/api/attribute', {
    family,
    key,
    name: { ar: `سمة ${key}`, en: `Attr ${key}` },
    type: 'text',
    categories,
    ...extra,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await insertUser(t.database.db, {
    firstName: 'Reader',
    lastName: 'Two',
    username: 'changes-reader',
    password: 'reader-password',
    role: 'user',
  });
  reader = await t.login('user', 'changes-reader', 'reader-password');
});
afterAll(() => t.close());

describe('a product’s category changes', () => {
  it('keeps the values of attributes both categories have, drops the others, and a revert restores them', async () => {
    const f = await family('Moves');
    await define(f.family, 'shared', [f.a, f.b]);
    await define(f.family, 'only_a', [f.a]);
    await define(f.family, 'only_b', [f.b]);
    const base = { nameEn: 'Mover', nameAr: 'متنقل', family: f.family };
    const p = await made<Product>('/api/product', {
      ...base,
      category: f.a,
      attributes: { shared: text('both'), only_a: text('a') },
    });
    expect(p.attributes).toEqual({ shared: text('both'), only_a: text('a') });
    // Left out: kept where the new category has the attribute.
    const moved = await patch<Product>(`/api/product/${p.id}`, { ...base, category: f.b });
    expect(moved.attributes).toEqual({ shared: text('both') });
    const entry = await newest();
    expect(entry.changes.attributes).toEqual({
      before: { shared: text('both'), only_a: text('a') },
      after: { shared: text('both') },
    });
    await revert(entry);
    const back = await read<Product>(`/api/product/${p.id}`);
    expect(back.category).toBe(f.a);
    expect(back.attributes).toEqual({ shared: text('both'), only_a: text('a') });
    // A form filled before the change may still send the old category's values: they are dropped.
    const sent = await patch<Product>(`/api/product/${p.id}`, {
      ...base,
      category: f.b,
      attributes: { shared: text('kept'), only_a: text('a'), only_b: text('b') },
    });
    expect(sent.attributes).toEqual({ shared: text('kept'), only_b: text('b') });
  });

  it('gives a sub-category’s products its own attributes and its parent’s', async () => {
    const f = await family('Inherit');
    await define(f.family, 'parent_attr', [f.a]);
    await define(f.family, 'sub_attr', [f.sub], { required: 'both' });
    const p = await made<Product>('/api/product', {
      nameEn: 'Child',
      nameAr: 'فرع',
      family: f.family,
      category: f.a,
      subCategory: f.sub,
      attributes: { parent_attr: text('p'), sub_attr: text('s', 'ف') },
    });
    expect(p.attributes).toEqual({ parent_attr: text('p'), sub_attr: text('s', 'ف') });
    expect(p.completeness).toEqual({ ar: 100, en: 100 });
    // Deleting the sub-category hands its products to the parent: its attribute's values no longer
    // show, and come back with it when it is restored.
    expect((await call('DELETE', `/api/category/${f.sub}`)).statusCode).toBe(204);
    const handed = await read<Product>(`/api/product/${p.id}`);
    expect(handed.subCategory).toBeNull();
    expect(handed.attributes).toEqual({ parent_attr: text('p') });
    const list = await read<{ data: Attribute[] }>(`/api/attribute?family=${f.family}`);
    expect(list.data.find((a) => a.key === 'sub_attr')!.categories).toEqual([]);
    const bin = await read<BinList>('/api/bin?limit=100');
    const entry = bin.data.find((e) => e.entity === 'category' && e.entityId === f.sub)!;
    expect((await call('POST', `/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    const restored = await read<Product>(`/api/product/${p.id}`);
    expect(restored.subCategory).toBe(f.sub);
    expect(restored.attributes).toEqual({ parent_attr: text('p'), sub_attr: text('s', 'ف') });
    const again = await read<{ data: Attribute[] }>(`/api/attribute?family=${f.family}`);
    expect(again.data.find((a) => a.key === 'sub_attr')!.categories).toEqual([f.sub]);
  });
});

describe('an attribute changes', () => {
  it('renames the values of every product with its key, and a revert renames them back', async () => {
    const f = await family('Rename');
    const a = await define(f.family, 'origin', [f.a]);
    const p = await made<Product>('/api/product', {
      nameEn: 'Named',
      nameAr: 'مسمى',
      family: f.family,
      category: f.a,
      attributes: { origin: text('Oman', 'عمان') },
    });
    const renamed = await put<Attribute>(`/api/attribute/${a.id}`, { ...a, key: 'country' });
    expect(renamed.key).toBe('country');
    expect((await read<Product>(`/api/product/${p.id}`)).attributes).toEqual({
      country: text('Oman', 'عمان'),
    });
    const entry = await newest();
    expect(entry).toMatchObject({ entity: 'attribute', action: 'update', entityId: a.id });
    expect(entry.changes.key).toEqual({ before: 'origin', after: 'country' });
    await revert(entry);
    expect((await read<Attribute>(`/api/attribute/${a.id}`)).key).toBe('origin');
    expect((await read<Product>(`/api/product/${p.id}`)).attributes).toEqual({
      origin: text('Oman', 'عمان'),
    });
  });

  it('records names, and reverts a change of them', async () => {
    const f = await family('Names');
    // Categories in any order are kept in id order, as the history and a revert compare them.
    const a = await define(f.family, 'brand', [f.b, f.a]);
    expect(a.categories).toEqual([f.a, f.b]);
    await put(`/api/attribute/${a.id}`, { ...a, name: { ar: 'العلامة', en: 'Brand' } });
    const entry = await newest();
    expect(entry.changes.name).toEqual({
      before: { ar: 'سمة brand', en: 'Attr brand' },
      after: { ar: 'العلامة', en: 'Brand' },
    });
    await revert(entry);
    expect((await read<Attribute>(`/api/attribute/${a.id}`)).name).toEqual({
      ar: 'سمة brand',
      en: 'Attr brand',
    });
  });

  it('refuses a new type while products hold values, and dropping an option in use', async () => {
    const f = await family('Types');
    const a = await define(f.family, 'size', [f.a], {
      type: 'choice',
      options: [
        { key: 's', name: { ar: 'صغير', en: 'Small' } },
        { key: 'l', name: { ar: 'كبير', en: 'Large' } },
      ],
    });
    await made('/api/product', {
      nameEn: 'Sized',
      nameAr: 'مقاس',
      family: f.family,
      category: f.a,
      attributes: { size: 's' },
    });
    const retyped = await call('PUT', `/api/attribute/${a.id}`, admin, { ...a, type: 'text', options: [] });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json<{ details: { path: string }[] }>().details[0]!.path).toBe('body.type');
    const dropped = await call('PUT', `/api/attribute/${a.id}`, admin, { ...a, options: [a.options[1]] });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json<{ details: { path: string }[] }>().details[0]!.path).toBe('body.options');
    const unused = await put<Attribute>(`/api/attribute/${a.id}`, { ...a, options: [a.options[0]] });
    expect(unused.options).toEqual([a.options[0]]);
  });
});

describe('the food-labelling set', () => {
  it('adds its attributes once; a second run skips them all', async () => {
    const f = await family('Food');
    await define(f.family, 'storage', [f.a]);
    const res = await call('POST', '/api/attribute/sets/food', admin, {
      family: f.family,
      categories: [f.a],
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<{ data: Attribute[]; skipped: string[] }>();
    expect(first.skipped).toEqual(['storage']);
    expect(first.data.map((a) => a.key)).toEqual([
      'ingredients',
      'allergens',
      'nutrition_basis',
      'energy_kcal',
      'energy_kj',
      'fat',
      'saturated_fat',
      'carbohydrate',
      'sugars',
      'protein',
      'salt',
      'country_of_origin',
    ]);
    for (const a of first.data) {
      expect(AttributeSchema.safeParse(a).success).toBe(true);
      expect(AttributeKeySchema.safeParse(a.key).success).toBe(true);
    }
    const allergens = first.data.find((a) => a.key === 'allergens')!;
    for (const option of allergens.options)
      expect(AttributeOptionSchema.safeParse(option).success).toBe(true);
    expect(allergens.options).toHaveLength(14);
    expect(allergens.options.find((o) => o.key === 'sesame')!.name).toEqual({
      ar: 'بذور السمسم',
      en: 'Sesame seeds',
    });
    expect(first.data.find((a) => a.key === 'ingredients')).toMatchObject({
      type: 'longText',
      required: 'both',
    });
    expect(first.data.find((a) => a.key === 'salt')).toMatchObject({
      type: 'number',
      unit: 'g',
      group: { ar: 'القيم الغذائية لكل ١٠٠ غ / ١٠٠ مل', en: 'Nutrition per 100 g / 100 ml' },
      categories: [f.a],
    });
    // Each one is recorded as a create.
    const history = await read<{ data: Activity[] }>(
      `/api/activity?entity=attribute&family=${f.family}&limit=100`,
    );
    expect(history.data.filter((e) => e.action === 'create')).toHaveLength(13);
    const second = await made<{ data: Attribute[]; skipped: string[] }>('/api/attribute/sets/food', {
      family: f.family,
    });
    expect(second.data).toEqual([]);
    expect(second.skipped).toHaveLength(13);
    const foreign = await call('POST', '/api/attribute/sets/food', admin, {
      family: f.family,
      categories: [999999],
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('access and visibility', () => {
  it('hides another family’s attributes from an editor, who changes nothing there', async () => {
    const mine = await family('Editor own');
    const theirs = await family('Editor other');
    await insertUser(t.database.db, {
      firstName: 'Ed',
      lastName: 'Itor',
      username: 'attr-editor',
      password: 'editor-password',
      role: 'editor',
      families: [mine.family],
    });
    editor = await t.login('admin', 'attr-editor', 'editor-password');
    const other = await define(theirs.family, 'secret', [theirs.a]);
    expect((await call('GET', `/api/attribute/${other.id}`, editor)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/attribute/${other.id}`, editor, { ...other, key: 'mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/attribute/${other.id}`, editor)).statusCode).toBe(404);
    const create = await call('POST', '/api/attribute', editor, {
      family: theirs.family,
      key: 'intruder',
      name: { ar: 'دخيل', en: 'Intruder' },
      type: 'text',
    });
    expect(create.statusCode).toBe(400);
    const set = await call('POST', '/api/attribute/sets/food', editor, { family: theirs.family });
    expect(set.statusCode).toBe(400);
    const listed = await read<{ data: Attribute[] }>('/api/attribute?limit=100', editor);
    expect(listed.data.every((a) => a.family === mine.family)).toBe(true);
    const theirList = await read<{ data: Attribute[] }>(`/api/attribute?family=${theirs.family}`);
    expect(theirList.data.map((a) => a.key)).toEqual(['secret']);
    expect(await read<Attribute>(`/api/attribute/${other.id}`)).toEqual(other);
    // Their own family's attributes they manage.
    const own = await made<Attribute>(
      '/api/attribute',
      { family: mine.family, key: 'own', name: { ar: 'خاص', en: 'Own' }, type: 'boolean' },
      editor,
    );
    expect(own.family).toBe(mine.family);
    expect((await call('GET', '/api/attribute', reader)).statusCode).toBe(403);
  });

  it('shows visitors only the values of visible attributes', async () => {
    const f = await family('Visible');
    await define(f.family, 'shown', [f.a]);
    await define(f.family, 'internal', [f.a], { visible: false });
    const p = await made<Product>('/api/product', {
      nameEn: 'Seen',
      nameAr: 'مرئي',
      family: f.family,
      category: f.a,
      attributes: { shown: text('yes'), internal: text('cost notes') },
    });
    expect(p.attributes).toEqual({ shown: text('yes'), internal: text('cost notes') });
    expect((await read<Product>(`/api/product/${p.id}`, reader)).attributes).toEqual({ shown: text('yes') });
    const listed = await read<{ data: Product[] }>(`/api/product?family=${f.family}`, reader);
    expect(listed.data[0]!.attributes).toEqual({ shown: text('yes') });
    const staffList = await read<{ data: Product[] }>(`/api/product?family=${f.family}`);
    expect(staffList.data[0]!.attributes).toEqual({ shown: text('yes'), internal: text('cost notes') });
  });
});

describe('a family in the recycle bin', () => {
  it('takes its attributes with it, and its restore brings them back', async () => {
    const f = await family('Binned');
    const a = await define(f.family, 'kept', [f.a], { required: 'en' });
    const p = await made<Product>('/api/product', {
      nameEn: 'Boxed',
      nameAr: 'معلب',
      family: f.family,
      category: f.a,
      attributes: { kept: text('value') },
    });
    expect((await call('DELETE', `/api/family/${f.family}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/attribute/${a.id}`)).statusCode).toBe(404);
    const bin = await read<BinList>('/api/bin?limit=100');
    const entry = bin.data.find((e) => e.entity === 'family' && e.entityId === f.family)!;
    expect((await call('POST', `/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    expect(await read<Attribute>(`/api/attribute/${a.id}`)).toEqual(a);
    const back = await read<Product>(`/api/product/${p.id}`);
    expect(back.attributes).toEqual({ kept: text('value') });
    expect(back.completeness).toEqual({ ar: 100, en: 100 });
  });
});

describe('imports', () => {
  it('create products without values and with their completeness, and recompute the ones they move', async () => {
    const f = await made('/api/family', {
      nameEn: 'Imported',
      nameAr: 'عائلة Imported',
      requireValidGtin: false,
    });
    const a = await made('/api/category', { nameEn: 'Imported A', nameAr: 'فئة Imported A', family: f.id });
    const b = await made('/api/category', { nameEn: 'Imported B', nameAr: 'فئة Imported B', family: f.id });
    await define(f.id, 'ingredients', [a.id], { type: 'longText', required: 'both' });
    const moving = await made<Product>('/api/product', {
      nameEn: 'Mover',
      nameAr: 'منتج Mover',
      family: f.id,
      category: b.id,
      barcode: '6281000000014',
    });
    expect(moving.completeness).toEqual({ ar: 100, en: 100 });
    const res = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([
        ALL_HEADER,
        allRow('Imported', 'Imported A', 'Plain'),
        allRow('Imported', 'Imported A', 'Odd code', '12345'),
        allRow('Imported', 'Imported A', 'Mover', '6281000000014'),
        allRow('Imported', 'Imported B', 'Elsewhere'),
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await read<{ data: Product[] }>(`/api/product?family=${f.id}&limit=100`);
    const by = (en: string) => list.data.find((p) => p.nameEn === en)!;
    // The name and the required ingredients in each language; a barcode that is not a GTIN is one more.
    expect(by('Plain')).toMatchObject({ attributes: {}, completeness: { ar: 50, en: 50 } });
    expect(by('Odd code').completeness).toEqual({ ar: 33, en: 33 });
    expect(by('Elsewhere').completeness).toEqual({ ar: 100, en: 100 });
    expect(by('Mover')).toMatchObject({ id: moving.id, category: a.id, completeness: { ar: 50, en: 50 } });
    expect((await read<{ counts: { complete: object } }>(`/api/family/${f.id}`)).counts.complete).toEqual({
      ar: 1,
      en: 1,
    });
  });
});
