import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BinList } from '@dalil/contracts/bin';
import type { Feed } from '@dalil/contracts/feeds';
import type { WebhookCreated } from '@dalil/contracts/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../lib/db-helpers';
import { eventWanted } from '../../core/webhook-outbox';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client, type Method } from '../../../test/client';
import { createdObject, familyBody } from '../../../test/fixtures';
import { jpeg, postImages, waitForJob } from '../../../test/image-upload-helpers';
import { startReceiver, verified, type Receiver } from '../../../test/webhook-receiver';
import { ALL_HEADER, allRow, csv, upload } from '../imports/imports.test-kit';

// Every write path announces the records it changes (docs/decisions/0051-webhooks.md): imports and
// scheduled feed runs, image jobs, the recycle bin and an import's undo, each event signed and
// carrying the record as the API's list shows it; and a dated draft reads as scheduled.

let t: TestApp;
let admin = '';
const receivers: Receiver[] = [];
const hooks: number[] = [];

// A file server on 127.0.0.1 for the feed runs.
let files: Server;
let origin = '';
let feedFile = '';

const api = client(() => t);

async function ok<T>(method: Method, url: string, payload?: object, status = 200): Promise<T> {
  const res = await api.as('admin').send(method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
}

beforeAll(async () => {
  files = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' }).end(feedFile);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', FEED_ALLOWED_HOSTS: '127.0.0.1' },
    overrides: { webhooks: { timeoutMs: 2000, pollMs: 50 } },
    feeds: { pollMs: 0 },
  });
  admin = await api.token('admin');
});
afterEach(async () => {
  // Each test's subscriptions go with it, so the next test's receivers hear only their own.
  for (const id of hooks.splice(0)) await api.as('admin').delete(`/api/webhook/${id}`);
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(async () => {
  await t.close();
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});

/** A receiver subscribed to `events` (of `families`, or every family); answers its secret too. */
async function listen(events: string[], families?: number[]) {
  const r = await startReceiver();
  receivers.push(r);
  const hook = await ok<WebhookCreated>(
    'POST',
    '/api/webhook',
    { url: `${r.url}/hook`, events, families },
    201,
  );
  hooks.push(hook.id);
  return { r, secret: hook.secret };
}

type Body = { type: string; data: Record<string, unknown> & { id: number } };

/** The first `count` requests, each verified with the standardwebhooks package against `secret`. */
async function received(r: Receiver, secret: string, count: number): Promise<Body[]> {
  const got = await r.waitFor(count);
  return got.map((g) => verified(secret, g) as Body);
}

/** Runs a round of deliveries and checks that no more than `count` requests arrived. */
async function nothingMore(r: Receiver, count: number) {
  await t.app.deliverWebhooks();
  expect(r.received.map((g) => g.body.type)).toHaveLength(count);
}

const PRODUCT_EVENTS = ['product.created', 'product.updated', 'product.deleted'];

// Short made-up barcodes: the families take any barcode.
const anyBarcode = { requireValidGtin: false };

/** The family's products as the API lists them, by id. */
async function listed(fam: number) {
  const page = await ok<{ data: (Record<string, unknown> & { id: number })[] }>(
    'GET',
    `/api/product?family=${fam}&limit=100`,
  );
  return new Map(page.data.map((p) => [p.id, p]));
}

async function importAll(rows: string[][], name: string) {
  const res = await upload(t, admin, '/api/upload/all', csv([ALL_HEADER, ...rows]), 'file', name);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { importId: number; products: { created: number; updated: number } };
}

describe('who wants an event', () => {
  it('is nobody without a subscription, and only the families a subscription names', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Asked Co', anyBarcode));
    const other = await createdObject(api, '/api/family', familyBody('Unasked Co', anyBarcode));
    const ask = () => t.database.db.transaction((tx) => eventWanted(tx, 'product.updated'));
    // Nobody: a bulk write returns no ids and reads no body.
    expect(await ask()).toBeNull();
    await listen(['product.updated'], [fam.id]);
    const wanted = await ask();
    expect([wanted!(fam.id), wanted!(other.id), wanted!(null)]).toEqual([true, false, false]);
    expect(await t.database.db.transaction((tx) => eventWanted(tx, 'product.created'))).toBeNull();
  });
});

describe('imports', () => {
  it('announce each product they create or change, with the record as listed, and nothing when nothing changed', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Imported Co', anyBarcode));
    await importAll([allRow('Imported Co', 'Teas', 'Green tea', '5001')], 'first.csv');
    const { r, secret } = await listen(PRODUCT_EVENTS, [fam.id]);
    const done = await listen(['import.completed']);

    const rows = [
      allRow('Imported Co', 'Teas', 'Green tea, loose', '5001'),
      allRow('Imported Co', 'Teas', 'Black tea', '5002'),
      allRow('Imported Co', 'Teas', 'White tea', '5003'),
    ];
    const report = await importAll(rows, 'second.csv');
    expect(report.products).toMatchObject({ created: 2, updated: 1 });
    const bodies = await received(r, secret, 3);
    expect(bodies.map((b) => b.type).sort()).toEqual([
      'product.created',
      'product.created',
      'product.updated',
    ]);
    const products = await listed(fam.id);
    for (const b of bodies) expect(b.data).toEqual(products.get(b.data.id));
    expect(bodies.find((b) => b.type === 'product.updated')!.data).toMatchObject({
      nameEn: 'Green tea, loose',
      barcode: '5001',
    });
    const [completed] = await received(done.r, done.secret, 1);
    expect(completed).toMatchObject({
      type: 'import.completed',
      data: { id: report.importId, counts: { products: { created: 2, updated: 1 } } },
    });

    // The same file again changes nothing: no product event, the import still announced.
    const again = await importAll(rows, 'third.csv');
    expect(again.products).toMatchObject({ created: 0, updated: 0 });
    await received(done.r, done.secret, 2);
    await nothingMore(r, 3);
  });

  it('announce the categories an import creates, and undoing it announces what it deletes and puts back', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Undone Co', anyBarcode));
    await importAll([allRow('Undone Co', 'Juices', 'Orange', '6001')], 'before.csv');
    const { r, secret } = await listen([...PRODUCT_EVENTS, 'category.created', 'category.deleted'], [fam.id]);
    const { importId } = await importAll(
      [allRow('Undone Co', 'Juices', 'Orange juice', '6001'), allRow('Undone Co', 'Snacks', 'Dates', '6002')],
      'undone.csv',
    );
    const made = await received(r, secret, 3);
    expect(made.map((b) => b.type).sort()).toEqual([
      'category.created',
      'product.created',
      'product.updated',
    ]);
    const snacks = made.find((b) => b.type === 'category.created')!.data;
    expect(snacks).toMatchObject({ nameEn: 'Snacks', family: fam.id });
    const dates = made.find((b) => b.type === 'product.created')!.data;
    const orange = made.find((b) => b.type === 'product.updated')!.data;

    await ok('POST', `/api/import/${importId}/undo`);
    const undone = (await received(r, secret, 6)).slice(3);
    expect(undone.map((b) => [b.type, b.data.id]).sort()).toEqual(
      [
        ['category.deleted', snacks.id],
        ['product.deleted', dates.id],
        ['product.updated', orange.id],
      ].sort(),
    );
    // A delete carries the record as it was; the update the record as the undo left it.
    expect(undone.find((b) => b.type === 'product.deleted')!.data).toEqual(dates);
    const back = undone.find((b) => b.type === 'product.updated')!.data;
    expect(back).toMatchObject({ nameEn: 'Orange' });
    expect(back).toEqual((await listed(fam.id)).get(orange.id));
    await nothingMore(r, 6);
  });

  it('announce nothing per record to a subscription of another family', async () => {
    const mine = await createdObject(api, '/api/family', familyBody('Watched Co', anyBarcode));
    await createdObject(api, '/api/family', familyBody('Unwatched Co', anyBarcode));
    const { r } = await listen(PRODUCT_EVENTS, [mine.id]);
    await importAll([allRow('Unwatched Co', 'Rice', 'Basmati', '7001')], 'other.csv');
    await nothingMore(r, 0);
  });
});

describe('scheduled feed runs', () => {
  it('announce the products they import', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Feed Co', anyBarcode));
    const { r, secret } = await listen(PRODUCT_EVENTS, [fam.id]);
    feedFile = csv([
      ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
      ['Juices', 'عصائر', 'Orange juice', 'عصير برتقال'],
      ['Juices', 'عصائر', 'Apple juice', 'عصير تفاح'],
    ]);
    const feed = await ok<Feed>(
      'POST',
      '/api/feed',
      { family: fam.id, url: `${origin}/catalog.csv`, schedule: '0 3 * * *', timeZone: 'UTC' },
      201,
    );
    await ok('POST', `/api/feed/${feed.id}/run`, undefined, 202);
    const bodies = await received(r, secret, 2);
    expect(bodies.map((b) => [b.type, b.data.nameEn]).sort()).toEqual([
      ['product.created', 'Apple juice'],
      ['product.created', 'Orange juice'],
    ]);
    const products = await listed(fam.id);
    for (const b of bodies) expect(b.data).toEqual(products.get(b.data.id));
  });
});

describe('image jobs', () => {
  it('announce each product whose image they set', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Pictured Co', anyBarcode));
    const cat = await ok<{ id: number }>(
      'POST',
      '/api/category',
      { nameEn: 'Pictured', nameAr: 'مصور', family: fam.id },
      201,
    );
    const made = await ok<{ id: number }>(
      'POST',
      '/api/product',
      { nameEn: 'Framed', nameAr: 'مؤطر', family: fam.id, category: cat.id, barcode: '6281000000038' },
      201,
    );
    const { r, secret } = await listen(['product.updated'], [fam.id]);
    const started = await postImages(t, admin, [{ filename: '6281000000038.jpg', data: await jpeg(90) }]);
    expect(started.statusCode, started.body).toBe(202);
    await waitForJob(t, admin, started.json<{ id: number }>().id);
    const [updated] = await received(r, secret, 1);
    expect(updated).toMatchObject({
      type: 'product.updated',
      data: { id: made.id, image: expect.any(String) },
    });
    expect(updated!.data).toEqual((await listed(fam.id)).get(made.id));
    await nothingMore(r, 1);
  });
});

describe('the recycle bin', () => {
  it('announces a delete, then the restore as a create', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Binned Co', anyBarcode));
    const cat = await ok<{ id: number }>(
      'POST',
      '/api/category',
      { nameEn: 'Binned', nameAr: 'محذوف', family: fam.id },
      201,
    );
    const made = await ok<Record<string, unknown> & { id: number }>(
      'POST',
      '/api/product',
      { nameEn: 'Binned', nameAr: 'محذوف', family: fam.id, category: cat.id },
      201,
    );
    const { r, secret } = await listen(PRODUCT_EVENTS, [fam.id]);
    expect((await api.as('admin').delete(`/api/product/${made.id}`)).statusCode).toBe(204);
    const entry = (await ok<BinList>('GET', '/api/bin?limit=100')).data.find(
      (e) => e.entity === 'product' && e.entityId === made.id,
    )!;
    await ok('POST', `/api/bin/${entry.id}/restore`);
    const bodies = await received(r, secret, 2);
    expect(bodies.map((b) => [b.type, b.data.id])).toEqual([
      ['product.deleted', made.id],
      ['product.created', made.id],
    ]);
    expect(bodies[0]!.data).toEqual(made);
    expect(bodies[1]!.data).toEqual((await listed(fam.id)).get(made.id));
  });
});

describe('the recycle bin, for what a delete takes along', () => {
  it("announces a family's categories and products deleted with it, and created again by its restore", async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Taken Co', anyBarcode));
    const cat = await ok<{ id: number }>(
      'POST',
      '/api/category',
      { nameEn: 'Taken', nameAr: 'مأخوذ', family: fam.id },
      201,
    );
    const made = await ok<Record<string, unknown> & { id: number }>(
      'POST',
      '/api/product',
      { nameEn: 'Taken', nameAr: 'مأخوذ', family: fam.id, category: cat.id },
      201,
    );
    const { r, secret } = await listen(
      [...PRODUCT_EVENTS, 'category.created', 'category.deleted', 'family.created', 'family.deleted'],
      [fam.id],
    );
    expect((await api.as('admin').delete(`/api/family/${fam.id}`)).statusCode).toBe(204);
    const deleted = await received(r, secret, 3);
    expect(deleted.map((b) => [b.type, b.data.id]).sort()).toEqual(
      [
        ['category.deleted', cat.id],
        ['family.deleted', fam.id],
        ['product.deleted', made.id],
      ].sort(),
    );
    expect(deleted.find((b) => b.type === 'product.deleted')!.data).toEqual(made);
    const entry = (await ok<BinList>('GET', '/api/bin?limit=100')).data.find(
      (e) => e.entity === 'family' && e.entityId === fam.id,
    )!;
    await ok('POST', `/api/bin/${entry.id}/restore`);
    const restored = (await received(r, secret, 6)).slice(3);
    expect(restored.map((b) => [b.type, b.data.id]).sort()).toEqual(
      [
        ['category.created', cat.id],
        ['family.created', fam.id],
        ['product.created', made.id],
      ].sort(),
    );
    expect(restored.find((b) => b.type === 'product.created')!.data).toEqual(
      (await listed(fam.id)).get(made.id),
    );
    await nothingMore(r, 6);
  });
});

describe('the effective publication state', () => {
  it('reads a draft with a date ahead as scheduled, and as published once the date has passed', async () => {
    const fam = await createdObject(api, '/api/family', familyBody('Dated Co', anyBarcode));
    const cat = await ok<{ id: number }>(
      'POST',
      '/api/category',
      { nameEn: 'Dated', nameAr: 'مؤرخ', family: fam.id },
      201,
    );
    const { r, secret } = await listen(['product.created', 'product.updated'], [fam.id]);
    const publishAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const made = await ok<{ id: number; status: string }>(
      'POST',
      '/api/product',
      { nameEn: 'Soon', nameAr: 'قريبا', family: fam.id, category: cat.id, status: 'draft', publishAt },
      201,
    );
    expect(made.status).toBe('scheduled');
    expect((await ok<{ status: string }>('GET', `/api/product/${made.id}`)).status).toBe('scheduled');
    expect((await listed(fam.id)).get(made.id)!.status).toBe('scheduled');
    const [created] = await received(r, secret, 1);
    expect(created!.data).toMatchObject({ id: made.id, status: 'scheduled', publishAt });

    // A patch that leaves the status out keeps the draft and its date.
    const patched = await ok<{ status: string }>('PATCH', `/api/product/${made.id}`, { nameEn: 'Sooner' });
    expect(patched.status).toBe('scheduled');
    const [, updated] = await received(r, secret, 2);
    expect(updated!.data).toMatchObject({ status: 'scheduled', nameEn: 'Sooner' });

    // Writing `scheduled` is refused with a code: it is shown, not stored.
    const refused = await api.as('admin').patch(`/api/product/${made.id}`, { status: 'scheduled' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'request.validation',
      details: [{ path: 'body.status', code: 'publication.scheduledIsShown' }],
    });
    const put = await api.as('admin').post('/api/product', {
      nameEn: 'Never',
      nameAr: 'أبدا',
      family: fam.id,
      category: cat.id,
      status: 'scheduled',
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toMatchObject({
      details: [{ path: 'body.status', code: 'publication.scheduledIsShown' }],
    });

    // The date passes (moved into the past in the database): published, with the stored status unchanged.
    await t.database.db.execute(
      sql`update products set publish_at = now() - interval '1 hour' where id = ${made.id}`,
    );
    expect((await ok<{ status: string }>('GET', `/api/product/${made.id}`)).status).toBe('published');
    expect((await listed(fam.id)).get(made.id)!.status).toBe('published');
    const stored = resultRows<{ status: string }>(
      await t.database.db.execute(sql`select status from products where id = ${made.id}`),
    );
    expect(stored[0]!.status).toBe('draft');
  });

  it('shows families the same way', async () => {
    const publishAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const fam = await ok<{ id: number; status: string }>(
      'POST',
      '/api/family',
      { nameEn: 'Later Co', nameAr: 'شركة لاحقة', status: 'draft', publishAt },
      201,
    );
    expect(fam.status).toBe('scheduled');
    expect((await ok<{ status: string }>('GET', `/api/family/${fam.id}`)).status).toBe('scheduled');
    const page = await ok<{ data: { id: number; status: string }[] }>('GET', '/api/family?limit=100');
    expect(page.data.find((f) => f.id === fam.id)!.status).toBe('scheduled');
  });
});
