import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { scopedStaff, type FamilyObjects, type StaffCaller } from '../../../test/scoped-staff';
import { allRow, ALL_HEADER, csv, upload } from '../imports/imports.test-kit';

let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let tokens: Record<StaffCaller, string>;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: StaffCaller = 'admin', payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
const history = async (query = '', who: StaffCaller = 'admin') =>
  body(await call('GET', `/api/activity?limit=100${query}`, who)) as { data: Activity[]; count: number };
const newest = async () => (await history()).data[0]!;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, tokens } = await scopedStaff(
    t.app,
    t.database,
    await t.adminToken(),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  ));
});
afterAll(() => t.close());

/** Runs a write and returns the entries it added (newest first). */
async function entriesOf(write: () => Promise<{ statusCode: number }>, status: number) {
  const before = (await history()).count;
  const res = await write();
  expect(res.statusCode).toBe(status);
  const after = await history();
  return after.data.slice(0, after.count - before);
}

const product = (nameEn: string, extra: object = {}) => ({
  nameEn,
  nameAr: 'منتج',
  family: a.family,
  category: a.category,
  ...extra,
});

describe('history', () => {
  it('records each write kind once, with who, what and the changed fields only', async () => {
    const created = await entriesOf(
      () => call('POST', '/api/product', 'editor-a', product('Tea', { cost: 2.5 })),
      201,
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      actor: { username: 'editor-a' },
      action: 'create',
      entity: 'product',
      family: a.family,
      changes: { nameEn: { before: null, after: 'Tea' }, cost: { before: null, after: 2.5 } },
    });
    const id = created[0]!.entityId!;
    const updated = await entriesOf(
      () => call('PATCH', `/api/product/${id}`, 'editor-a', product('Green tea', { cost: 2.5 })),
      200,
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]!.changes).toEqual({ nameEn: { before: 'Tea', after: 'Green tea' } });
    const deleted = await entriesOf(() => call('DELETE', `/api/product/${id}`), 204);
    expect(deleted).toMatchObject([
      { action: 'delete', entityId: id, changes: { nameEn: { before: 'Green tea', after: null } } },
    ]);
    const family = await entriesOf(
      () => call('PATCH', `/api/family/${a.family}`, 'admin', { nameEn: 'Alpha', nameAr: 'ألفا' }),
      200,
    );
    expect(family).toMatchObject([
      { entity: 'family', action: 'update', changes: { nameAr: { after: 'ألفا' } } },
    ]);
    const category = await entriesOf(
      () => call('POST', '/api/category', 'admin', { nameEn: 'Snacks', nameAr: 'وجبات', family: a.family }),
      201,
    );
    expect(category).toMatchObject([{ entity: 'category', action: 'create', family: a.family }]);
    const user = await entriesOf(
      () =>
        call('POST', '/api/user', 'admin', {
          firstName: 'N',
          lastName: 'E',
          username: 'newbie',
          password: 'password-123',
          role: 'editor',
          families: [b.family],
        }),
      201,
    );
    expect(user).toMatchObject([
      {
        entity: 'user',
        action: 'create',
        changes: { role: { after: 'editor' }, families: { after: [b.family] } },
      },
    ]);
    expect(JSON.stringify(user)).not.toMatch(/password-123|argon2/);
    const imported = await entriesOf(async () => {
      const r = await upload(
        t,
        tokens.admin,
        '/api/upload/all',
        csv([ALL_HEADER, allRow('Alpha', 'Snacks', 'Chips', '9001')]),
      );
      return { statusCode: r.status };
    }, 200);
    // The import's own entry, then one in each record's history that it created or changed.
    const importId = imported.find((e) => e.entity === 'import')!.entityId;
    expect(imported).toMatchObject([
      { entity: 'product', action: 'import', import: { id: importId } },
      { entity: 'category', action: 'import', changes: { nameAr: { before: 'وجبات', after: 'فئة Snacks' } } },
      { entity: 'family', action: 'import', changes: { nameAr: { before: 'ألفا', after: 'عائلة Alpha' } } },
      { entity: 'import', action: 'import', changes: { products: { after: { created: 1, updated: 0 } } } },
    ]);
  });

  it('records nothing for a write that fails or changes nothing', async () => {
    for (const [write, status] of [
      [() => call('POST', '/api/product', 'admin', product('Dup', { barcode: '123456' })), 409],
      [() => call('POST', '/api/product', 'admin', product('Bad', { category: 999999 })), 400],
      [() => call('PATCH', `/api/product/999999`, 'admin', product('Gone')), 404],
      [() => call('PATCH', `/api/product/${b.product}`, 'editor-a', product('Not mine')), 404],
      [() => call('DELETE', `/api/family/${a.family}`, 'editor-a'), 403],
      [
        () =>
          upload(t, tokens.admin, '/api/upload/all', csv([ALL_HEADER, allRow('', 'x', 'y')])).then((r) => ({
            statusCode: r.status,
          })),
        422,
      ],
    ] as const) {
      expect(await entriesOf(write, status)).toEqual([]);
    }
    const same = body(await call('GET', `/api/family/${a.family}`));
    expect(
      await entriesOf(
        () => call('PATCH', `/api/family/${a.family}`, 'admin', { nameEn: same.nameEn, nameAr: same.nameAr }),
        200,
      ),
    ).toEqual([]);
  });

  it('filters by entity, record, person, family, kind and dates, and shows editors their families only', async () => {
    const mine = await history(`&actor=${(await newest()).actor.id}`);
    expect(mine.data.every((e) => e.actor.username === 'admin')).toBe(true);
    const products = await history(`&entity=product&entityId=${a.product}`);
    expect(products.data.every((e) => e.entity === 'product' && e.entityId === a.product)).toBe(true);
    expect((await history('&from=2999-01-01')).count).toBe(0);
    expect((await history(`&to=${new Date().toISOString().slice(0, 10)}`)).count).toBe(
      (await history()).count,
    );
    const editorB = await history('', 'editor-b');
    expect(editorB.count).toBeGreaterThan(0);
    expect(editorB.data.every((e) => e.family === b.family)).toBe(true);
    expect((await call('GET', '/api/activity', 'user-all')).statusCode).toBe(403);
    const bad = await call('GET', '/api/activity?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'querystring.from', message: expect.stringContaining('must be a date') },
    ]);
    const file = await call('GET', `/api/activity/export.csv?entity=product&entityId=${a.product}`);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain('id,at,actor,action,entity,entityId,family,field,before,after');
    expect(file.body).toContain('product');
  });
});

describe('revert', () => {
  it("puts an update's fields back, is recorded, and refuses with 409 naming fields changed since", async () => {
    const id = body(await call('POST', '/api/product', 'admin', product('Coffee', { cost: 3 }))).id as number;
    await call('PATCH', `/api/product/${id}`, 'editor-a', product('Mocha', { cost: 4 }));
    const rename = await newest();
    const res = await call('POST', `/api/activity/${rename.id}/revert`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      action: 'revert',
      entityId: id,
      changes: { nameEn: { before: 'Mocha', after: 'Coffee' }, cost: { before: 4, after: 3 } },
    });
    expect(body(await call('GET', `/api/product/${id}`))).toMatchObject({ nameEn: 'Coffee', cost: 3 });
    // The revert itself can be reverted; then the first entry no longer matches the product.
    await call('POST', `/api/activity/${(body(res) as Activity).id}/revert`, 'admin');
    expect(body(await call('GET', `/api/product/${id}`)).nameEn).toBe('Mocha');
    await call('PATCH', `/api/product/${id}`, 'admin', product('Latte', { cost: 4 }));
    const stale = await call('POST', `/api/activity/${rename.id}/revert`, 'admin');
    expect(stale.statusCode).toBe(409);
    expect(body(stale).details).toMatchObject([{ path: 'nameEn', message: 'was changed after this entry' }]);
    expect(body(await call('GET', `/api/product/${id}`)).nameEn).toBe('Latte');
    expect((await call('POST', `/api/activity/${rename.id}/revert`, 'editor-b')).statusCode).toBe(404);
  });

  it('brings a deleted product back with its id and image, and takes a create back', async () => {
    const made = await call(
      'POST',
      '/api/product',
      'admin',
      product('Cocoa', { barcode: '55501', image: 'cocoa-image1.webp' }),
    );
    const id = body(made).id as number;
    const create = await newest();
    await call('DELETE', `/api/product/${id}`);
    const removal = await newest();
    expect((await call('POST', `/api/activity/${removal.id}/revert`, 'editor-a')).statusCode).toBe(200);
    expect(body(await call('GET', `/api/product/${id}`))).toMatchObject({
      id,
      nameEn: 'Cocoa',
      barcode: '55501',
      image: 'cocoa-image1.webp',
    });
    const again = await call('POST', `/api/activity/${removal.id}/revert`);
    expect(again.statusCode).toBe(409);
    expect((await call('POST', `/api/activity/${create.id}/revert`)).statusCode).toBe(200);
    expect((await call('GET', `/api/product/${id}`)).statusCode).toBe(404);
  });
});

describe('HISTORY_DAYS', () => {
  it('removes entries older than the days kept, and keeps the others', async () => {
    const { forgetOldHistory } = await import('./activity.service');
    const { activity } = await import('../../db/schema');
    const { db } = t.database;
    const kept = (await history()).count;
    await db.insert(activity).values({
      actorUsername: 'someone',
      action: 'update',
      entity: 'product',
      at: new Date(Date.now() - 40 * 86_400_000),
    });
    expect((await history()).count).toBe(kept + 1);
    expect(await forgetOldHistory(db, 30)).toBe(1);
    expect((await history()).count).toBe(kept);
  });
});

describe('HISTORY=off', () => {
  it('records no write, and an import is neither listed nor undoable', async () => {
    const off = await createTestApp({ env: { HISTORY: 'off' } });
    try {
      const admin = await off.adminToken();
      const send = (method: Method, url: string, payload?: object) =>
        off.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
      const made = await send('POST', '/api/family', { nameEn: 'Quiet Co', nameAr: 'شركة هادئة' });
      expect(made.statusCode).toBe(201);
      const renamed = await send('PATCH', `/api/family/${String(body(made).id)}`, {
        nameEn: 'Calm Co',
        nameAr: 'شركة هادئة',
      });
      expect(renamed.statusCode).toBe(200);
      const file = csv([ALL_HEADER, allRow('Calm Co', 'Drinks', 'Water', '96385074')]);
      const imported = await upload(off, admin, '/api/upload/all', file);
      expect(imported.status).toBe(200);
      expect(imported.body.products.created).toBe(1);
      expect(imported.body.importId).toBeUndefined();
      expect(body(await send('GET', '/api/activity?limit=10'))).toEqual({ data: [], count: 0 });
      expect(body(await send('GET', '/api/import?limit=10')).data).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
