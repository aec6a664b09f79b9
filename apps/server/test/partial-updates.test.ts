import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { client } from './client';
import { createdObject } from './fixtures';

// What an integrator relies on (docs/decisions/0061-partial-updates-and-versions.md): a PATCH of one
// field leaves every other field as it was, on every admin resource; a PUT that leaves a field out is
// refused naming it instead of clearing it; and If-Match stops a write based on a stale read.

let t: TestApp;

const api = client(() => t);
let family: number;
let category: number;
let otherCategory: number;

beforeAll(async () => {
  t = await createTestApp();
  family = (
    await createdObject(api, '/api/family', {
      nameEn: 'Patch Co',
      nameAr: 'شركة التعديل',
      requireValidGtin: false,
      logo: 'family_logo.webp',
      image: 'family_image.webp',
      cover: 'family_cover.webp',
    })
  ).id;
  category = (
    await createdObject(api, '/api/category', {
      nameEn: 'Dates',
      nameAr: 'تمور',
      family,
      logo: 'c_000000.webp',
    })
  ).id;
  otherCategory = (await createdObject(api, '/api/category', { nameEn: 'Sweets', nameAr: 'حلويات', family }))
    .id;
});
afterAll(() => t.close());

/** Each admin resource: a record with every field filled, and one field to change. */
interface Case {
  name: string;
  /** Where its record is read, and where it is written. */
  read: (id: number) => string;
  write: (id: number) => string;
  /** Makes one; `n` tells the records of one kind apart (their names and keys are unique). */
  create: (n: string) => Promise<number>;
  /** The one field a PATCH changes, for record `n`. */
  change: (n: string) => Record<string, unknown>;
}

const cases: Case[] = [
  {
    name: 'family',
    read: (id) => `/api/family/${id}`,
    write: (id) => `/api/family/${id}`,
    create: async (n) =>
      (
        await createdObject(api, '/api/family', {
          nameEn: `Full Co${n}`,
          nameAr: `شركة كاملة${n}`,
          requireValidGtin: true,
          logo: 'l_000000.webp',
          image: 'i_000000.webp',
          cover: 'c_000000.webp',
          status: 'draft',
        })
      ).id,
    change: () => ({ cover: 'new_cover.webp' }),
  },
  {
    name: 'category',
    read: (id) => `/api/category/${id}`,
    write: (id) => `/api/category/${id}`,
    create: async (n) =>
      (
        await createdObject(api, '/api/category', {
          nameEn: `Ajwa${n}`,
          nameAr: `عجوة${n}`,
          family,
          parent: category,
          logo: 'a_000000.webp',
          image: 'b_000000.webp',
        })
      ).id,
    change: () => ({ image: 'new_image.webp' }),
  },
  {
    name: 'product',
    read: (id) => `/api/product/${id}`,
    write: (id) => `/api/product/${id}`,
    create: async (n) =>
      (
        await createdObject(api, '/api/product', {
          nameEn: `Date paste${n}`,
          nameAr: `معجون تمر${n}`,
          family,
          category,
          barcode: `628100000001${n.length}`,
          number: '42',
          netWeight: '500 g',
          drainedWeight: '450 g',
          unitsPerCarton: 12,
          cartonPerPalate: 80,
          descriptionEn: 'Smooth paste',
          descriptionAr: 'معجون ناعم',
          cost: 12.5,
          shelfLife: '12 months',
          logo: 'p_000000.webp',
          image: 'q_000000.webp',
        })
      ).id,
    change: () => ({ cost: 13.75 }),
  },
  {
    name: 'user',
    read: (id) => `/api/user/profile/${id}`,
    write: (id) => `/api/user/${id}`,
    create: async (n) =>
      (
        await createdObject(api, '/api/user', {
          firstName: 'Huda',
          lastName: 'Salem',
          username: `huda${n}`,
          password: 'a-long-password-1',
          role: 'editor',
          families: [family],
        })
      ).id,
    change: () => ({ lastName: 'Al-Salem' }),
  },
  {
    name: 'attribute',
    read: (id) => `/api/attribute/${id}`,
    write: (id) => `/api/attribute/${id}`,
    create: async (n) =>
      (
        await createdObject(api, '/api/attribute', {
          family,
          key: `origin${n}`,
          name: { ar: 'المنشأ', en: 'Origin' },
          group: { ar: 'عام', en: 'General' },
          type: 'choice',
          options: [
            { key: 'sa', name: { ar: 'السعودية', en: 'Saudi Arabia' } },
            { key: 'ae', name: { ar: 'الإمارات', en: 'UAE' } },
          ],
          visible: false,
          required: 'en',
          categories: [category],
        })
      ).id,
    change: () => ({ visible: true }),
  },
  {
    name: 'synonym group',
    read: (id) => `/api/synonyms/${id}`,
    write: (id) => `/api/synonyms/${id}`,
    create: async (n) =>
      (await createdObject(api, '/api/synonyms', { family, words: [`تمر${n}`, `dates${n}`] })).id,
    change: (n) => ({ words: [`رطب${n}`, `rutab${n}`] }),
  },
];

/** What a read shows, less what follows from the change rather than being a field (completeness). */
const fieldsOf = (res: { json: <T>() => T }) => {
  const { completeness: _c, counts: _n, ...rest } = res.json<Record<string, unknown>>();
  return rest;
};

describe.each(cases)('PATCH of a $name', (c) => {
  it('changes the one field sent and leaves every other as it was', async () => {
    const id = await c.create('');
    const before = await api.as('admin').get(c.read(id));
    expect(before.statusCode, before.body).toBe(200);
    const res = await api.as('admin').mergePatch(c.write(id), c.change(''));
    expect(res.statusCode, res.body).toBe(200);
    const after = await api.as('admin').get(c.read(id));
    expect(fieldsOf(after)).toEqual({ ...fieldsOf(before), ...c.change('') });
  });

  it('answers an ETag on a read, and refuses a write under a stale If-Match with 412', async () => {
    const target = await c.create('b');
    const read = await api.as('admin').get(c.read(target));
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    const first = await api
      .as('admin')
      .mergePatch(c.write(target), c.change('b'), { headers: { 'if-match': etag } });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await api
      .as('admin')
      .mergePatch(c.write(target), c.change('b'), { headers: { 'if-match': etag } });
    expect(stale.statusCode, stale.body).toBe(412);
    const now = (await api.as('admin').get(c.read(target))).headers.etag;
    expect(now).not.toBe(etag);
    expect(stale.headers.etag).toBe(now);
    const refusedDelete = await api.as('admin').delete(c.write(target), { headers: { 'if-match': etag } });
    expect(refusedDelete.statusCode).toBe(412);
    expect((await api.as('admin').get(c.read(target))).statusCode).toBe(200);
  });
});

describe('PUT', () => {
  it('refuses a body that leaves a field out, naming it, and changes nothing', async () => {
    const res = await api
      .as('admin')
      .put(`/api/family/${family}`, { nameEn: 'Patch Co', nameAr: 'شركة التعديل' });
    expect(res.statusCode).toBe(400);
    const details = res.json<{ details: { path: string }[] }>().details.map((d) => d.path);
    expect(details).toEqual(['body.logo', 'body.image', 'body.cover']);
    const read = (await api.as('admin').get(`/api/family/${family}`)).json<Record<string, unknown>>();
    expect(read).toMatchObject({
      logo: 'family_logo.webp',
      image: 'family_image.webp',
      cover: 'family_cover.webp',
    });
  });

  it('clears a field sent as null, and keeps one added to the API later when left out', async () => {
    const created = await createdObject(api, '/api/product', {
      nameEn: 'Khalas',
      nameAr: 'خلاص',
      family,
      category,
      descriptionAr: 'تمر فاخر',
      shelfLife: '6 months',
      image: 'k_000000.webp',
    });
    // A client written against the first API: no Arabic description, no shelf life, no attributes.
    const put = await api.as('admin').put(`/api/product/${created.id}`, {
      nameEn: 'Khalas dates',
      nameAr: 'تمر خلاص',
      family,
      category: otherCategory,
      subCategory: null,
      barcode: null,
      number: null,
      netWeight: null,
      drainedWeight: null,
      unitsPerCarton: null,
      cartonPerPalate: null,
      descriptionEn: null,
      cost: null,
      logo: null,
      image: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      nameEn: 'Khalas dates',
      category: otherCategory,
      image: null,
      descriptionAr: 'تمر فاخر',
      shelfLife: '6 months',
    });
  });
});

describe('PATCH', () => {
  it('clears a field sent as null, merges attributes key by key, and names a field it does not know', async () => {
    const created = await createdObject(api, '/api/product', {
      nameEn: 'Sukkari',
      nameAr: 'سكري',
      family,
      category,
      netWeight: '1 kg',
      attributes: { origin: 'sa' },
    });
    const url = `/api/product/${created.id}`;
    const cleared = await api.as('admin').mergePatch(url, { netWeight: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      netWeight: null,
      nameEn: 'Sukkari',
      attributes: { origin: 'sa' },
    });

    const unknown = await api.as('admin').mergePatch(url, { colour: 'red', nameEn: 'Changed' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ details: { path: string }[] }>().details).toEqual([
      expect.objectContaining({ path: 'body.colour' }),
    ]);
    const required = await api.as('admin').mergePatch(url, { nameEn: null });
    expect(required.statusCode).toBe(400);
    expect(required.json<{ details: { path: string }[] }>().details[0]!.path).toBe('body.nameEn');
    const unchanged = (await api.as('admin').get(url)).json<Record<string, unknown>>();
    expect(unchanged.nameEn).toBe('Sukkari');

    const noOrigin = await api.as('admin').mergePatch(url, { attributes: { origin: null } });
    expect(noOrigin.statusCode, noOrigin.body).toBe(200);
    expect(noOrigin.json<{ attributes: object }>().attributes).toEqual({});
  });

  it('takes a plain JSON body too, and refuses one that is not an object', async () => {
    const created = await createdObject(api, '/api/synonyms', { family, words: ['قهوة', 'coffee'] });
    const plain = await api
      .as('admin')
      .patch(`/api/synonyms/${created.id}`, { words: ['قهوة', 'coffee', 'qahwa'] });
    expect(plain.statusCode, plain.body).toBe(200);
    const list = await api.as('admin').mergePatch(`/api/synonyms/${created.id}`, ['words']);
    expect(list.statusCode).toBe(400);
  });

  it('answers 404 for a record that does not exist', async () => {
    expect((await api.as('admin').mergePatch('/api/product/999999', { cost: 1 })).statusCode).toBe(404);
  });
});
