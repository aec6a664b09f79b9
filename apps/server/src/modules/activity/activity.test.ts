import type { Activity } from '@dalil/contracts/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { productBody } from '../../../test/fixtures';
import { scopedStaff, type FamilyObjects, type StaffCaller } from '../../../test/scoped-staff';
import { allRow, ALL_HEADER, csv, upload } from '../imports/imports.test-kit';

let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let tokens: Record<StaffCaller, string>;

const api = client(() => t);
const history = async (query = '', who: StaffCaller = 'admin') =>
  body(await api.as(who).get(`/api/activity?limit=100${query}`)) as { data: Activity[]; count: number };
const newest = async () => (await history()).data[0]!;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, tokens } = await scopedStaff(
    t.app,
    t.database,
    await api.token('admin'),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  ));
  api.signedIn(tokens);
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

// One Arabic name for every product: a rename changes the English name only.
const product = (nameEn: string, extra: object = {}) =>
  productBody(a.family, a.category, nameEn, { nameAr: 'منتج', ...extra });

describe('history', () => {
  it('records each write kind once, with who, what and the changed fields only', async () => {
    const created = await entriesOf(
      () => api.as('editor-a').post('/api/product', product('Tea', { cost: 2.5 })),
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
      () => api.as('editor-a').patch(`/api/product/${id}`, product('Green tea', { cost: 2.5 })),
      200,
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]!.changes).toEqual({ nameEn: { before: 'Tea', after: 'Green tea' } });
    const deleted = await entriesOf(() => api.as('admin').delete(`/api/product/${id}`), 204);
    expect(deleted).toMatchObject([
      { action: 'delete', entityId: id, changes: { nameEn: { before: 'Green tea', after: null } } },
    ]);
    const family = await entriesOf(
      () => api.as('admin').patch(`/api/family/${a.family}`, { nameEn: 'Alpha', nameAr: 'ألفا' }),
      200,
    );
    expect(family).toMatchObject([
      { entity: 'family', action: 'update', changes: { nameAr: { after: 'ألفا' } } },
    ]);
    const category = await entriesOf(
      () => api.as('admin').post('/api/category', { nameEn: 'Snacks', nameAr: 'وجبات', family: a.family }),
      201,
    );
    expect(category).toMatchObject([{ entity: 'category', action: 'create', family: a.family }]);
    const user = await entriesOf(
      () =>
        api.as('admin').post('/api/user', {
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
      [() => api.as('admin').post('/api/product', product('Dup', { barcode: '123456' })), 409],
      [() => api.as('admin').post('/api/product', product('Bad', { category: 999999 })), 400],
      [() => api.as('admin').patch(`/api/product/999999`, product('Gone')), 404],
      [() => api.as('editor-a').patch(`/api/product/${b.product}`, product('Not mine')), 404],
      [() => api.as('editor-a').delete(`/api/family/${a.family}`), 403],
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
    const same = body(await api.as('admin').get(`/api/family/${a.family}`));
    expect(
      await entriesOf(
        () => api.as('admin').patch(`/api/family/${a.family}`, { nameEn: same.nameEn, nameAr: same.nameAr }),
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
    expect((await api.as('user-all').get('/api/activity')).statusCode).toBe(403);
    const bad = await api.as('admin').get('/api/activity?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'querystring.from', message: expect.stringContaining('must be a date') },
    ]);
    const file = await api.as('admin').get(`/api/activity/export.csv?entity=product&entityId=${a.product}`);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain('id,at,actor,action,entity,entityId,family,field,before,after');
    expect(file.body).toContain('product');
  });
});

describe('revert', () => {
  it("puts an update's fields back, is recorded, and refuses with 409 naming fields changed since", async () => {
    const id = body(await api.as('admin').post('/api/product', product('Coffee', { cost: 3 }))).id as number;
    await api.as('editor-a').patch(`/api/product/${id}`, product('Mocha', { cost: 4 }));
    const rename = await newest();
    const res = await api.as('admin').post(`/api/activity/${rename.id}/revert`);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      action: 'revert',
      entityId: id,
      changes: { nameEn: { before: 'Mocha', after: 'Coffee' }, cost: { before: 4, after: 3 } },
    });
    expect(body(await api.as('admin').get(`/api/product/${id}`))).toMatchObject({
      nameEn: 'Coffee',
      cost: 3,
    });
    // The revert itself can be reverted; then the first entry no longer matches the product.
    await api.as('admin').post(`/api/activity/${(body(res) as Activity).id}/revert`);
    expect(body(await api.as('admin').get(`/api/product/${id}`)).nameEn).toBe('Mocha');
    await api.as('admin').patch(`/api/product/${id}`, product('Latte', { cost: 4 }));
    const stale = await api.as('admin').post(`/api/activity/${rename.id}/revert`);
    expect(stale.statusCode).toBe(409);
    expect(body(stale).details).toMatchObject([{ path: 'nameEn', message: 'was changed after this entry' }]);
    expect(body(await api.as('admin').get(`/api/product/${id}`)).nameEn).toBe('Latte');
    expect((await api.as('editor-b').post(`/api/activity/${rename.id}/revert`)).statusCode).toBe(404);
  });

  it('brings a deleted product back with its id and image, and takes a create back', async () => {
    const made = await api
      .as('admin')
      .post('/api/product', product('Cocoa', { barcode: '55501', image: 'cocoa-image1.webp' }));
    const id = body(made).id as number;
    const create = await newest();
    await api.as('admin').delete(`/api/product/${id}`);
    const removal = await newest();
    expect((await api.as('editor-a').post(`/api/activity/${removal.id}/revert`)).statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${id}`))).toMatchObject({
      id,
      nameEn: 'Cocoa',
      barcode: '55501',
      image: 'cocoa-image1.webp',
    });
    const again = await api.as('admin').post(`/api/activity/${removal.id}/revert`);
    expect(again.statusCode).toBe(409);
    expect((await api.as('admin').post(`/api/activity/${create.id}/revert`)).statusCode).toBe(200);
    expect((await api.as('admin').get(`/api/product/${id}`)).statusCode).toBe(404);
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
      const offApi = client(off);
      const made = await offApi.as(admin).post('/api/family', { nameEn: 'Quiet Co', nameAr: 'شركة هادئة' });
      expect(made.statusCode).toBe(201);
      const renamed = await offApi.as(admin).patch(`/api/family/${String(body(made).id)}`, {
        nameEn: 'Calm Co',
        nameAr: 'شركة هادئة',
      });
      expect(renamed.statusCode).toBe(200);
      const file = csv([ALL_HEADER, allRow('Calm Co', 'Drinks', 'Water', '96385074')]);
      const imported = await upload(off, admin, '/api/upload/all', file);
      expect(imported.status).toBe(200);
      expect(imported.body.products.created).toBe(1);
      expect(imported.body.importId).toBeUndefined();
      expect(body(await offApi.as(admin).get('/api/activity?limit=10'))).toEqual({ data: [], count: 0 });
      expect(body(await offApi.as(admin).get('/api/import?limit=10')).data).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
