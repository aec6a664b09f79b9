import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resultRows } from '../../lib/db-helpers';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId, productBody } from '../../../test/fixtures';
import { allRow, csv, upload } from '../imports/imports.test-kit';

const INDEX_HTML = `<!doctype html>
<html lang="ar" dir="rtl">
  <head><meta charset="UTF-8" /><title>Dalil</title></head>
  <body><div id="root"></div></body>
</html>`;
const HOUR = 3600_000;

let dist: string;
let t: TestApp;
let admin: string;
let editor: string;
/** The wall clock the app reads; tests move it. */
let clock = Date.parse('2027-03-01T09:00:00Z');
const ids = {
  family: 0,
  draftFamily: 0,
  category: 0,
  draftCategory: 0,
  shown: 0,
  draft: 0,
  ofDraft: 0,
  later: 0,
};

const api = client(() => t);

const idsOf = (res: { json: () => unknown }) =>
  (res.json() as { data: { id: number }[] }).data.map((r) => r.id);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://catalogue.example' },
    overrides: { webDist: dist },
    clock: () => clock,
  });
  admin = await api.token('admin');
  ids.family = await createdId(api, '/api/family', {
    nameEn: 'Orchard',
    nameAr: 'البستان',
    requireValidGtin: false,
  });
  ids.draftFamily = await createdId(api, '/api/family', {
    nameEn: 'Secret',
    nameAr: 'سري',
    status: 'draft',
  });
  ids.category = await createdId(api, '/api/category', {
    nameEn: 'Juice',
    nameAr: 'عصير',
    family: ids.family,
  });
  ids.draftCategory = await createdId(api, '/api/category', {
    nameEn: 'Tea',
    nameAr: 'شاي',
    family: ids.draftFamily,
  });
  ids.shown = await createdId(
    api.as('admin'),
    '/api/product',
    productBody(ids.family, ids.category, 'Apple juice'),
  );
  ids.draft = await createdId(
    api.as('admin'),
    '/api/product',
    productBody(ids.family, ids.category, 'Mango juice', { status: 'draft', barcode: '12345' }),
  );
  ids.ofDraft = await createdId(
    api.as('admin'),
    '/api/product',
    productBody(ids.draftFamily, ids.draftCategory, 'Mint tea'),
  );
  ids.later = await createdId(
    api.as('admin'),
    '/api/product',
    productBody(ids.family, ids.category, 'Guava juice', {
      status: 'draft',
      publishAt: new Date(clock + HOUR).toISOString(),
    }),
  );
  const editorRes = await api.as('admin').post('/api/user', {
    firstName: 'E',
    lastName: 'D',
    username: 'drafts-editor',
    password: 'editor-password',
    role: 'editor',
    families: [ids.family],
  });
  expect(editorRes.statusCode, editorRes.body).toBe(201);
  const login = await api.anonymous.post('/api/admin/login', {
    username: 'drafts-editor',
    password: 'editor-password',
  });
  editor = body(login).token as string;
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Every visitor route, as the guest (or no one, for the crawler's and the pages' routes). */
async function visitorSees(guest: string) {
  const seen = new Set<number>();
  const families = idsOf(await api.as(guest).get('/api/family'));
  const productList = [
    ...idsOf(await api.as(guest).get(`/api/product?family=${ids.family}`)),
    ...idsOf(await api.as(guest).get(`/api/product?family=${ids.draftFamily}`)),
    ...idsOf(await api.as(guest).get('/api/product')),
  ];
  for (const id of productList) seen.add(id);
  const byId: Record<number, number> = {};
  for (const id of [ids.shown, ids.draft, ids.ofDraft, ids.later]) {
    byId[id] = (await api.as(guest).get(`/api/product/${id}`)).statusCode;
  }
  const search = await api.as(guest).get(`/api/search?family=${ids.family}&search=juice&facets=category`);
  expect(search.statusCode, search.body).toBe(200);
  const found = search.json<{
    data: { id: number }[];
    count: number;
    facets: { category: { count: number }[] };
  }>();
  const listed = await api.as(guest).get(`/api/search?family=${ids.family}&facets=category`);
  const byCode = await api.as(guest).get(`/api/search?family=${ids.family}&search=12345`);
  const category = body(await api.as(guest).get(`/api/category/${ids.category}`)) as {
    counts: { products: number };
  };
  const sitemap = (await api.anonymous.get('/sitemap.xml')).body;
  const pages: Record<number, number> = {};
  for (const id of [ids.shown, ids.draft, ids.ofDraft, ids.later]) {
    pages[id] = (await api.anonymous.get(`/catalog/main/${id}`)).statusCode;
  }
  return {
    families,
    productList: [...seen].sort((a, b) => a - b),
    byId,
    search: { ids: found.data.map((p) => p.id), count: found.count, facets: found.facets.category },
    listed: idsOf(listed),
    byCode: body(byCode).count,
    draftFamily: {
      read: (await api.as(guest).get(`/api/family/${ids.draftFamily}`)).statusCode,
      categories: idsOf(await api.as(guest).get(`/api/category?family=${ids.draftFamily}`)),
      category: (await api.as(guest).get(`/api/category/${ids.draftCategory}`)).statusCode,
      search: (await api.as(guest).get(`/api/search?family=${ids.draftFamily}`)).statusCode,
      page: (await api.anonymous.get(`/catalog/main?family=${ids.draftFamily}`)).statusCode,
    },
    categoryCount: category.counts.products,
    familyCount: (
      body(await api.as(guest).get(`/api/family/${ids.family}`)) as { counts: { products: number } }
    ).counts.products,
    sitemap: {
      products: [ids.shown, ids.draft, ids.ofDraft, ids.later].filter((id) =>
        sitemap.includes(`/catalog/main/${id}?lang=ar<`),
      ),
      draftFamily: sitemap.includes(`family=${ids.draftFamily}&amp;lang=ar<`),
    },
    pages,
  };
}

describe('drafts and publish dates', () => {
  it('never shows a guest a draft product, a draft family or its products, by any route', async () => {
    const seen = await visitorSees(await t.guestToken());
    expect(seen).toEqual({
      families: [ids.family],
      productList: [ids.shown],
      byId: { [ids.shown]: 200, [ids.draft]: 404, [ids.ofDraft]: 404, [ids.later]: 404 },
      search: { ids: [ids.shown], count: 1, facets: [{ id: ids.category, count: 1 }] },
      listed: [ids.shown],
      byCode: 0,
      draftFamily: { read: 404, categories: [], category: 404, search: 404, page: 404 },
      categoryCount: 1,
      familyCount: 1,
      sitemap: { products: [ids.shown], draftFamily: false },
      pages: { [ids.shown]: 200, [ids.draft]: 404, [ids.ofDraft]: 404, [ids.later]: 404 },
    });
  });

  it('shows staff the drafts of the families they may write, marked as drafts', async () => {
    const all = (await api.as('admin').get(`/api/product?family=${ids.family}`)).json<{
      data: { id: number; status: string; publishAt: string | null }[];
    }>().data;
    expect(all.map((p) => [p.id, p.status])).toEqual([
      [ids.shown, 'published'],
      [ids.draft, 'draft'],
      // A draft whose date is ahead reads as scheduled.
      [ids.later, 'scheduled'],
    ]);
    expect(all.find((p) => p.id === ids.later)!.publishAt).toBe(new Date(clock + HOUR).toISOString());
    expect(idsOf(await api.as('admin').get('/api/family?status=draft'))).toEqual([ids.draftFamily]);
    expect(idsOf(await api.as(editor).get(`/api/product?family=${ids.family}&status=draft`))).toEqual([
      ids.draft,
      ids.later,
    ]);
    expect((await api.as('admin').get(`/api/product/${ids.ofDraft}`)).statusCode).toBe(200);
    const search = await api.as(editor).get(`/api/search?family=${ids.family}&search=juice`);
    expect(body(search).count).toBe(3);
    // The editor may not write the draft family: it stays hidden from them, as from a visitor.
    expect((await api.as(editor).get(`/api/family/${ids.draftFamily}`)).statusCode).toBe(404);
    expect((await api.as('admin').get('/api/product?status=pending')).statusCode).toBe(400);
  });

  it('suggests to a guest no word that only a draft holds; staff get it', async () => {
    // Each word finds a product, both together none: the words alone are suggested.
    const both = `/api/search?family=${ids.family}&search=mango%20apple`;
    const suggested = async (token: string) =>
      (await api.as(token).get(both)).json<{ suggestions?: string[] }>().suggestions ?? [];
    expect(await suggested(admin)).toEqual(['mango', 'apple']);
    expect(await suggested(await t.guestToken())).toEqual(['apple']);
  });

  it('publishes a draft when its date passes, without anyone acting', async () => {
    const guest = await t.guestToken();
    // Cached before the date: the search page, the sitemap and the product page.
    expect((await visitorSees(guest)).search.ids).toEqual([ids.shown]);
    clock += 2 * HOUR;
    const after = await visitorSees(await t.guestToken());
    expect(after.byId[ids.later]).toBe(200);
    expect(after.productList).toEqual([ids.shown, ids.later]);
    expect(after.search.ids.sort((a, b) => a - b)).toEqual([ids.shown, ids.later]);
    expect(after.sitemap.products).toEqual([ids.shown, ids.later]);
    expect(after.pages[ids.later]).toBe(200);
    expect(after.categoryCount).toBe(2);
    expect(after.familyCount).toBe(2);
    // It reads as published; its stored status is still draft: the date made it public.
    expect(body(await api.as('admin').get(`/api/product/${ids.later}`))).toMatchObject({
      status: 'published',
    });
    const [stored] = resultRows<{ status: string }>(
      await t.database.db.execute(sql`select status from products where id = ${ids.later}`),
    );
    expect(stored!.status).toBe('draft');
  });

  it('publishes a draft family with its products, and a revert of the change hides them again', async () => {
    const put = await api.as('admin').patch(`/api/family/${ids.draftFamily}`, {
      nameEn: 'Secret',
      nameAr: 'سري',
      status: 'published',
    });
    expect(put.statusCode, put.body).toBe(200);
    const guest = await t.guestToken();
    expect((await api.as(guest).get(`/api/product/${ids.ofDraft}`)).statusCode).toBe(200);
    // A guest's search of the family is answered, and its page kept in the search cache.
    const searched = await api.as(guest).get(`/api/search?family=${ids.draftFamily}`);
    expect(searched.statusCode, searched.body).toBe(200);
    const entry = body(await api.as('admin').get('/api/activity?limit=1')) as { data: Activity[] };
    expect(entry.data[0]).toMatchObject({
      entity: 'family',
      entityId: ids.draftFamily,
      changes: { status: { before: 'draft', after: 'published' } },
    });
    const revert = await api.as('admin').post(`/api/activity/${entry.data[0]!.id}/revert`);
    expect(revert.statusCode, revert.body).toBe(200);
    expect(body(await api.as('admin').get(`/api/family/${ids.draftFamily}`))).toMatchObject({
      status: 'draft',
    });
    expect((await api.as(guest).get(`/api/product/${ids.ofDraft}`)).statusCode).toBe(404);
    expect((await api.as(guest).get(`/api/family/${ids.draftFamily}`)).statusCode).toBe(404);
    // The cached page is not served once the family is a draft again.
    expect((await api.as(guest).get(`/api/search?family=${ids.draftFamily}`)).statusCode).toBe(404);
  });

  it('an import sets the status; a bad status names its line and changes nothing', async () => {
    const header = [
      'familyNameEn',
      'familyNameAr',
      'categoryNameEn',
      'categoryNameAr',
      'productNameEn',
      'productNameAr',
      'productBarcode',
      'productStatus',
    ];
    const row = (name: string, barcode: string, status: string) => [
      ...allRow('Orchard', 'Juice', name, barcode).slice(0, 7),
      status,
    ];
    const bad = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([header, row('Lime juice', '777001', 'Draft'), row('Kiwi juice', '777002', 'hidden')]),
    );
    expect(bad.status).toBe(422);
    expect(bad.report().problems).toMatchObject([
      { line: 3, column: 'productStatus', reason: 'must be draft or published' },
    ]);
    const ok = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([header, row('Lime juice', '777001', 'Draft'), row('Kiwi juice', '777002', '')]),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const listed = (await api.as('admin').get(`/api/product?family=${ids.family}&search=juice`)).json<{
      data: { nameEn: string; status: string }[];
    }>().data;
    expect(Object.fromEntries(listed.map((p) => [p.nameEn, p.status]))).toMatchObject({
      'Lime juice': 'draft',
      'Kiwi juice': 'published',
    });
    // An empty cell keeps the stored status; the export writes it.
    await upload(t, admin, '/api/upload/all', csv([header, row('Lime juice', '777001', '')]));
    const exported = (await api.as('admin').get(`/api/export/family/${ids.family}.csv`)).body;
    // The status column, then the cost, descriptions, publish date, image and icon (empty here).
    expect(exported).toMatch(/Lime juice,[^\r\n]*,draft,{6}\r\n/);
    expect(exported).toMatch(/Kiwi juice,[^\r\n]*,published,{6}\r\n/);
  });
});
