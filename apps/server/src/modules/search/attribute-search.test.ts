import type { SearchResult } from '@dalil/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { adminCalls } from '../attributes/attributes.test-kit';

let t: TestApp;
const api = client(() => t);
let admin: string;
let visitor: string;
const ids = { family: 0, a: 0, b: 0 };
const { made } = adminCalls(
  () => t,
  () => admin,
);

const options = (...keys: string[]) => keys.map((key) => ({ key, name: { ar: `خيار ${key}`, en: key } }));

async function attribute(key: string, type: string, extra: object = {}) {
  await made('/api/attribute', {
    family: ids.family,
    key,
    name: { ar: `سمة ${key}`, en: key },
    type,
    categories: [ids.a, ids.b],
    ...extra,
  });
}

async function product(nameEn: string, category: number, attributes: object, extra: object = {}) {
  await made('/api/product', {
    nameEn,
    nameAr: `منتج ${nameEn}`,
    family: ids.family,
    category,
    attributes,
    ...extra,
  });
}

type Query = Record<string, string | string[]>;
const searchRaw = (query: Query, token = visitor) =>
  api.as(token).get('/api/search', { query: { family: String(ids.family), ...query } });

async function search(query: Query, token = visitor): Promise<SearchResult> {
  const res = await searchRaw(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResult>();
}
const names = (r: SearchResult) => r.data.map((p) => p.nameEn).sort();

async function refused(query: Query, param: string, token = visitor) {
  const res = await searchRaw(query, token);
  expect(res.statusCode, res.body).toBe(400);
  expect(body(res).message).toContain(param);
  expect(body(res).details).toMatchObject([
    expect.objectContaining({ path: expect.stringContaining(`querystring.${param}`) }),
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  visitor = await t.login('user', 'guest', 'guest');
  ids.family = (
    await made('/api/family', { nameEn: 'Pantry', nameAr: 'المؤونة', requireValidGtin: false })
  ).id;
  ids.a = (await made('/api/category', { nameEn: 'Dates', nameAr: 'تمور', family: ids.family })).id;
  ids.b = (await made('/api/category', { nameEn: 'Bakery', nameAr: 'مخبوزات', family: ids.family })).id;
  await attribute('allergens', 'choices', { options: options('milk', 'nuts', 'gluten') });
  await attribute('origin', 'choice', { options: options('sa', 'eg') });
  await attribute('grade', 'choice', { options: options('x', 'y'), visible: false });
  await attribute('notes', 'text');
  await product('Milk Dates', ids.a, { allergens: ['milk'], origin: 'sa', grade: 'x' });
  await product('Nut Dates', ids.a, { allergens: ['milk', 'nuts'], origin: 'eg' });
  await product('Plain Dates', ids.b, { origin: 'sa' });
  await product('Gluten Biscuit', ids.b, { allergens: ['gluten', 'milk'], origin: 'eg', grade: 'y' });
  await product('Draft Dates', ids.a, { allergens: ['nuts'], origin: 'sa' }, { status: 'draft' });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/search: attribute facets', () => {
  it('counts the matches of the text per option, with the category facet, drafts left out for a visitor', async () => {
    const r = await search({ search: 'dates', facets: 'category,attr.allergens,attr.origin' });
    expect(names(r)).toEqual(['Milk Dates', 'Nut Dates', 'Plain Dates']);
    expect(r.facets).toEqual({
      category: [
        { id: ids.a, count: 2 },
        { id: ids.b, count: 1 },
      ],
      attributes: {
        allergens: [
          { option: 'milk', count: 2 },
          { option: 'nuts', count: 1 },
        ],
        origin: [
          { option: 'sa', count: 2 },
          { option: 'eg', count: 1 },
        ],
      },
    });
    // Staff count their drafts; the facets may be repeated instead of comma-separated.
    const staff = await search({ search: 'dates', facets: ['attr.allergens', 'attr.origin'] }, admin);
    expect(staff.facets?.attributes).toEqual({
      allergens: [
        { option: 'milk', count: 2 },
        { option: 'nuts', count: 2 },
      ],
      origin: [
        { option: 'sa', count: 3 },
        { option: 'eg', count: 1 },
      ],
    });
    expect(staff.facets?.category).toBeUndefined();
  });

  it('keeps to the category, and to the other attributes filters but not its own', async () => {
    const inA = await search({ category: String(ids.a), facets: 'attr.origin,attr.allergens' });
    expect(inA.facets?.attributes?.origin).toEqual([
      { option: 'sa', count: 1 },
      { option: 'eg', count: 1 },
    ]);
    const filtered = await search({ 'attr.origin': 'sa', facets: 'category,attr.origin,attr.allergens' });
    expect(names(filtered)).toEqual(['Milk Dates', 'Plain Dates']);
    expect(filtered.facets).toEqual({
      category: [
        { id: ids.a, count: 1 },
        { id: ids.b, count: 1 },
      ],
      attributes: {
        origin: [
          { option: 'sa', count: 2 },
          { option: 'eg', count: 2 },
        ],
        allergens: [{ option: 'milk', count: 1 }],
      },
    });
  });
});

describe('GET /api/search: attribute filters', () => {
  it('narrows by a choice and by a choices attribute, options of one key as alternatives', async () => {
    expect(names(await search({ 'attr.origin': 'eg' }))).toEqual(['Gluten Biscuit', 'Nut Dates']);
    expect(names(await search({ 'attr.allergens': 'nuts' }))).toEqual(['Nut Dates']);
    expect(names(await search({ 'attr.allergens': ['nuts', 'gluten'] }))).toEqual([
      'Gluten Biscuit',
      'Nut Dates',
    ]);
    expect(names(await search({ 'attr.allergens': 'nuts', search: 'dates' }, admin))).toEqual([
      'Draft Dates',
      'Nut Dates',
    ]);
  });

  it('needs every attribute filtered by to match', async () => {
    const both = await search({ 'attr.allergens': 'milk', 'attr.origin': 'sa' });
    expect(names(both)).toEqual(['Milk Dates']);
    expect(both.count).toBe(1);
    expect(names(await search({ 'attr.allergens': 'gluten', 'attr.origin': 'sa' }))).toEqual([]);
  });

  it('lets staff filter and facet by an attribute hidden from visitors, and no visitor', async () => {
    expect(names(await search({ 'attr.grade': 'y' }, admin))).toEqual(['Gluten Biscuit']);
    const staff = await search({ facets: 'attr.grade' }, admin);
    expect(staff.facets?.attributes?.grade).toEqual([
      { option: 'x', count: 1 },
      { option: 'y', count: 1 },
    ]);
    await refused({ 'attr.grade': 'y' }, 'attr.grade');
    await refused({ facets: 'attr.grade' }, 'facets');
  });

  it('names the parameter of an unknown attribute, an unknown option or an attribute that is no choice', async () => {
    await refused({ 'attr.colour': 'red' }, 'attr.colour', admin);
    await refused({ 'attr.origin': 'fr' }, 'attr.origin', admin);
    await refused({ 'attr.origin': '' }, 'attr.origin', admin);
    await refused({ 'attr.notes': 'x' }, 'attr.notes', admin);
    await refused({ facets: 'attr.notes' }, 'facets', admin);
    await refused({ facets: 'category,attr.colour' }, 'facets', admin);
    await refused({ facets: 'attr.Bad-Key' }, 'facets', admin);
  });

  it('caches each set of filters on its own, whatever order they are given in', async () => {
    expect(names(await search({ 'attr.origin': 'sa' }))).toEqual(['Milk Dates', 'Plain Dates']);
    expect(names(await search({ 'attr.origin': 'eg' }))).toEqual(['Gluten Biscuit', 'Nut Dates']);
    expect(names(await search({ 'attr.origin': ['sa', 'eg'] }))).toHaveLength(4);
    expect(names(await search({ 'attr.origin': 'sa', 'attr.allergens': 'milk' }))).toEqual(['Milk Dates']);
    expect(names(await search({ 'attr.allergens': 'milk', 'attr.origin': 'sa' }))).toEqual(['Milk Dates']);
    // A key that is no attribute is refused, whatever page its spelling resembles.
    await refused({ 'attr.allergens=milk&origin': 'sa' }, 'attr.allergens=milk&origin');
    await refused({ 'attr.allergens":["milk"]],["origin': 'sa' }, 'attr.allergens');
    expect((await search({ facets: 'attr.origin' })).facets?.attributes?.origin).toHaveLength(2);
    expect((await search({ facets: 'attr.allergens' })).facets?.attributes?.origin).toBeUndefined();
  });
});

describe('GET /api/search/attributes', () => {
  it('lists the choice attributes with their options, those hidden from visitors to staff only', async () => {
    const list = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search/attributes?family=${ids.family}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { key: string; options: { key: string }[] }[] }>().data;
    };
    const seen = await list(visitor);
    expect(seen.map((a) => a.key)).toEqual(['allergens', 'origin']);
    expect(seen[0]).toEqual({
      key: 'allergens',
      name: { ar: 'سمة allergens', en: 'allergens' },
      type: 'choices',
      options: options('milk', 'nuts', 'gluten'),
    });
    expect((await list(admin)).map((a) => a.key)).toEqual(['allergens', 'origin', 'grade']);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/search/attributes',
      headers: bearer(visitor),
    });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain('family');
  });
});

describe('GET /api/docs/json: the search', () => {
  it('documents the facets and the attribute filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Operation = { description?: string; parameters: { name: string; description?: string }[] };
    const op = res.json<{ paths: Record<string, { get: Operation }> }>().paths['/api/search']!.get;
    expect(op.description).toContain('attr.<key>=<option>');
    expect(op.parameters.find((p) => p.name === 'facets')?.description).toContain('attr.<key>');
  });
});
