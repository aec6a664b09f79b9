import { createHash } from 'node:crypto';
import type { Activity } from '@dalil/contracts/activity';
import type { ApiKey, ApiKeyCreated } from '@dalil/contracts/api-keys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { bumpSessionVersion, REVOCATION_DELAY_MS } from '../../lib/session-version';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { productBody } from '../../../test/fixtures';
import { scopedStaff, type FamilyObjects, type StaffCaller } from '../../../test/scoped-staff';

// API keys (docs/decisions/0049-api-keys.md). Both clocks only move when a test moves them: `wall`
// issues tokens and expires keys, `clock` ages the session cache's version (the revocation delay).
let wall = Date.parse('2026-11-25T12:00:00Z');
let clock = 0;
let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let staff: Record<StaffCaller, string>;
const api = client(() => t);

beforeAll(async () => {
  t = await createTestApp({ sessionCache: { now: () => clock }, clock: () => wall });
  ({
    a,
    b,
    tokens: staff,
  } = await scopedStaff(
    t.app,
    t.database,
    await api.token('admin'),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  ));
  api.signedIn(staff);
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 10 * REVOCATION_DELAY_MS;
});

async function createKey(payload: object): Promise<ApiKeyCreated> {
  const res = await api.as('admin').post('/api/api-key', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiKeyCreated>();
}
const listKeys = async () => (await api.as('admin').get('/api/api-key')).json<{ data: ApiKey[] }>().data;
const product = (nameEn: string) => productBody(a.family, a.category, nameEn, { nameAr: 'منتج' });

describe('managing keys', () => {
  it('shows the secret once, stores only its hash, and lists keys without it', async () => {
    const created = await createKey({ name: 'ERP sync', role: 'editor', families: [a.family] });
    expect(created.secret).toMatch(/^dalil_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    expect(row!.secretHash).toBe(createHash('sha256').update(created.secret).digest('hex'));

    const list = await api.as('admin').get('/api/api-key');
    expect(list.body).not.toContain(created.secret.slice(6));
    expect(list.json<{ data: ApiKey[] }>().data.find((k) => k.id === created.id)).toEqual({
      id: created.id,
      name: 'ERP sync',
      prefix: created.prefix,
      role: 'editor',
      families: [a.family],
      createdAt: new Date(wall).toISOString(),
      createdBy: { id: 1, username: t.config.admin.username },
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it('answers 400 naming the field for a bad body, a missing family or a past expiry', async () => {
    const cases: [object, string][] = [
      [{ role: 'editor', families: [a.family] }, 'body.name'],
      [{ name: 'Shop', role: 'admin', families: [a.family] }, 'body.role'],
      [{ name: 'Shop', role: 'reader', families: [] }, 'body.families'],
      [{ name: 'Shop', role: 'reader', families: [999999] }, 'body.families'],
      [{ name: 'Shop', role: 'reader', families: [a.family], expiresAt: 'soon' }, 'body.expiresAt'],
      [
        { name: 'Shop', role: 'reader', families: [a.family], expiresAt: new Date(wall - 1).toISOString() },
        'body.expiresAt',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await api.as('admin').post('/api/api-key', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(field);
    }
  });

  it('lets only administrators manage keys', async () => {
    const payload = { name: 'Mine', role: 'editor', families: [a.family] };
    expect((await api.as('editor-a').post('/api/api-key', payload)).statusCode).toBe(403);
    expect((await api.as('editor-a').get('/api/api-key')).statusCode).toBe(403);
    expect((await api.as('editor-a').delete('/api/api-key/1')).statusCode).toBe(403);
    expect((await api.as('admin').delete('/api/api-key/999999')).statusCode).toBe(404);
  });

  it('lists a page when asked, finds a key by its name, and every key without a limit', async () => {
    const first = await createKey({ name: 'Paging one', role: 'reader', families: [a.family] });
    const second = await createKey({ name: 'Paging two', role: 'reader', families: [a.family] });
    const page = await api.as('admin').get('/api/api-key', { query: { limit: '1', skip: '1' } });
    const all = await listKeys();
    expect(page.json<{ data: ApiKey[]; count: number }>()).toEqual({
      data: [all[1]],
      count: all.length,
    });
    expect(all.map((k) => k.id).slice(0, 2)).toEqual([second.id, first.id]);
    const found = await api.as('admin').get('/api/api-key', { query: { search: 'paging TW' } });
    expect(found.json<{ data: ApiKey[]; count: number }>()).toMatchObject({
      data: [{ id: second.id, name: 'Paging two' }],
      count: 1,
    });
  });

  it('records its issue and its revoke in the history, by its name and never with its secret', async () => {
    const created = await createKey({ name: 'Warehouse feed', role: 'reader', families: [a.family] });
    wall += 60_000;
    expect((await api.as('admin').delete(`/api/api-key/${created.id}`)).statusCode).toBe(204);
    // A second revoke keeps the first one's time, and records nothing.
    expect((await api.as('admin').delete(`/api/api-key/${created.id}`)).statusCode).toBe(204);
    const history = await api.as('admin').get(`/api/activity?entity=apiKey&entityId=${created.id}`);
    expect(history.statusCode).toBe(200);
    const entries = history.json<{ data: Activity[] }>().data;
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries.map((e) => e.name)).toEqual([
      { ar: 'Warehouse feed', en: 'Warehouse feed' },
      { ar: 'Warehouse feed', en: 'Warehouse feed' },
    ]);
    expect(entries[0]!.changes).toEqual({
      revokedAt: { before: null, after: new Date(wall).toISOString() },
    });
    expect(entries[1]!.changes).toMatchObject({
      name: { before: null, after: 'Warehouse feed' },
      prefix: { before: null, after: created.prefix },
      role: { before: null, after: 'reader' },
      families: { before: null, after: [a.family] },
    });
    expect(entries[1]!.actor).toMatchObject({ username: t.config.admin.username });
    expect(history.body).not.toContain(created.secret.slice(created.prefix.length));
    expect(history.body).not.toContain(createHash('sha256').update(created.secret).digest('hex'));
    expect(history.body).not.toMatch(/secret/i);
  });
});

describe('a key at work', () => {
  it('acts as an editor of its families only, and the history names it; its change reverts', async () => {
    const key = (await createKey({ name: 'ERP sync', role: 'editor', families: [a.family] })).secret;
    expect((await api.as(key).get(`/api/product/${a.product}`)).statusCode).toBe(200);
    expect((await api.as(key).get(`/api/product/${b.product}`)).statusCode).toBe(404);
    // Staff-only reads of its own family, not another's.
    expect((await api.as(key).get(`/api/export/family/${a.family}.csv`)).statusCode).toBe(200);
    expect((await api.as(key).get(`/api/export/family/${b.family}.csv`)).statusCode).toBe(404);
    expect(
      (await api.as(key).patch(`/api/product/${b.product}`, { ...product('Stolen'), family: b.family }))
        .statusCode,
    ).toBe(404);

    const renamed = await api.as(key).patch(`/api/product/${a.product}`, product('Alpha nectar'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const history = await api.as('admin').get(`/api/activity?entity=product&entityId=${a.product}`);
    const entry = history.json<{ data: Activity[] }>().data[0]!;
    expect(entry.actor).toMatchObject({ id: null, username: 'key: ERP sync' });
    expect(entry.actor.apiKey).toEqual(expect.any(Number));
    expect(entry.changes).toMatchObject({ nameEn: { after: 'Alpha nectar' } });

    const reverted = await api.as('admin').post(`/api/activity/${entry.id}/revert`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    const back = await api.as('admin').get(`/api/product/${a.product}`);
    expect(back.json<{ nameEn: string }>().nameEn).toBe('Alpha juice');
  });

  it('names itself on what it deletes, and the delete is taken back from the history', async () => {
    const key = (await createKey({ name: 'Cleaner', role: 'editor', families: [a.family] })).secret;
    const made = await api.as(key).post('/api/product', product('Short-lived'));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;
    expect((await api.as(key).delete(`/api/product/${id}`)).statusCode).toBe(204);
    const bin = await api.as('admin').get(`/api/bin?family=${a.family}`);
    expect(bin.json<{ data: { actor: object }[] }>().data[0]!.actor).toEqual({
      id: null,
      username: 'key: Cleaner',
    });
    const history = await api.as('admin').get(`/api/activity?entity=product&entityId=${id}`);
    const entries = history.json<{ data: Activity[] }>().data;
    expect(entries.map((e) => [e.action, e.actor.username])).toEqual([
      ['delete', 'key: Cleaner'],
      ['create', 'key: Cleaner'],
    ]);
    const restored = await api.as('admin').post(`/api/activity/${entries[0]!.id}/revert`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await api.as(key).get(`/api/product/${id}`)).statusCode).toBe(200);
  });

  it('as a reader, reads what an editor of its families reads and changes nothing', async () => {
    const key = (await createKey({ name: 'Shop feed', role: 'reader', families: [a.family] })).secret;
    expect((await api.as(key).get(`/api/product/${a.product}`)).statusCode).toBe(200);
    expect((await api.as(key).get(`/api/bin/${a.binEntry}`)).statusCode).toBe(200);
    expect((await api.as(key).get(`/api/bin/${b.binEntry}`)).statusCode).toBe(404);
    expect((await api.as(key).get('/api/activity')).statusCode).toBe(200);
    expect((await api.as(key).patch(`/api/product/${a.product}`, product('Changed'))).statusCode).toBe(403);
    expect((await api.as(key).post('/api/product', product('New'))).statusCode).toBe(403);
    expect((await api.as(key).delete(`/api/product/${a.product}`)).statusCode).toBe(403);
    const still = await api.as('admin').get(`/api/product/${a.product}`);
    expect(still.json<{ nameEn: string }>().nameEn).toBe('Alpha juice');
  });

  it('never reaches accounts, keys or sign-out', async () => {
    const key = (await createKey({ name: 'Bold', role: 'editor', families: [a.family, b.family] })).secret;
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/auth'],
      ['GET', '/api/user/profile/1'],
      ['PUT', '/api/user/1'],
      ['GET', '/api/api-key'],
      ['POST', '/api/api-key'],
      ['DELETE', '/api/api-key/1'],
      ['POST', '/api/logout'],
    ] as const) {
      expect((await api.as(key).send(method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(
        403,
      );
    }
  });

  it('notes its last use at most once a minute', async () => {
    const created = await createKey({ name: 'Counter', role: 'reader', families: [a.family] });
    const lastUsed = async () => (await listKeys()).find((k) => k.id === created.id)!.lastUsedAt;
    const used = () => api.as(created.secret).get(`/api/family/${a.family}`);
    expect(await lastUsed()).toBeNull();
    expect((await used()).statusCode).toBe(200);
    const first = new Date(wall).toISOString();
    expect(await lastUsed()).toBe(first);
    wall += 59_000;
    await used();
    expect(await lastUsed()).toBe(first);
    wall += 1_000;
    await used();
    expect(await lastUsed()).toBe(new Date(wall).toISOString());
  });
});

describe('a key that stops working', () => {
  const auth = async (key: string) => (await api.as(key).get(`/api/family/${a.family}`)).statusCode;

  it('is refused at once when revoked here, and stays listed as revoked', async () => {
    const created = await createKey({ name: 'Old ERP', role: 'editor', families: [a.family] });
    expect(await auth(created.secret)).toBe(200);
    expect((await api.as('admin').delete(`/api/api-key/${created.id}`)).statusCode).toBe(204);
    const refused = await api.as(created.secret).get(`/api/family/${a.family}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect((await listKeys()).find((k) => k.id === created.id)!.revokedAt).toBe(new Date(wall).toISOString());
  });

  it('is refused within the revocation delay when revoked by another process', async () => {
    const created = await createKey({ name: 'Far ERP', role: 'editor', families: [a.family] });
    expect(await auth(created.secret)).toBe(200);
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date(wall) })
        .where(eq(apiKeys.id, created.id));
      await bumpSessionVersion(tx);
    });
    expect(await auth(created.secret)).toBe(200);
    clock += REVOCATION_DELAY_MS;
    expect(await auth(created.secret)).toBe(401);
  });

  it('is refused once it expires', async () => {
    const expiresAt = new Date(wall + 60_000).toISOString();
    const created = await createKey({ name: 'Trial', role: 'reader', families: [a.family], expiresAt });
    expect(await auth(created.secret)).toBe(200);
    wall += 59_999;
    expect(await auth(created.secret)).toBe(200);
    wall += 1;
    expect(await auth(created.secret)).toBe(401);
  });

  it('refuses a made-up or mangled key', async () => {
    const created = await createKey({ name: 'Real', role: 'reader', families: [a.family] });
    const last = created.secret.at(-1) === 'A' ? 'B' : 'A';
    expect(await auth(`${created.secret.slice(0, -1)}${last}`)).toBe(401);
    expect(await auth('dalil_short')).toBe(401);
    expect(body(await api.as('dalil_short').get(`/api/family/${a.family}`))).toMatchObject({
      statusCode: 401,
    });
  });
});
