import type { Activity } from '@dalil/contracts/activity';
import type { Webhook, WebhookAttempt, WebhookCreated } from '@dalil/contracts/webhooks';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookMessages, webhookSubscriptions } from '../../db/schema';
import { setHistoryRecording } from '../../core/history';
import { publishChange } from '../../core/domain-events';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client, type Method } from '../../../test/client';
import { categoryBody, familyBody, productBody } from '../../../test/fixtures';
import { canReadProc, threadsOf } from '../../../test/proc-stat';
import { startReceiver, verified, type Receiver } from '../../../test/webhook-receiver';
import { csv, upload } from '../imports/imports.test-kit';
import { SENDER_THREAD_NAME } from './webhook-sender';
import { forgetOldWebhookMessages } from './webhook-attempts';
import { jpeg, postImages, waitForJob } from '../../../test/image-upload-helpers';
import { waitFor } from '../../../test/wait';

// Signed webhooks (docs/decisions/0051-webhooks.md), against receivers this test starts on 127.0.0.1.
// `wall` is the app's clock: it only moves when a test moves it, and the retries fall due by it.
let wall = Date.now();
let t: TestApp;
let admin = '';
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    overrides: { webhooks: { timeoutMs: 2000, pollMs: 50 } },
    clock: () => wall,
  });
});
afterEach(async () => {
  // Each test's subscriptions go with it, so the next test's receivers hear only their own.
  for (const w of await list()) await call('DELETE', `/api/webhook/${w.id}`);
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(() => t.close());

const api = client(() => t);
let signedInAt = 0;
// Kept on the kit (not api.as('admin')): the retries move the clock a day on, past the token's life,
// so the admin signs in again on the new clock.
async function call(method: Method, url: string, payload?: object) {
  if (wall - signedInAt > 3600_000) {
    admin = await t.adminToken();
    signedInAt = wall;
  }
  return api.as(admin).send(method, url, payload);
}

/** The answer's body, once its status is the expected one (a failure shows what came instead). */
function answered<T>(
  res: { statusCode: number; body: string; json<J>(): J },
  asked: string,
  status: number,
): T {
  expect(res.statusCode, `${asked}: ${res.body}`).toBe(status);
  return res.json<T>();
}

async function ok<T>(method: Method, url: string, payload?: object, status = 200): Promise<T> {
  return answered<T>(await call(method, url, payload), `${method} ${url}`, status);
}
const list = async () => (await ok<{ data: Webhook[] }>('GET', '/api/webhook')).data;

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function subscribe(r: Receiver, events: string[], families?: number[]): Promise<WebhookCreated> {
  return ok<WebhookCreated>('POST', '/api/webhook', { url: `${r.url}/hook`, events, families }, 201);
}

const family = (nameEn: string) => ok<{ id: number }>('POST', '/api/family', familyBody(nameEn), 201);
const category = (fam: number, nameEn: string) =>
  ok<{ id: number }>('POST', '/api/category', categoryBody(fam, nameEn), 201);
const product = (fam: number, cat: number, nameEn: string) =>
  ok<Record<string, unknown> & { id: number }>('POST', '/api/product', productBody(fam, cat, nameEn), 201);

const attempts = async (id: number) =>
  (await ok<{ data: WebhookAttempt[]; count: number }>('GET', `/api/webhook/${id}/deliveries?limit=100`))
    .data;

/** Waits until the subscription's newest attempt satisfies `done`. */
async function attemptsUntil(id: number, done: (a: WebhookAttempt[]) => boolean): Promise<WebhookAttempt[]> {
  return waitFor(
    async () => {
      const found = await attempts(id);
      return done(found) && found;
    },
    { message: `attempts of webhook ${id} never settled` },
  );
}

describe('managing subscriptions', () => {
  it('shows the secret once, keeps it to sign, and lists subscriptions without it', async () => {
    const r = await receiver();
    const fam = await family('Listed');
    const created = await subscribe(r, ['product.created', 'family.deleted'], [fam.id, fam.id]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);

    const listRes = await call('GET', '/api/webhook');
    expect(listRes.body).not.toContain(created.secret.slice(6));
    const one = await ok<Webhook>('GET', `/api/webhook/${created.id}`);
    expect(JSON.stringify(one)).not.toContain(created.secret.slice(6));
    expect(one).toEqual({
      id: created.id,
      url: `${r.url}/hook`,
      // In the order of the event types (the declarations'), whatever the order they were sent in.
      events: ['family.deleted', 'product.created'],
      families: [fam.id],
      createdAt: new Date(wall).toISOString(),
      createdBy: { id: 1, username: t.config.admin.username },
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      disabledReasonCode: null,
      disabledReasonParams: null,
      lastDelivery: null,
    });
    expect((await list()).map((w) => w.id)).toContain(created.id);

    const changed = await ok<Webhook>('PATCH', `/api/webhook/${created.id}`, {
      events: ['category.updated'],
      families: [],
      enabled: false,
    });
    expect(changed).toMatchObject({
      events: ['category.updated'],
      families: [],
      enabled: false,
      disabledAt: new Date(wall).toISOString(),
      disabledReason: `Turned off by ${t.config.admin.username}`,
      disabledReasonCode: 'webhook.turnedOffBy',
      disabledReasonParams: { name: t.config.admin.username },
    });
    const back = await ok<Webhook>('PATCH', `/api/webhook/${created.id}`, { enabled: true });
    expect(back).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });

    expect((await call('DELETE', `/api/webhook/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/webhook/${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/webhook/${created.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/webhook/${created.id}`, { enabled: true })).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad address, event or family, and keeps nothing', async () => {
    const cases: [object, string, RegExp][] = [
      [{ url: 'http://shop.example/hook', events: ['product.created'] }, 'url', /https/],
      // localhost is not the allowed 127.0.0.1, and resolves to a loopback address.
      [{ url: 'https://localhost/hook', events: ['product.created'] }, 'url', /private or local/],
      [{ url: 'https://127.0.0.2/hook', events: ['product.created'] }, 'url', /private or local/],
      [{ url: 'https://user:pw@shop.example/hook', events: ['product.created'] }, 'url', /user name/],
      [{ url: 'not an address', events: ['product.created'] }, 'url', /address/],
      [{ url: 'https://shop.example/hook', events: ['product.exploded'] }, 'events', /must be one of/],
      [{ url: 'https://shop.example/hook', events: [] }, 'events', /at least one/],
      [{ url: 'https://shop.example/hook' }, 'events', /list/],
      [
        { url: 'http://127.0.0.1:9/hook', events: ['product.created'], families: [999_999] },
        'families',
        /999999/,
      ],
      [{ events: ['product.created'] }, 'url', /required/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/webhook', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const details = res.json<{ details: { path: string; message: string }[] }>().details;
      const hit = details.find((d) => d.path.replace(/^body\./, '').split('.')[0] === field);
      expect(hit, `${JSON.stringify(payload)}: ${res.body}`).toBeDefined();
      expect(hit!.message).toMatch(message);
    }
    const r = await receiver();
    const { id } = await subscribe(r, ['product.created']);
    const patched = await call('PATCH', `/api/webhook/${id}`, { url: 'https://localhost/x' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json<{ details: { path: string }[] }>().details[0]!.path).toBe('body.url');
    expect((await list()).map((w) => w.url)).toEqual([`${r.url}/hook`]);
    expect((await call('POST', `/api/webhook/${id}/deliveries/not-a-message/resend`)).statusCode).toBe(400);
    expect((await call('POST', `/api/webhook/${id}/deliveries/msg_unknown/resend`)).statusCode).toBe(404);
  });

  it('records subscribing, changing and deleting in the history, by address and never with the secret', async () => {
    const r = await receiver();
    const created = await subscribe(r, ['product.created']);
    const url = `${r.url}/hook`;
    await ok<Webhook>('PATCH', `/api/webhook/${created.id}`, { events: ['product.deleted'], enabled: false });
    // A change that changes nothing records nothing.
    await ok<Webhook>('PATCH', `/api/webhook/${created.id}`, { enabled: false });

    // The delete honours If-Match: the version the read answered.
    const read = await call('GET', `/api/webhook/${created.id}`);
    const stale = await api
      .as(admin)
      .delete(`/api/webhook/${created.id}`, { headers: { 'if-match': '"1"' } });
    expect(stale.statusCode).toBe(412);
    const gone = await api
      .as(admin)
      .delete(`/api/webhook/${created.id}`, { headers: { 'if-match': read.headers.etag as string } });
    expect(gone.statusCode).toBe(204);

    const history = await call('GET', `/api/activity?entity=webhook&entityId=${created.id}`);
    expect(history.statusCode).toBe(200);
    const entries = history.json<{ data: Activity[] }>().data;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of entries) expect(entry.name).toEqual({ ar: url, en: url });
    expect(entries[2]!.changes).toMatchObject({
      url: { before: null, after: url },
      events: { before: null, after: ['product.created'] },
      enabled: { before: null, after: true },
    });
    expect(entries[1]!.changes).toEqual({
      events: { before: ['product.created'], after: ['product.deleted'] },
      enabled: { before: true, after: false },
      disabledAt: { before: null, after: new Date(wall).toISOString() },
      disabledReason: { before: null, after: `Turned off by ${t.config.admin.username}` },
    });
    expect(entries[0]!.changes).toMatchObject({ url: { before: url, after: null } });
    expect(history.body).not.toContain(created.secret.slice(6));
    expect(history.body).not.toMatch(/secret/i);
  });

  it('lists a page when asked, and finds a subscription by a part of its address', async () => {
    const [one, two] = [await receiver(), await receiver()];
    const first = await subscribe(one, ['product.created']);
    const second = await subscribe(two, ['product.created']);
    const page = await ok<{ data: Webhook[]; count: number }>('GET', '/api/webhook?limit=1&skip=1');
    expect(page.count).toBe(2);
    expect(page.data.map((w) => w.id)).toEqual([first.id]);
    const address = encodeURIComponent(`:${new URL(two.url).port}/hook`);
    const found = await ok<{ data: Webhook[]; count: number }>('GET', `/api/webhook?search=${address}`);
    expect(found.data.map((w) => w.id)).toEqual([second.id]);
    expect(found.count).toBe(1);
  });
});

describe('events', () => {
  it('sends each catalogue change, signed, with the record as the API shows it', async () => {
    const r = await receiver();
    const sub = await subscribe(r, [
      'family.created',
      'family.updated',
      'family.deleted',
      'category.created',
      'category.updated',
      'category.deleted',
      'product.created',
      'product.updated',
      'product.deleted',
    ]);
    const fam = await family('Signed');
    const cat = await category(fam.id, 'Juices');
    const made = await product(fam.id, cat.id, 'Mango');
    const updated = await ok<Record<string, unknown>>('PATCH', `/api/product/${made.id}`, {
      nameEn: 'Mango juice',
      nameAr: 'عصير مانجو',
      family: fam.id,
      category: cat.id,
      barcode: '6281000000014',
    });
    await ok('PATCH', `/api/category/${cat.id}`, { nameEn: 'Drinks', nameAr: 'مشروبات', family: fam.id });
    await ok('PATCH', `/api/family/${fam.id}`, { nameEn: 'Signed Co', nameAr: 'شركة' });
    expect((await call('DELETE', `/api/product/${made.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/family/${fam.id}`)).statusCode).toBe(204);

    // The family's delete takes its category along, announced as deleted too.
    const got = await r.waitFor(9);
    const types = got.map((g) => g.body.type);
    expect([...types].sort()).toEqual(
      [
        'family.created',
        'category.created',
        'product.created',
        'product.updated',
        'category.updated',
        'family.updated',
        'product.deleted',
        'category.deleted',
        'family.deleted',
      ].sort(),
    );
    // One record's events arrive in order; another record's may pass them.
    const position = (type: string) => types.indexOf(type);
    for (const record of ['family', 'category', 'product']) {
      const seen = ['created', 'updated', 'deleted']
        .map((what) => position(`${record}.${what}`))
        .filter((i) => i >= 0);
      expect(seen, record).toEqual([...seen].sort((a, b) => a - b));
    }
    const event = (type: string) => got[position(type)]!.body.data;
    const ids = new Set<string>();
    for (const g of got) {
      expect(verified(sub.secret, g)).toEqual(g.body);
      expect(g.headers['content-type']).toBe('application/json');
      expect(g.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/);
      ids.add(String(g.headers['webhook-id']));
      expect(Number(g.headers['webhook-timestamp'])).toBe(Math.floor(wall / 1000));
      expect(Date.parse(g.body.timestamp)).not.toBeNaN();
      expect(g.body.data.family).toBe(fam.id);
    }
    expect(ids.size).toBe(9);
    expect(event('product.created')).toEqual(made);
    expect(event('product.updated')).toEqual(updated);
    // A delete carries the record as it was.
    expect(event('product.deleted')).toEqual(updated);
    expect(event('family.deleted')).toMatchObject({ id: fam.id, nameEn: 'Signed Co', family: fam.id });

    const done = await attemptsUntil(sub.id, (a) => a.length === 9);
    expect(
      done.every((a) => a.ok && a.responseCode === 204 && a.attempt === 1 && a.nextAttemptAt === null),
    ).toBe(true);
    expect(done.map((a) => a.messageId).sort()).toEqual(
      got.map((g) => String(g.headers['webhook-id'])).sort(),
    );
    const [latest] = await list();
    expect(latest!.lastDelivery).toEqual({ at: new Date(wall).toISOString(), ok: true, responseCode: 204 });
  });

  it('sends only the families a subscription names, and reverts as the change they make', async () => {
    const one = await receiver();
    const all = await receiver();
    const famA = await family('Filter A');
    const famB = await family('Filter B');
    await subscribe(one, ['product.created', 'product.deleted'], [famA.id]);
    await subscribe(all, ['product.created', 'product.deleted']);
    const catA = await category(famA.id, 'A cat');
    const catB = await category(famB.id, 'B cat');
    const inB = await product(famB.id, catB.id, 'In B');
    const inA = await product(famA.id, catA.id, 'In A');
    await all.waitFor(2);
    await one.waitFor(1);
    expect(one.received.map((g) => g.body.data.id)).toEqual([inA.id]);
    expect(all.received.map((g) => g.body.data.id)).toEqual([inB.id, inA.id]);

    // Reverting the create deletes the product: announced as a delete.
    const [entry] = (
      await ok<{ data: { id: number }[] }>('GET', `/api/activity?entity=product&entityId=${inA.id}`)
    ).data;
    await ok('POST', `/api/activity/${entry!.id}/revert`, {}, 200);
    await one.waitFor(2);
    expect(one.received[1]!.body).toMatchObject({ type: 'product.deleted', data: { id: inA.id } });
  });

  it("announces a sub-category's delete, and each product it hands over to its parent", async () => {
    const r = await receiver();
    await subscribe(r, ['product.updated', 'category.deleted']);
    const fam = await family('Handed over');
    const parent = await category(fam.id, 'Parent');
    const sub = await ok<{ id: number }>(
      'POST',
      '/api/category',
      { nameEn: 'Child', nameAr: 'فرع', family: fam.id, parent: parent.id },
      201,
    );
    const items = [];
    for (const name of ['One', 'Two', 'Three']) {
      items.push(
        await ok<{ id: number }>(
          'POST',
          '/api/product',
          { nameEn: name, nameAr: name, family: fam.id, category: parent.id, subCategory: sub.id },
          201,
        ),
      );
    }
    expect((await call('DELETE', `/api/category/${sub.id}`)).statusCode).toBe(204);
    const got = await r.waitFor(4);
    expect(got.map((g) => g.body.type).sort()).toEqual([
      'category.deleted',
      'product.updated',
      'product.updated',
      'product.updated',
    ]);
    const moved = got.filter((g) => g.body.type === 'product.updated').map((g) => g.body.data);
    expect(moved.map((p) => p.id).sort()).toEqual(items.map((p) => p.id).sort());
    for (const p of moved) expect(p).toMatchObject({ category: parent.id, subCategory: null });
  });

  it('announces changes with the history off too', async () => {
    const r = await receiver();
    await subscribe(r, ['family.created', 'import.completed']);
    setHistoryRecording(false);
    try {
      const fam = await family('Unrecorded');
      const [got] = await r.waitFor(1);
      expect(got!.body).toMatchObject({ type: 'family.created', data: { id: fam.id, family: fam.id } });
      const file = csv([
        ['categoryNameEn', 'categoryNameAr'],
        ['Unrecorded tea', 'شاي'],
      ]);
      const res = await upload(t, admin, `/api/upload/categories/${fam.id}`, file, 'file', 'off.csv');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [, imported] = await r.waitFor(2);
      // No import record is kept with the history off: the event has no id to name.
      expect(imported!.body).toMatchObject({
        type: 'import.completed',
        data: {
          id: null,
          family: fam.id,
          fileName: 'off.csv',
          counts: { categories: { created: 1, updated: 0 } },
        },
      });
    } finally {
      setHistoryRecording(true);
    }
  });

  it('never sends the event of a write that rolled back', async () => {
    const r = await receiver();
    const sub = await subscribe(r, ['family.updated']);
    const fam = await family('Rolled back');
    const before = { id: fam.id, nameEn: 'Rolled back', nameAr: 'عائلة Rolled back' };
    // A write whose transaction fails after its history entry and event were written.
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishChange(tx, null, {
          entity: 'family',
          action: 'update',
          entityId: fam.id,
          family: fam.id,
          before,
          after: { ...before, nameEn: 'Never saved' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await ok('PATCH', `/api/family/${fam.id}`, { nameEn: 'Saved', nameAr: 'محفوظ' });
    const [got] = await r.waitFor(1);
    expect(got!.body.data).toMatchObject({ id: fam.id, nameEn: 'Saved' });
    // A round that looks after the write sends nothing more.
    await t.app.deliverWebhooks();
    expect(r.received).toHaveLength(1);
    expect(await attempts(sub.id)).toHaveLength(1);
  });

  it('announces a finished import and a finished image job', async () => {
    const r = await receiver();
    const sub = await subscribe(r, ['import.completed', 'image-job.completed']);
    const fam = await family('Imported');
    const file = csv([
      ['categoryNameEn', 'categoryNameAr'],
      ['Tea', 'شاي'],
      ['Coffee', 'قهوة'],
    ]);
    const res = await upload(t, admin, `/api/upload/categories/${fam.id}`, file, 'file', 'cats.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [imported] = await r.waitFor(1);
    expect(verified(sub.secret, imported!)).toEqual(imported!.body);
    expect(imported!.body).toMatchObject({
      type: 'import.completed',
      data: {
        id: res.body.importId,
        family: fam.id,
        kind: 'categories',
        fileName: 'cats.csv',
        failed: false,
        error: null,
        counts: { categories: { created: 2, updated: 0 } },
      },
    });

    const cat = await category(fam.id, 'Pictured');
    await ok(
      'POST',
      '/api/product',
      {
        nameEn: 'Pictured',
        nameAr: 'مصور',
        family: fam.id,
        category: cat.id,
        barcode: '6281000000021',
      },
      201,
    );
    const started = await postImages(t, admin, [{ filename: '6281000000021.jpg', data: await jpeg(40) }]);
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(t, admin, started.json<{ id: number }>().id);
    const [, finished] = await r.waitFor(2);
    expect(finished!.body).toMatchObject({
      type: 'image-job.completed',
      data: { id: job.id, family: null, failed: false, error: null, done: 1, total: 1, changed: 1 },
    });
  });
});

describe('delivery', () => {
  it("keeps a record's events in order: a delete waits for the update a receiver refused", async () => {
    const r = await receiver();
    const sub = await subscribe(r, ['product.created', 'product.updated', 'product.deleted']);
    const fam = await family('Ordered');
    const cat = await category(fam.id, 'Ordered cat');
    let refused = 0;
    r.answer = (g) => (g.body.type === 'product.updated' && refused++ === 0 ? 503 : 204);
    const made = await product(fam.id, cat.id, 'Ordered');
    await r.waitFor(1);
    await ok('PATCH', `/api/product/${made.id}`, {
      nameEn: 'Ordered 2',
      nameAr: 'مرتب',
      family: fam.id,
      category: cat.id,
    });
    await r.waitFor(2);
    expect((await call('DELETE', `/api/product/${made.id}`)).statusCode).toBe(204);
    // The update is due again in 5 s on the app's clock, which has not moved: the delete waits.
    await t.app.deliverWebhooks();
    expect(r.received.map((g) => g.body.type)).toEqual(['product.created', 'product.updated']);
    wall += 5000;
    await r.waitFor(4);
    expect(r.received.map((g) => g.body.type)).toEqual([
      'product.created',
      'product.updated',
      'product.updated',
      'product.deleted',
    ]);
    expect(r.received[2]!.headers['webhook-id']).toBe(r.received[1]!.headers['webhook-id']);
    await attemptsUntil(sub.id, (a) => a.length === 4);
  });

  it("sends a record's next events as soon as the earlier ones are delivered, not at the next poll", async () => {
    // An app of its own that polls once a minute: only the rounds themselves can send the events that
    // waited for their turn.
    const slow = await createTestApp({
      env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
      overrides: { webhooks: { timeoutMs: 2000, pollMs: 60_000 } },
    });
    try {
      const asAdmin = client(slow).as('admin');
      const send = async (method: Method, url: string, payload: object, status: number) =>
        answered<{ id: number }>(await asAdmin.send(method, url, payload), `${method} ${url}`, status);
      const r = await receiver();
      await send('POST', '/api/webhook', { url: `${r.url}/hook`, events: ['product.updated'] }, 201);
      const fam = await send('POST', '/api/family', { nameEn: 'Quick', nameAr: 'سريع' }, 201);
      const cat = await send(
        'POST',
        '/api/category',
        { nameEn: 'Quick', nameAr: 'سريع', family: fam.id },
        201,
      );
      const fields = { nameAr: 'منتج سريع', family: fam.id, category: cat.id };
      const made = await send('POST', '/api/product', { ...fields, nameEn: 'Quick 0' }, 201);
      for (const n of [1, 2, 3]) {
        await send('PATCH', `/api/product/${made.id}`, { ...fields, nameEn: `Quick ${n}` }, 200);
      }
      await r.waitFor(3);
      const names = r.received.map((g) => (g.body.data as { nameEn: string }).nameEn);
      expect(names).toEqual(['Quick 1', 'Quick 2', 'Quick 3']);
    } finally {
      await slow.close();
    }
  });

  it('retries on the schedule for a day, then turns the subscription off with a reason', async () => {
    const r = await receiver();
    r.answer = () => 500;
    const sub = await subscribe(r, ['family.created']);
    const first = wall;
    await family('Unreachable');
    const schedule = [5, 300, 1800, 7200, 18_000, 36_000].map((s) => s * 1000);
    const seen: number[] = [];
    for (let n = 1; n <= 8; n++) {
      const list = await attemptsUntil(sub.id, (a) => a.length === n);
      const last = list[0]!;
      expect(last).toMatchObject({
        attempt: n,
        ok: false,
        responseCode: 500,
        error: 'The receiver answered 500',
        errorCode: 'webhook.answered',
        errorParams: { code: 500 },
      });
      expect(Date.parse(last.attemptedAt)).toBe(wall);
      seen.push(wall - first);
      if (n === 8) {
        expect(last.nextAttemptAt).toBeNull();
        break;
      }
      const expected = Math.min(wall + schedule[Math.min(n - 1, 5)]!, first + 24 * 3600_000);
      expect(Date.parse(last.nextAttemptAt!)).toBe(expected);
      // A moment before it is due, nothing is sent.
      wall = expected - 1000;
      await t.app.deliverWebhooks();
      expect(await attempts(sub.id)).toHaveLength(n);
      wall = expected;
    }
    expect(seen).toEqual([0, 5, 305, 2105, 9305, 27_305, 63_305, 86_400].map((s) => s * 1000));
    const got = await r.waitFor(8);
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    for (const g of got) verified(sub.secret, g);

    const off = await ok<Webhook>('GET', `/api/webhook/${sub.id}`);
    expect(off).toMatchObject({
      enabled: false,
      disabledAt: new Date(wall).toISOString(),
      lastDelivery: { at: new Date(wall).toISOString(), ok: false, responseCode: 500 },
    });
    expect(off.disabledReason).toMatch(/failed for 24 hours.*500/);
    expect(off).toMatchObject({
      disabledReasonCode: 'webhook.failedDay',
      disabledReasonParams: { error: 'The receiver answered 500' },
    });

    // A disabled subscription gets no new events.
    await family('While off');
    await t.app.deliverWebhooks();
    expect(r.received).toHaveLength(8);

    // Turned on again and resent: the same message, the same webhook-id, delivered this time.
    r.answer = () => 200;
    await ok('PATCH', `/api/webhook/${sub.id}`, { enabled: true });
    const messageId = String(got[0]!.headers['webhook-id']);
    expect((await call('POST', `/api/webhook/${sub.id}/deliveries/${messageId}/resend`)).statusCode).toBe(
      202,
    );
    const again = await r.waitFor(9);
    expect(again[8]!.headers['webhook-id']).toBe(messageId);
    expect(again[8]!.raw).toBe(got[0]!.raw);
    verified(sub.secret, again[8]!);
    const [latest] = await attemptsUntil(sub.id, (a) => a[0]?.ok === true);
    expect(latest).toMatchObject({ messageId, attempt: 9, ok: true, responseCode: 200, nextAttemptAt: null });
  });

  it.runIf(canReadProc())(
    'sends from a thread that operators can tell apart, below the API in priority (Linux)',
    async () => {
      const r = await receiver();
      await subscribe(r, ['family.created']);
      await family('Threaded');
      await r.waitFor(1);
      const senders = threadsOf(process.pid).filter((th) => th.comm === SENDER_THREAD_NAME);
      expect(senders.length).toBeGreaterThan(0);
      expect(senders.map((th) => th.nice)).toEqual(senders.map(() => 19));
    },
  );

  it('counts no answer within the timeout as a failed attempt', async () => {
    const r = await receiver();
    r.answer = () => 'hang';
    const sub = await subscribe(r, ['family.created']);
    await family('Silent');
    const [a] = await attemptsUntil(sub.id, (list) => list.length === 1);
    expect(a).toMatchObject({ ok: false, responseCode: null, error: 'No answer within 2 s' });
    expect(a!.durationMs).toBeGreaterThanOrEqual(1900);
  });

  it('keeps the secret in the database to sign with', async () => {
    const r = await receiver();
    const sub = await subscribe(r, ['family.created']);
    const [row] = await t.database.db
      .select({ secret: webhookSubscriptions.secret })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, sub.id));
    expect(row!.secret).toBe(sub.secret);
  });
});

describe('WEBHOOK_LOG_DAYS', () => {
  it('removes old messages no delivery waits for, with their attempts, and keeps a pending one', async () => {
    const delivered = await receiver();
    const refusing = await receiver();
    refusing.answer = () => 500;
    const a = await subscribe(delivered, ['family.created']);
    const b = await subscribe(refusing, ['family.updated']);
    const fam = await family('Old News');
    await ok('PATCH', `/api/family/${fam.id}`, { nameEn: 'Old News 2', nameAr: 'عائلة قديمة' });
    const [done] = await attemptsUntil(a.id, (list) => list[0]?.ok === true);
    const [waiting] = await attemptsUntil(b.id, (list) => list.length === 1);
    expect(waiting).toMatchObject({ ok: false, responseCode: 500 });
    const ids = [done!.messageId, waiting!.messageId];

    // Both 40 days old by the database's clock; the one still pending for the refusing receiver stays.
    const { db } = t.database;
    await db
      .update(webhookMessages)
      .set({ at: sql`now() - interval '40 days'` })
      .where(inArray(webhookMessages.messageId, ids));
    expect(await forgetOldWebhookMessages(db, 30)).toBe(1);
    expect(await attempts(a.id)).toEqual([]);
    expect((await attempts(b.id)).map((x) => x.messageId)).toEqual([waiting!.messageId]);
    // Sending the removed message again: it is gone, with a 404 that says so.
    const again = await call('POST', `/api/webhook/${a.id}/deliveries/${done!.messageId}/resend`);
    expect(again.statusCode).toBe(404);

    // Once delivered, it goes too; a message younger than the days kept stays.
    refusing.answer = () => 204;
    await ok('POST', `/api/webhook/${b.id}/deliveries/${waiting!.messageId}/resend`, undefined, 202);
    await attemptsUntil(b.id, (list) => list[0]?.ok === true);
    expect(await forgetOldWebhookMessages(db, 30)).toBe(1);
    expect(await attempts(b.id)).toEqual([]);
    await family('Fresh News');
    await attemptsUntil(a.id, (list) => list.length === 1);
    expect(await forgetOldWebhookMessages(db, 30)).toBe(0);
  });
});
