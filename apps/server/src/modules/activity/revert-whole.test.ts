import type { Activity } from '@dalil/contracts/activity';
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdObject } from '../../../test/fixtures';
import {
  scopedStaff,
  STAFF_PASSWORD,
  type FamilyObjects,
  type StaffCaller,
} from '../../../test/scoped-staff';
import { insertUser } from '../users/users.repository';
import { RESOURCE_MODULES } from '../resources';
import { formFields, recordedFields } from '../../core/revert-target';
import { revertTargetsOf } from './revert-targets';

const REVERT_TARGETS = revertTargetsOf(RESOURCE_MODULES);

let t: TestApp;
let a: FamilyObjects;
let b: FamilyObjects;
let tokens: Record<StaffCaller, string>;

const api = client(() => t);
const newest = async () =>
  (body(await api.as('admin').get('/api/activity?limit=1')) as { data: Activity[] }).data[0]!;
const revert = (entry: Activity, who: StaffCaller = 'admin') =>
  api.as(who).post(`/api/activity/${entry.id}/revert`);

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

describe('every field the services record can be reverted', () => {
  it.each(Object.entries(REVERT_TARGETS))(
    '%s: each recorded field is a form field and a column',
    (_, target) => {
      const form = new Set(formFields(target.resource));
      const columns = Object.keys(getTableColumns(target.table));
      for (const field of recordedFields(target.resource)) {
        expect(form.has(field), `${field} in the form`).toBe(true);
        const sample = field === 'cost' ? 1 : null;
        const mapped = Object.keys(target.columns({ [field]: sample }, { nameEn: 'x', nameAr: 'x' }));
        expect(columns, `${field} has a column`).toEqual(expect.arrayContaining(mapped));
      }
    },
  );

  it("puts back every field of a product's edit, its sub-category included", async () => {
    const sub = await createdObject(api, '/api/category', {
      nameEn: 'Cold drinks',
      nameAr: 'مشروبات باردة',
      family: a.family,
      parent: a.category,
    });
    const original = await createdObject(api, '/api/product', {
      nameEn: 'Plain water',
      nameAr: 'ماء',
      family: a.family,
      category: a.category,
    });
    // Every field the form takes gets a new value.
    const res = await api.as('editor-a').patch(`/api/product/${original.id}`, {
      nameEn: 'Sparkling water',
      nameAr: 'ماء فوار',
      family: a.family,
      category: a.category,
      subCategory: sub.id,
      barcode: '777001',
      number: '42',
      netWeight: '500 ml',
      drainedWeight: '480 ml',
      unitsPerCarton: 12,
      cartonPerPalate: 40,
      descriptionEn: 'Bubbles',
      descriptionAr: 'فقاعات',
      cost: 1.25,
      shelfLife: '12 months',
      logo: 'water-logo1.webp',
      image: 'water-image1.webp',
    });
    expect(res.statusCode).toBe(200);
    const edit = await newest();
    expect(Object.keys(edit.changes)).toContain('subCategory');
    expect((await revert(edit, 'editor-a')).statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${original.id}`))).toEqual({
      ...original,
      attributeDefinitions: [],
    });
  });

  it("puts back a category's parent, and its products with it", async () => {
    const top = await createdObject(api, '/api/category', {
      nameEn: 'Snacks',
      nameAr: 'وجبات',
      family: a.family,
    });
    const item = await createdObject(api, '/api/product', {
      nameEn: 'Crisps',
      nameAr: 'رقائق',
      family: a.family,
      category: top.id,
    });
    const moved = await api.as('editor-a').patch(`/api/category/${top.id}`, {
      nameEn: 'Snacks',
      nameAr: 'وجبات',
      family: a.family,
      parent: a.category,
    });
    expect(moved.statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${item.id}`))).toMatchObject({ subCategory: top.id });
    const res = await revert(await newest(), 'editor-a');
    expect(res.statusCode).toBe(200);
    expect(body(res).changes).toEqual({ parent: { before: a.category, after: null } });
    expect(body(await api.as('admin').get(`/api/category/${top.id}`))).toMatchObject({ parent: null });
    expect(body(await api.as('admin').get(`/api/product/${item.id}`))).toMatchObject({
      category: top.id,
      subCategory: null,
    });
  });
});

describe('a revert is checked as the same request made by hand', () => {
  it("lets an editor revert neither a family's creation nor its deletion", async () => {
    const family = await createdObject(api, '/api/family', { nameEn: 'Gamma', nameAr: 'جاما' });
    const creation = await newest();
    expect(creation).toMatchObject({ entity: 'family', action: 'create', entityId: family.id });
    // An editor of that family may edit it, but not delete it by reverting its creation.
    await insertUser(t.database.db, {
      firstName: 'Gamma',
      lastName: 'Editor',
      username: 'editor-g',
      password: STAFF_PASSWORD,
      role: 'editor',
      families: [family.id],
    });
    const editor = await t.login('admin', 'editor-g', STAFF_PASSWORD);
    const asEditor = (entry: Activity) => api.as(editor).post(`/api/activity/${entry.id}/revert`);
    const renamed = await api.as('admin').patch(`/api/family/${family.id}`, {
      nameEn: 'Gamma Co',
      nameAr: 'جاما',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await asEditor(await newest())).statusCode).toBe(200);
    const refused = await asEditor(creation);
    expect(refused.statusCode).toBe(403);
    expect((await api.as('admin').get(`/api/family/${family.id}`)).statusCode).toBe(200);

    expect((await api.as('admin').delete(`/api/family/${family.id}`)).statusCode).toBe(204);
    const deletion = await newest();
    expect((await asEditor(deletion)).statusCode).toBe(403);
    expect((await api.as('admin').get(`/api/family/${family.id}`)).statusCode).toBe(404);
    expect((await revert(deletion, 'admin')).statusCode).toBe(200);
    expect((await api.as('admin').get(`/api/family/${family.id}`)).statusCode).toBe(200);
  });

  it('refuses with 409 on the field to put a product back in a category now of another family', async () => {
    const old = await createdObject(api, '/api/category', {
      nameEn: 'Teas',
      nameAr: 'شاي',
      family: a.family,
    });
    const item = await createdObject(api, '/api/product', {
      nameEn: 'Black tea',
      nameAr: 'شاي أسود',
      family: a.family,
      category: old.id,
    });
    const relink = await api.as('admin').patch(`/api/product/${item.id}`, {
      nameEn: 'Black tea',
      nameAr: 'شاي أسود',
      family: a.family,
      category: a.category,
    });
    expect(relink.statusCode).toBe(200);
    const edit = await newest();
    const away = await api.as('admin').patch(`/api/category/${old.id}`, {
      nameEn: 'Teas',
      nameAr: 'شاي',
      family: b.family,
    });
    expect(away.statusCode).toBe(200);
    const res = await revert(edit);
    expect(res.statusCode).toBe(409);
    expect(body(res).details).toMatchObject([expect.objectContaining({ path: 'body.category' })]);
    expect(body(await api.as('admin').get(`/api/product/${item.id}`))).toMatchObject({
      family: a.family,
      category: a.category,
    });
  });

  it("moves a category's products and sub-categories with it when its family change is reverted", async () => {
    const cat = await createdObject(api, '/api/category', {
      nameEn: 'Spices',
      nameAr: 'بهارات',
      family: a.family,
    });
    const sub = await createdObject(api, '/api/category', {
      nameEn: 'Peppers',
      nameAr: 'فلفل',
      family: a.family,
      parent: cat.id,
    });
    const item = await createdObject(api, '/api/product', {
      nameEn: 'Paprika',
      nameAr: 'بابريكا',
      family: a.family,
      category: cat.id,
      subCategory: sub.id,
    });
    const away = await api.as('admin').patch(`/api/category/${cat.id}`, {
      nameEn: 'Spices',
      nameAr: 'بهارات',
      family: b.family,
    });
    expect(away.statusCode).toBe(200);
    expect((await revert(await newest())).statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/category/${sub.id}`))).toMatchObject({ family: a.family });
    expect(body(await api.as('admin').get(`/api/product/${item.id}`))).toMatchObject({ family: a.family });
  });
});
