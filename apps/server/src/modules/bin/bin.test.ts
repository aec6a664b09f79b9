import type { BinEntry, BinEntryDetail, BinList } from '@dalil/contracts/bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../users/users.repository';
import { body, createTestApp, testConfig, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { newCategory, newFamily, newProduct } from '../../../test/fixtures';
import { purgeBin } from './bin.service';
import { familyRowEntities } from '../../core/recycle-bin';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

const api = client(() => t);
// Any barcode: the products here have codes that are not GTINs.
const anyBarcode = { requireValidGtin: false };
const remove = async (what: string, id: number, token = admin) => {
  const res = await api.as(token).delete(`/api/${what}/${id}`);
  expect(res.statusCode, res.body).toBe(204);
};
const binEntries = async (token = admin) => (await api.as(token).get('/api/bin?limit=100')).json<BinList>();
const entryOf = async (entity: string, id: number) =>
  (await binEntries()).data.find((e: BinEntry) => e.entity === entity && e.entityId === id)!;
const searchNames = async (fam: number, text: string) =>
  (await api.as('admin').get(`/api/search?family=${fam}&search=${encodeURIComponent(text)}`))
    .json<{ data: { id: number; nameEn: string }[] }>()
    .data.map((p) => p.nameEn);

describe('deleting a sub-category', () => {
  it('hands its products to the parent category, records their change, and a restore gives them back', async () => {
    const fam = await newFamily(api, 'Sub Bin Co', anyBarcode);
    const drinks = await newCategory(api, fam, 'Drinks');
    const juice = await newCategory(api, fam, 'Juice', { parent: drinks });
    const apple = await newProduct(api, fam, drinks, 'Apple juice', { subCategory: juice });
    const orange = await newProduct(api, fam, drinks, 'Orange juice', { subCategory: juice });

    await remove('category', juice);
    for (const id of [apple, orange]) {
      const res = await api.as('admin').get(`/api/product/${id}`);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ category: drinks, subCategory: null });
      const history = (await api.as('admin').get(`/api/activity?entity=product&entityId=${id}`)).json<{
        data: { action: string; changes: Record<string, { before: unknown; after: unknown }> }[];
      }>();
      expect(history.data[0]).toMatchObject({
        action: 'update',
        changes: { subCategory: { before: juice, after: null } },
      });
    }
    expect((await api.as('admin').get(`/api/category/${juice}`)).statusCode).toBe(404);
    const entry = await entryOf('category', juice);
    expect(entry).toMatchObject({
      parent: drinks,
      movedProducts: 2,
      counts: { subCategories: 1, products: 0 },
    });

    // The delete's history entry names the bin entry; reverting it restores the entry.
    const deletes = (
      await api.as('admin').get(`/api/activity?entity=category&entityId=${juice}&action=delete`)
    ).json<{
      data: { id: number; binEntry: number }[];
    }>();
    expect(deletes.data[0]!.binEntry).toBe(entry.id);
    const reverted = await api.as('admin').post(`/api/activity/${deletes.data[0]!.id}/revert`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(body(await api.as('admin').get(`/api/category/${juice}`))).toMatchObject({
      parent: drinks,
      family: fam,
    });
    for (const id of [apple, orange]) {
      expect(body(await api.as('admin').get(`/api/product/${id}`))).toMatchObject({
        category: drinks,
        subCategory: juice,
      });
    }
    expect((await api.as('admin').get(`/api/bin/${entry.id}`)).statusCode).toBe(404);
  });
});

describe('taking a sub-category delete back entry by entry', () => {
  it('reverts the delete and each product change it recorded, newest first, all answered 200', async () => {
    const fam = await newFamily(api, 'Entry Co', anyBarcode);
    const top = await newCategory(api, fam, 'Entry top');
    const sub = await newCategory(api, fam, 'Entry sub', { parent: top });
    const kept = await newProduct(api, fam, top, 'Entry kept', { subCategory: sub });
    const since = (await api.as('admin').get('/api/activity?limit=1')).json<{ data: { id: number }[] }>()
      .data[0]!.id;
    await remove('category', sub);
    const entries = (await api.as('admin').get('/api/activity?limit=100')).json<{ data: { id: number }[] }>()
      .data;
    const mine = entries.filter((e) => e.id > since);
    expect(mine).toHaveLength(2);
    for (const entry of mine) {
      const res = await api.as('admin').post(`/api/activity/${entry.id}/revert`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(body(await api.as('admin').get(`/api/product/${kept}`))).toMatchObject({
      category: top,
      subCategory: sub,
    });
    expect((await api.as('admin').post(`/api/activity/${mine[0]!.id}/revert`)).statusCode).toBe(409);
  });
});

describe('deleting a family', () => {
  it('moves it with its categories and products to one bin entry, out of the catalogue, and restores it whole', async () => {
    const fam = await newFamily(api, 'Zebra Foods', anyBarcode);
    const snacks = await newCategory(api, fam, 'Snacks');
    const chips = await newCategory(api, fam, 'Chips', { parent: snacks });
    const crisp = await newProduct(api, fam, snacks, 'Crispy zebra chips', {
      subCategory: chips,
      barcode: '700100',
    });
    const bar = await newProduct(api, fam, snacks, 'Zebra bar', { barcode: '700200' });
    expect(await searchNames(fam, 'zebra')).toHaveLength(2);

    await remove('family', fam);
    const entry = await entryOf('family', fam);
    expect(entry).toMatchObject({
      name: { en: 'Zebra Foods' },
      counts: { families: 1, categories: 1, subCategories: 1, products: 2 },
    });
    const detail = (await api.as('admin').get(`/api/bin/${entry.id}`)).json<BinEntryDetail>();
    expect(detail.records[0]).toMatchObject({ entity: 'family', id: fam });
    expect(detail.records.map((r) => r.name.en)).toEqual(
      expect.arrayContaining(['Snacks', 'Chips', 'Crispy zebra chips', 'Zebra bar']),
    );

    expect((await api.as('admin').get(`/api/family/${fam}`)).statusCode).toBe(404);
    expect((await api.as('admin').get(`/api/product/${crisp}`)).statusCode).toBe(404);
    expect((await api.as('admin').get(`/api/category?family=${fam}`)).json<BinList>().count).toBe(0);
    expect((await api.as('admin').get('/api/product?search=zebra')).json<BinList>().count).toBe(0);
    expect((await api.as('admin').get(`/api/export/family/${fam}.csv`)).statusCode).toBe(404);
    expect((await api.as('admin').get('/api/export/all.csv')).body).not.toContain('Zebra');

    const res = await api.as('admin').post(`/api/bin/${entry.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ entity: 'family', entityId: fam, counts: { products: 2 } });
    expect(body(await api.as('admin').get(`/api/family/${fam}`))).toMatchObject({
      counts: { categories: 2, products: 2 },
    });
    expect(body(await api.as('admin').get(`/api/category/${chips}`))).toMatchObject({
      parent: snacks,
      family: fam,
    });
    expect(body(await api.as('admin').get(`/api/product/${crisp}`))).toMatchObject({
      category: snacks,
      subCategory: chips,
      barcode: '700100',
    });
    expect((await api.as('admin').get(`/api/product/${bar}`)).statusCode).toBe(200);
    expect((await searchNames(fam, 'zebra')).sort()).toEqual(['Crispy zebra chips', 'Zebra bar']);
    expect(await entryOf('family', fam)).toBeUndefined();
  });

  it('takes the records of every resource kept with its family, and brings them back with it', async () => {
    const fam = await newFamily(api, 'Kept Rows Co', anyBarcode);
    const made = await api.as('admin').post('/api/synonyms', { family: fam, words: ['soda', 'pop'] });
    expect(made.statusCode, made.body).toBe(201);
    const group = made.json<{ id: number; words: string[] }>();
    // Every resource module that says its rows belong to their family is in the family's entry.
    expect(familyRowEntities().sort()).toEqual(['attribute', 'synonym']);

    await remove('family', fam);
    expect((await api.as('admin').get(`/api/synonyms/${group.id}`)).statusCode).toBe(404);
    const entry = await entryOf('family', fam);
    expect(entry.counts).toMatchObject({ families: 1, synonyms: 1 });
    expect((await api.as('admin').post(`/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/synonyms/${group.id}`))).toMatchObject({
      family: fam,
      words: ['soda', 'pop'],
    });
  });

  it('takes a top-level category with its sub-categories and products, and brings them back', async () => {
    const fam = await newFamily(api, 'Cat Bin Co', anyBarcode);
    const top = await newCategory(api, fam, 'Top');
    const sub = await newCategory(api, fam, 'Sub', { parent: top });
    const inSub = await newProduct(api, fam, top, 'Sub thing', { subCategory: sub });
    await remove('category', top);
    expect((await api.as('admin').get(`/api/product/${inSub}`)).statusCode).toBe(404);
    const entry = await entryOf('category', top);
    expect(entry.counts).toMatchObject({ categories: 1, subCategories: 1, products: 1 });
    expect((await api.as('admin').post(`/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${inSub}`))).toMatchObject({
      category: top,
      subCategory: sub,
    });
  });
});

describe('a restore that meets a conflict', () => {
  it('answers 409 naming the record and field, and changes nothing', async () => {
    const fam = await newFamily(api, 'Clash Co', anyBarcode);
    const cat = await newCategory(api, fam, 'Clash cat');
    const gone = await newProduct(api, fam, cat, 'Old soap', { barcode: '5550001' });
    await remove('product', gone);
    const taker = await newProduct(api, fam, cat, 'New soap', { barcode: '5550001' });
    const entry = await entryOf('product', gone);

    const res = await api.as('admin').post(`/api/bin/${entry.id}/restore`);
    expect(res.statusCode).toBe(409);
    const error = res.json<{ message: string; details: { path: string; message: string }[] }>();
    expect(error.details[0]!.path).toBe(`product ${gone}.barcode`);
    expect(error.message).toContain('5550001');
    expect(error.message).toContain(`product ${taker}`);
    expect((await api.as('admin').get(`/api/product/${gone}`)).statusCode).toBe(404);
    expect((await api.as('admin').get(`/api/bin/${entry.id}`)).statusCode).toBe(200);

    // Its category deleted too: the product cannot come back before it.
    await remove('product', taker);
    await remove('category', cat);
    const orphan = await api.as('admin').post(`/api/bin/${entry.id}/restore`);
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json<{ details: { path: string }[] }>().details[0]!.path).toBe(`product ${gone}.category`);
    expect(
      (await api.as('admin').post(`/api/bin/${(await entryOf('category', cat)).id}/restore`)).statusCode,
    ).toBe(200);
    expect((await api.as('admin').post(`/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${gone}`))).toMatchObject({ barcode: '5550001' });
  });
});

describe('the bin over time and by account', () => {
  it('purges entries older than BIN_DAYS, and an admin empties it', async () => {
    const fam = await newFamily(api, 'Purge Co', anyBarcode);
    const cat = await newCategory(api, fam, 'Purge cat');
    await remove('category', cat);
    const entry = await entryOf('category', cat);
    const days = t.config.binDays;
    expect(days).toBe(30);
    expect(testConfig({ HISTORY_DAYS: '10' }).binDays).toBe(10);
    expect(testConfig({ HISTORY_DAYS: '10', BIN_DAYS: '3' }).binDays).toBe(3);
    expect(await purgeBin(t.database.db, days, new Date(Date.now() + (days - 1) * 86_400_000))).toBe(0);
    expect(
      await purgeBin(t.database.db, days, new Date(Date.now() + (days + 1) * 86_400_000)),
    ).toBeGreaterThan(0);
    expect((await api.as('admin').get(`/api/bin/${entry.id}`)).statusCode).toBe(404);

    await remove('family', fam);
    const emptied = await api.as('admin').delete('/api/bin');
    expect(emptied.statusCode).toBe(204);
    expect((await binEntries()).count).toBe(0);
  });

  it('shows an editor the entries of their families only, never a family entry', async () => {
    const a = await newFamily(api, 'Editor A Co', anyBarcode);
    const b = await newFamily(api, 'Editor B Co', anyBarcode);
    const catA = await newCategory(api, a, 'A cat');
    const catB = await newCategory(api, b, 'B cat');
    await insertUser(t.database.db, {
      firstName: 'Ed',
      lastName: 'A',
      username: 'bin-editor-a',
      password: 'bin-editor-password',
      role: 'editor',
      families: [a],
    });
    const editor = await t.login('admin', 'bin-editor-a', 'bin-editor-password');
    const pA = await newProduct(api, a, catA, 'A thing');
    await remove('product', pA, editor);
    await remove('category', catB);
    const spare = await newFamily(api, 'Editor spare Co', anyBarcode);
    await remove('family', spare);

    const seen = await binEntries(editor);
    expect(seen.data.map((e) => [e.entity, e.entityId])).toEqual([['product', pA]]);
    const entryB = await entryOf('category', catB);
    const familyEntry = await entryOf('family', spare);
    expect((await api.as(editor).get(`/api/bin/${entryB.id}`)).statusCode).toBe(404);
    expect((await api.as(editor).post(`/api/bin/${familyEntry.id}/restore`)).statusCode).toBe(404);
    expect((await api.as(editor).delete(`/api/bin/${entryB.id}`)).statusCode).toBe(403);
    expect((await api.as(editor).delete('/api/bin')).statusCode).toBe(403);
    const own = seen.data[0]!;
    expect((await api.as(editor).post(`/api/bin/${own.id}/restore`)).statusCode).toBe(200);
    expect((await api.as(editor).get(`/api/product/${pA}`)).statusCode).toBe(200);
  });
});
