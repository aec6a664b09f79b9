import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRow, ALL_HEADER, csv, upload } from '../src/modules/imports/imports.test-kit';
import { body, createTestApp, type TestApp } from './harness';
import { client } from './client';
import { scopedStaff, type FamilyObjects, type StaffCaller } from './scoped-staff';

/**
 * Writes, object by object: an editor changes their own family's catalogue and nothing of another
 * family (404, as if it did not exist), never creates or deletes a family, never manages accounts; a
 * catalogue user writes nothing (403). An editor's "all" upload refuses the rows of other families.
 */

let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let tokens: Record<StaffCaller, string>;

const api = client(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const staff = await scopedStaff(
    t.app,
    t.database,
    await api.token('admin'),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  );
  ({ a, b, tokens } = staff);
  api.signedIn(tokens);
});
afterAll(() => t.close());

const productBody = (objs: FamilyObjects, nameEn: string) => ({
  nameEn,
  nameAr: 'منتج',
  family: objs.family,
  category: objs.category,
});

describe('staff scope on writes', () => {
  it("lets an editor change their family's product, answers another family's with 404, a user 403", async () => {
    const cases: [StaffCaller, FamilyObjects, number][] = [
      ['admin', b, 200],
      ['editor-a', a, 200],
      ['editor-a', b, 404],
      ['editor-b', a, 404],
      ['user-a', a, 403],
      ['user-all', a, 403],
    ];
    for (const [who, objs, status] of cases) {
      const res = await api
        .as(who)
        .patch(`/api/product/${objs.product}`, productBody(objs, `Renamed by ${who}`));
      expect(res.statusCode, `${who} on ${objs.family}`).toBe(status);
    }
    const stillB = await api.as('admin').get(`/api/product/${b.product}`);
    expect(body(stillB).nameEn).toBe('Renamed by admin');
  });

  it('refuses to create in another family (400 on the field) or to move a product there', async () => {
    const create = await api.as('editor-a').post('/api/product', productBody(b, 'Sneaked in'));
    expect(create.statusCode).toBe(400);
    expect(body(create).details).toMatchObject([{ path: 'body.family', message: 'No family has this id' }]);
    const category = await api.as('editor-a').post('/api/category', {
      nameEn: 'X',
      nameAr: 'س',
      family: b.family,
    });
    expect(category.statusCode).toBe(400);
    const move = await api.as('editor-a').patch(`/api/product/${a.product}`, productBody(b, 'Moved'));
    expect(move.statusCode).toBe(400);
    const own = await api.as('editor-a').post('/api/product', productBody(a, 'Made by editor'));
    expect(own.statusCode).toBe(201);
    expect((await api.as('editor-b').delete(`/api/product/${body(own).id as number}`)).statusCode).toBe(404);
    expect((await api.as('editor-a').delete(`/api/product/${body(own).id as number}`)).statusCode).toBe(204);
  });

  it("lets an editor edit their family's texts, never create or delete a family or manage accounts", async () => {
    const family = { nameEn: 'Alpha Co', nameAr: 'شركة ألفا' };
    expect((await api.as('editor-a').patch(`/api/family/${a.family}`, family)).statusCode).toBe(200);
    expect((await api.as('editor-a').patch(`/api/family/${b.family}`, family)).statusCode).toBe(404);
    expect((await api.as('editor-a').post('/api/family', { nameEn: 'New', nameAr: 'جديد' })).statusCode).toBe(
      403,
    );
    expect((await api.as('editor-a').delete(`/api/family/${a.family}`)).statusCode).toBe(403);
    expect((await api.as('editor-a').get('/api/user')).statusCode).toBe(403);
    expect((await api.as('editor-a').delete(`/api/synonyms/${b.synonym}`)).statusCode).toBe(404);
    const synonyms = await api.as('editor-a').get('/api/synonyms');
    expect((body(synonyms).data as { family: number }[]).map((s) => s.family)).toEqual([a.family]);
  });

  it("refuses an editor's upload to another family (404), and names each other family's row of an all file", async () => {
    const file = csv([
      ALL_HEADER,
      allRow('Alpha Co', 'Alpha drinks', 'Cola', '777'),
      allRow('Beta', 'Beta drinks', 'Lemonade', '778'),
      allRow('Beta', 'Beta drinks', 'Beta juice', '123456'),
      allRow('Gamma', 'Gamma food', 'Bread', '779'),
    ]);
    const preview = await upload(t, tokens['editor-a'], '/api/upload/all?dryRun=true', file);
    expect(preview.status).toBe(200);
    const reason = 'is a family you do not manage: this row cannot be imported by you';
    expect(preview.body.problems).toMatchObject([
      { line: 3, column: 'familyNameEn', reason },
      { line: 4, column: 'familyNameEn', reason },
      { line: 5, column: 'familyNameEn', reason },
    ]);
    // Nothing of another family's rows is counted or echoed: not whether Beta holds the product.
    expect(preview.body.products).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(preview.body.families).toEqual({ created: 0, updated: 1, unchanged: 0 });
    for (const secret of ['Beta', 'Gamma', 'Lemonade', '778', '123456']) {
      expect(JSON.stringify(preview.body)).not.toContain(secret);
    }
    const real = await upload(t, tokens['editor-a'], '/api/upload/all', file);
    expect(real.status).toBe(422);
    const byAdmin = await upload(t, tokens.admin, '/api/upload/all?dryRun=true', file);
    expect(byAdmin.body.problems).toMatchObject([]);
    const own = csv([ALL_HEADER, allRow('Alpha Co', 'Alpha drinks', 'Cola', '777')]);
    expect((await upload(t, tokens['editor-a'], '/api/upload/all', own)).status).toBe(200);
    const other = await upload(t, tokens['editor-a'], `/api/upload/categories/${b.family}?dryRun=true`, own);
    expect(other.status).toBe(404);
  });

  it('takes a change of families at once: the editor given family B sees it on the next request', async () => {
    const editor = (await api.as('admin').get('/api/user?search=editor-a')).json<{
      data: { id: number }[];
    }>();
    const id = editor.data[0]!.id;
    expect((await api.as('editor-a').get(`/api/family/${b.family}`)).statusCode).toBe(404);
    const person = { firstName: 'editor-a', lastName: 'Staff', username: 'editor-a' };
    const res = await api.as('admin').patch(`/api/user/${id}`, {
      ...person,
      families: [a.family, b.family],
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).families).toEqual([a.family, b.family].sort((x, y) => x - y));
    expect((await api.as('editor-a').get(`/api/family/${b.family}`)).statusCode).toBe(200);
    const bad = await api.as('admin').patch(`/api/user/${id}`, { ...person, families: [999999] });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'body.families', message: 'No family has the id 999999' },
    ]);
  });
});
