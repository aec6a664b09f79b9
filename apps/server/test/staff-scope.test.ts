import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRow, ALL_HEADER, csv, upload } from '../src/modules/imports/imports.test-kit';
import { bearer, body, createTestApp, type TestApp } from './harness';
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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: StaffCaller, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const staff = await scopedStaff(
    t.app,
    t.database,
    await t.adminToken(),
    (kind, user, password) => t.login(kind, user, password),
    t.config.guest,
  );
  ({ a, b, tokens } = staff);
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
      const res = await call(
        'PATCH',
        `/api/product/${objs.product}`,
        who,
        productBody(objs, `Renamed by ${who}`),
      );
      expect(res.statusCode, `${who} on ${objs.family}`).toBe(status);
    }
    const stillB = await call('GET', `/api/product/${b.product}`, 'admin');
    expect(body(stillB).nameEn).toBe('Renamed by admin');
  });

  it('refuses to create in another family (400 on the field) or to move a product there', async () => {
    const create = await call('POST', '/api/product', 'editor-a', productBody(b, 'Sneaked in'));
    expect(create.statusCode).toBe(400);
    expect(body(create).details).toMatchObject([{ path: 'body.family', message: 'No family has this id' }]);
    const category = await call('POST', '/api/category', 'editor-a', {
      nameEn: 'X',
      nameAr: 'س',
      family: b.family,
    });
    expect(category.statusCode).toBe(400);
    const move = await call('PATCH', `/api/product/${a.product}`, 'editor-a', productBody(b, 'Moved'));
    expect(move.statusCode).toBe(400);
    const own = await call('POST', '/api/product', 'editor-a', productBody(a, 'Made by editor'));
    expect(own.statusCode).toBe(201);
    expect((await call('DELETE', `/api/product/${body(own).id as number}`, 'editor-b')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/product/${body(own).id as number}`, 'editor-a')).statusCode).toBe(204);
  });

  it("lets an editor edit their family's texts, never create or delete a family or manage accounts", async () => {
    const family = { nameEn: 'Alpha Co', nameAr: 'شركة ألفا' };
    expect((await call('PATCH', `/api/family/${a.family}`, 'editor-a', family)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/family/${b.family}`, 'editor-a', family)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/family', 'editor-a', { nameEn: 'New', nameAr: 'جديد' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/family/${a.family}`, 'editor-a')).statusCode).toBe(403);
    expect((await call('GET', '/api/user', 'editor-a')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/synonyms/${b.synonym}`, 'editor-a')).statusCode).toBe(404);
    const synonyms = await call('GET', '/api/synonyms', 'editor-a');
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
    const editor = (await call('GET', '/api/user?search=editor-a', 'admin')).json<{
      data: { id: number }[];
    }>();
    const id = editor.data[0]!.id;
    expect((await call('GET', `/api/family/${b.family}`, 'editor-a')).statusCode).toBe(404);
    const person = { firstName: 'editor-a', lastName: 'Staff', username: 'editor-a' };
    const res = await call('PATCH', `/api/user/${id}`, 'admin', {
      ...person,
      families: [a.family, b.family],
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).families).toEqual([a.family, b.family].sort((x, y) => x - y));
    expect((await call('GET', `/api/family/${b.family}`, 'editor-a')).statusCode).toBe(200);
    const bad = await call('PATCH', `/api/user/${id}`, 'admin', { ...person, families: [999999] });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([
      { path: 'body.families', message: 'No family has the id 999999' },
    ]);
  });
});
