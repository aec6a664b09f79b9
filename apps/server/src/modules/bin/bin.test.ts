import type { BinEntry, BinEntryDetail, BinList } from '@dalil/contracts/bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../users/users.repository';
import { bearer, body, createTestApp, testConfig, type TestApp } from '../../../test/harness';
import { purgeBin } from './bin.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const made = async (url: string, payload: object) => {
  const res = await call('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (body(res) as { id: number }).id;
};
// Any barcode: the products here have codes that are not GTINs.
const family = (en: string) =>
  made('/api/family', { nameEn: en, nameAr: `ع ${en}`, requireValidGtin: false });
const category = (fam: number, en: string, parent?: number) =>
  made('/api/category', { nameEn: en, nameAr: `ف ${en}`, family: fam, parent });
const product = (fam: number, cat: number, en: string, extra: object = {}) =>
  made('/api/product', { nameEn: en, nameAr: `م ${en}`, family: fam, category: cat, ...extra });
const remove = async (what: string, id: number, token = admin) => {
  const res = await call('DELETE', `/api/${what}/${id}`, undefined, token);
  expect(res.statusCode, res.body).toBe(204);
};
const binEntries = async (token = admin) =>
  (await call('GET', '/api/bin?limit=100', undefined, token)).json<BinList>();
const entryOf = async (entity: string, id: number) =>
  (await binEntries()).data.find((e: BinEntry) => e.entity === entity && e.entityId === id)!;
const searchNames = async (fam: number, text: string) =>
  (await call('GET', `/api/search?family=${fam}&search=${encodeURIComponent(text)}`))
    .json<{ data: { id: number; nameEn: string }[] }>()
    .data.map((p) => p.nameEn);

describe('deleting a sub-category', () => {
  it('hands its products to the parent category, records their change, and a restore gives them back', async () => {
    const fam = await family('Sub Bin Co');
    const drinks = await category(fam, 'Drinks');
    const juice = await category(fam, 'Juice', drinks);
    const apple = await product(fam, drinks, 'Apple juice', { subCategory: juice });
    const orange = await product(fam, drinks, 'Orange juice', { subCategory: juice });

    await remove('category', juice);
    for (const id of [apple, orange]) {
      const res = await call('GET', `/api/product/${id}`);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ category: drinks, subCategory: null });
      const history = (await call('GET', `/api/activity?entity=product&entityId=${id}`)).json<{
        data: { action: string; changes: Record<string, { before: unknown; after: unknown }> }[];
      }>();
      expect(history.data[0]).toMatchObject({
        action: 'update',
        changes: { subCategory: { before: juice, after: null } },
      });
    }
    expect((await call('GET', `/api/category/${juice}`)).statusCode).toBe(404);
    const entry = await entryOf('category', juice);
    expect(entry).toMatchObject({
      parent: drinks,
      movedProducts: 2,
      counts: { subCategories: 1, products: 0 },
    });

    // The delete's history entry names the bin entry; reverting it restores the entry.
    const deletes = (
      await call('GET', `/api/activity?entity=category&entityId=${juice}&action=delete`)
    ).json<{
      data: { id: number; binEntry: number }[];
    }>();
    expect(deletes.data[0]!.binEntry).toBe(entry.id);
    const reverted = await call('POST', `/api/activity/${deletes.data[0]!.id}/revert`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(body(await call('GET', `/api/category/${juice}`))).toMatchObject({ parent: drinks, family: fam });
    for (const id of [apple, orange]) {
      expect(body(await call('GET', `/api/product/${id}`))).toMatchObject({
        category: drinks,
        subCategory: juice,
      });
    }
    expect((await call('GET', `/api/bin/${entry.id}`)).statusCode).toBe(404);
  });
});

describe('taking a sub-category delete back entry by entry', () => {
  it('reverts the delete and each product change it recorded, newest first, all answered 200', async () => {
    const fam = await family('Entry Co');
    const top = await category(fam, 'Entry top');
    const sub = await category(fam, 'Entry sub', top);
    const kept = await product(fam, top, 'Entry kept', { subCategory: sub });
    const since = (await call('GET', '/api/activity?limit=1')).json<{ data: { id: number }[] }>().data[0]!.id;
    await remove('category', sub);
    const entries = (await call('GET', '/api/activity?limit=100')).json<{ data: { id: number }[] }>().data;
    const mine = entries.filter((e) => e.id > since);
    expect(mine).toHaveLength(2);
    for (const entry of mine) {
      const res = await call('POST', `/api/activity/${entry.id}/revert`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(body(await call('GET', `/api/product/${kept}`))).toMatchObject({
      category: top,
      subCategory: sub,
    });
    expect((await call('POST', `/api/activity/${mine[0]!.id}/revert`)).statusCode).toBe(409);
  });
});

describe('deleting a family', () => {
  it('moves it with its categories and products to one bin entry, out of the catalogue, and restores it whole', async () => {
    const fam = await family('Zebra Foods');
    const snacks = await category(fam, 'Snacks');
    const chips = await category(fam, 'Chips', snacks);
    const crisp = await product(fam, snacks, 'Crispy zebra chips', { subCategory: chips, barcode: '700100' });
    const bar = await product(fam, snacks, 'Zebra bar', { barcode: '700200' });
    expect(await searchNames(fam, 'zebra')).toHaveLength(2);

    await remove('family', fam);
    const entry = await entryOf('family', fam);
    expect(entry).toMatchObject({
      name: { en: 'Zebra Foods' },
      counts: { families: 1, categories: 1, subCategories: 1, products: 2 },
    });
    const detail = (await call('GET', `/api/bin/${entry.id}`)).json<BinEntryDetail>();
    expect(detail.records[0]).toMatchObject({ entity: 'family', id: fam });
    expect(detail.records.map((r) => r.name.en)).toEqual(
      expect.arrayContaining(['Snacks', 'Chips', 'Crispy zebra chips', 'Zebra bar']),
    );

    expect((await call('GET', `/api/family/${fam}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/product/${crisp}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/category?family=${fam}`)).json<BinList>().count).toBe(0);
    expect((await call('GET', '/api/product?search=zebra')).json<BinList>().count).toBe(0);
    expect((await call('GET', `/api/export/family/${fam}.csv`)).statusCode).toBe(404);
    expect((await call('GET', '/api/export/all.csv')).body).not.toContain('Zebra');

    const res = await call('POST', `/api/bin/${entry.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ entity: 'family', entityId: fam, counts: { products: 2 } });
    expect(body(await call('GET', `/api/family/${fam}`))).toMatchObject({
      counts: { categories: 2, products: 2 },
    });
    expect(body(await call('GET', `/api/category/${chips}`))).toMatchObject({ parent: snacks, family: fam });
    expect(body(await call('GET', `/api/product/${crisp}`))).toMatchObject({
      category: snacks,
      subCategory: chips,
      barcode: '700100',
    });
    expect((await call('GET', `/api/product/${bar}`)).statusCode).toBe(200);
    expect((await searchNames(fam, 'zebra')).sort()).toEqual(['Crispy zebra chips', 'Zebra bar']);
    expect(await entryOf('family', fam)).toBeUndefined();
  });

  it('takes a top-level category with its sub-categories and products, and brings them back', async () => {
    const fam = await family('Cat Bin Co');
    const top = await category(fam, 'Top');
    const sub = await category(fam, 'Sub', top);
    const inSub = await product(fam, top, 'Sub thing', { subCategory: sub });
    await remove('category', top);
    expect((await call('GET', `/api/product/${inSub}`)).statusCode).toBe(404);
    const entry = await entryOf('category', top);
    expect(entry.counts).toMatchObject({ categories: 1, subCategories: 1, products: 1 });
    expect((await call('POST', `/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    expect(body(await call('GET', `/api/product/${inSub}`))).toMatchObject({
      category: top,
      subCategory: sub,
    });
  });
});

describe('a restore that meets a conflict', () => {
  it('answers 409 naming the record and field, and changes nothing', async () => {
    const fam = await family('Clash Co');
    const cat = await category(fam, 'Clash cat');
    const gone = await product(fam, cat, 'Old soap', { barcode: '5550001' });
    await remove('product', gone);
    const taker = await product(fam, cat, 'New soap', { barcode: '5550001' });
    const entry = await entryOf('product', gone);

    const res = await call('POST', `/api/bin/${entry.id}/restore`);
    expect(res.statusCode).toBe(409);
    const error = res.json<{ message: string; details: { path: string; message: string }[] }>();
    expect(error.details[0]!.path).toBe(`product ${gone}.barcode`);
    expect(error.message).toContain('5550001');
    expect(error.message).toContain(`product ${taker}`);
    expect((await call('GET', `/api/product/${gone}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/bin/${entry.id}`)).statusCode).toBe(200);

    // Its category deleted too: the product cannot come back before it.
    await remove('product', taker);
    await remove('category', cat);
    const orphan = await call('POST', `/api/bin/${entry.id}/restore`);
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json<{ details: { path: string }[] }>().details[0]!.path).toBe(`product ${gone}.category`);
    expect((await call('POST', `/api/bin/${(await entryOf('category', cat)).id}/restore`)).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/bin/${entry.id}/restore`)).statusCode).toBe(200);
    expect(body(await call('GET', `/api/product/${gone}`))).toMatchObject({ barcode: '5550001' });
  });
});

describe('the bin over time and by account', () => {
  it('purges entries older than BIN_DAYS, and an admin empties it', async () => {
    const fam = await family('Purge Co');
    const cat = await category(fam, 'Purge cat');
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
    expect((await call('GET', `/api/bin/${entry.id}`)).statusCode).toBe(404);

    await remove('family', fam);
    const emptied = await call('DELETE', '/api/bin');
    expect(emptied.statusCode).toBe(204);
    expect((await binEntries()).count).toBe(0);
  });

  it('shows an editor the entries of their families only, never a family entry', async () => {
    const a = await family('Editor A Co');
    const b = await family('Editor B Co');
    const catA = await category(a, 'A cat');
    const catB = await category(b, 'B cat');
    await insertUser(t.database.db, {
      firstName: 'Ed',
      lastName: 'A',
      username: 'bin-editor-a',
      password: 'bin-editor-password',
      role: 'editor',
      families: [a],
    });
    const editor = await t.login('admin', 'bin-editor-a', 'bin-editor-password');
    const pA = await product(a, catA, 'A thing');
    await remove('product', pA, editor);
    await remove('category', catB);
    const spare = await family('Editor spare Co');
    await remove('family', spare);

    const seen = await binEntries(editor);
    expect(seen.data.map((e) => [e.entity, e.entityId])).toEqual([['product', pA]]);
    const entryB = await entryOf('category', catB);
    const familyEntry = await entryOf('family', spare);
    expect((await call('GET', `/api/bin/${entryB.id}`, undefined, editor)).statusCode).toBe(404);
    expect((await call('POST', `/api/bin/${familyEntry.id}/restore`, undefined, editor)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/bin/${entryB.id}`, undefined, editor)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/bin', undefined, editor)).statusCode).toBe(403);
    const own = seen.data[0]!;
    expect((await call('POST', `/api/bin/${own.id}/restore`, undefined, editor)).statusCode).toBe(200);
    expect((await call('GET', `/api/product/${pA}`, undefined, editor)).statusCode).toBe(200);
  });
});
