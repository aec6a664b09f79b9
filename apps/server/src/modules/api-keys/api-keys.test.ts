import { createHash } from 'node:crypto';
import type { Activity } from '@dalil/contracts/activity';
import type { ApiKey, ApiKeyCreated } from '@dalil/contracts/api-keys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { bumpSessionVersion, REVOCATION_DELAY_MS } from '../../lib/session-version';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { scopedStaff, type FamilyObjects, type StaffCaller } from '../../../test/scoped-staff';

// API keys (docs/decisions/0049-api-keys.md). Both clocks only move when a test moves them: `wall`
// issues tokens and expires keys, `clock` ages the session cache's version (the revocation delay).
let wall = Date.parse('2026-11-25T12:00:00Z');
let clock = 0;
let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let staff: Record<StaffCaller, string>;

beforeAll(async () => {
  t = await createTestApp({ sessionCache: { now: () => clock }, clock: () => wall });
  ({
    a,
    b,
    tokens: staff,
  } = await scopedStaff(
    t.app,
    t.database,
    await t.adminToken(),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  ));
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 10 * REVOCATION_DELAY_MS;
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createKey(payload: object): Promise<ApiKeyCreated> {
  const res = await call('POST', '/api/api-key', staff.admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiKeyCreated>();
}
const listKeys = async () => (await call('GET', '/api/api-key', staff.admin)).json<{ data: ApiKey[] }>().data;
const product = (nameEn: string) => ({ nameEn, nameAr: 'منتج', family: a.family, category: a.category });

describe('managing keys', () => {
  it('shows the secret once, stores only its hash, and lists keys without it', async () => {
    const created = await createKey({ name: 'ERP sync', role: 'editor', families: [a.family] });
    expect(created.secret).toMatch(/^dalil_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    expect(row!.secretHash).toBe(createHash('sha256').update(created.secret).digest('hex'));

    const list = await call('GET', '/api/api-key', staff.admin);
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
      const res = await call('POST', '/api/api-key', staff.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain(field);
    }
  });

  it('lets only administrators manage keys', async () => {
    const payload = { name: 'Mine', role: 'editor', families: [a.family] };
    expect((await call('POST', '/api/api-key', staff['editor-a'], payload)).statusCode).toBe(403);
    expect((await call('GET', '/api/api-key', staff['editor-a'])).statusCode).toBe(403);
    expect((await call('DELETE', '/api/api-key/1', staff['editor-a'])).statusCode).toBe(403);
    expect((await call('DELETE', '/api/api-key/999999', staff.admin)).statusCode).toBe(404);
  });
});

describe('a key at work', () => {
  it('acts as an editor of its families only, and the history names it; its change reverts', async () => {
    const key = (await createKey({ name: 'ERP sync', role: 'editor', families: [a.family] })).secret;
    expect((await call('GET', `/api/product/${a.product}`, key)).statusCode).toBe(200);
    expect((await call('GET', `/api/product/${b.product}`, key)).statusCode).toBe(404);
    // Staff-only reads of its own family, not another's.
    expect((await call('GET', `/api/export/family/${a.family}.csv`, key)).statusCode).toBe(200);
    expect((await call('GET', `/api/export/family/${b.family}.csv`, key)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/product/${b.product}`, key, { ...product('Stolen'), family: b.family }))
        .statusCode,
    ).toBe(404);

    const renamed = await call('PATCH', `/api/product/${a.product}`, key, product('Alpha nectar'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const history = await call('GET', `/api/activity?entity=product&entityId=${a.product}`, staff.admin);
    const entry = history.json<{ data: Activity[] }>().data[0]!;
    expect(entry.actor).toMatchObject({ id: null, username: 'key: ERP sync' });
    expect(entry.actor.apiKey).toEqual(expect.any(Number));
    expect(entry.changes).toMatchObject({ nameEn: { after: 'Alpha nectar' } });

    const reverted = await call('POST', `/api/activity/${entry.id}/revert`, staff.admin);
    expect(reverted.statusCode, reverted.body).toBe(200);
    const back = await call('GET', `/api/product/${a.product}`, staff.admin);
    expect(back.json<{ nameEn: string }>().nameEn).toBe('Alpha juice');
  });

  it('names itself on what it deletes, and the delete is taken back from the history', async () => {
    const key = (await createKey({ name: 'Cleaner', role: 'editor', families: [a.family] })).secret;
    const made = await call('POST', '/api/product', key, product('Short-lived'));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;
    expect((await call('DELETE', `/api/product/${id}`, key)).statusCode).toBe(204);
    const bin = await call('GET', `/api/bin?family=${a.family}`, staff.admin);
    expect(bin.json<{ data: { actor: object }[] }>().data[0]!.actor).toEqual({
      id: null,
      username: 'key: Cleaner',
    });
    const history = await call('GET', `/api/activity?entity=product&entityId=${id}`, staff.admin);
    const entries = history.json<{ data: Activity[] }>().data;
    expect(entries.map((e) => [e.action, e.actor.username])).toEqual([
      ['delete', 'key: Cleaner'],
      ['create', 'key: Cleaner'],
    ]);
    const restored = await call('POST', `/api/activity/${entries[0]!.id}/revert`, staff.admin);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call('GET', `/api/product/${id}`, key)).statusCode).toBe(200);
  });

  it('as a reader, reads what an editor of its families reads and changes nothing', async () => {
    const key = (await createKey({ name: 'Shop feed', role: 'reader', families: [a.family] })).secret;
    expect((await call('GET', `/api/product/${a.product}`, key)).statusCode).toBe(200);
    expect((await call('GET', `/api/bin/${a.binEntry}`, key)).statusCode).toBe(200);
    expect((await call('GET', `/api/bin/${b.binEntry}`, key)).statusCode).toBe(404);
    expect((await call('GET', '/api/activity', key)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/product/${a.product}`, key, product('Changed'))).statusCode).toBe(403);
    expect((await call('POST', '/api/product', key, product('New'))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/product/${a.product}`, key)).statusCode).toBe(403);
    const still = await call('GET', `/api/product/${a.product}`, staff.admin);
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
      expect((await call(method, url, key, method === 'GET' ? undefined : {})).statusCode, url).toBe(403);
    }
  });

  it('notes its last use at most once a minute', async () => {
    const created = await createKey({ name: 'Counter', role: 'reader', families: [a.family] });
    const lastUsed = async () => (await listKeys()).find((k) => k.id === created.id)!.lastUsedAt;
    const used = () => call('GET', `/api/family/${a.family}`, created.secret);
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
  const auth = async (key: string) => (await call('GET', `/api/family/${a.family}`, key)).statusCode;

  it('is refused at once when revoked here, and stays listed as revoked', async () => {
    const created = await createKey({ name: 'Old ERP', role: 'editor', families: [a.family] });
    expect(await auth(created.secret)).toBe(200);
    expect((await call('DELETE', `/api/api-key/${created.id}`, staff.admin)).statusCode).toBe(204);
    const refused = await call('GET', `/api/family/${a.family}`, created.secret);
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
    expect(body(await call('GET', `/api/family/${a.family}`, 'dalil_short'))).toMatchObject({
      statusCode: 401,
    });
  });
});
