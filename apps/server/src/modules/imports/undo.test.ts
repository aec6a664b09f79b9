import type { ImportRunList } from '@dalil/contracts/import-runs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { sql } from 'drizzle-orm';
import { resultRows } from '../../lib/db-helpers';
import { rememberImportResult } from './import-conflicts';
import { finishImportRun, startImportRun } from './import-runs';
import { allRow, ALL_HEADER, csv, upload } from './imports.test-kit';

let t: TestApp;
let admin: string;

const api = client(() => t);
const load = async (rows: string[][], name: string) => {
  const res = await upload(t, admin, '/api/upload/all', csv([ALL_HEADER, ...rows]), 'file', name);
  expect(res.status).toBe(200);
  expect(res.body.importId).toEqual(expect.any(Number));
  return res.body.importId!;
};
const products = async () => {
  const list = body(await api.as('admin').get('/api/product?limit=100')).data as {
    id: number;
    nameEn: string;
    barcode: string;
  }[];
  return Object.fromEntries(list.map((p) => [p.barcode, p.nameEn]));
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

describe('import undo', () => {
  it('lists imports and undoes one: updated rows back as they were, created rows gone', async () => {
    const first = await load(
      [allRow('Undo Co', 'Drinks', 'Water', '1001'), allRow('Undo Co', 'Drinks', 'Milk', '1002')],
      'first.csv',
    );
    const second = await load(
      [allRow('Undo Co', 'Drinks', 'Sparkling water', '1001'), allRow('Undo Co', 'Drinks', 'Tea', '1003')],
      'second.csv',
    );
    const list = body(await api.as('admin').get('/api/import')) as unknown as ImportRunList;
    expect(list.data.map((r) => [r.id, r.fileName, r.actor.username])).toEqual([
      [second, 'second.csv', 'admin'],
      [first, 'first.csv', 'admin'],
    ]);
    expect(list.data[0]!.counts.products).toEqual({ created: 1, updated: 1 });
    const res = await api.as('admin').post(`/api/import/${second}/undo`);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ importId: second, skipped: [] });
    expect(await products()).toEqual({ '1001': 'Water', '1002': 'Milk' });
    expect((await api.as('admin').post(`/api/import/${second}/undo`)).statusCode).toBe(409);
    const entries = body(await api.as('admin').get('/api/activity?entity=import&limit=5')).data as {
      action: string;
    }[];
    expect(entries.map((e) => e.action).slice(0, 3)).toEqual(['undo', 'import', 'import']);
  });

  it('refuses when rows changed since, naming them; skipConflicts leaves those and undoes the rest', async () => {
    const run = await load(
      [allRow('Undo Co', 'Drinks', 'Still water', '1001'), allRow('Undo Co', 'Drinks', 'Oat milk', '1002')],
      'third.csv',
    );
    const list = body(await api.as('admin').get('/api/product?limit=100')).data as {
      id: number;
      barcode: string;
      family: number;
      category: number;
    }[];
    const milk = list.find((p) => p.barcode === '1002')!;
    const edit = await api.as('admin').patch(`/api/product/${milk.id}`, {
      nameEn: 'Hand-edited milk',
      nameAr: 'حليب',
      family: milk.family,
      category: milk.category,
      barcode: '1002',
    });
    expect(edit.statusCode).toBe(200);
    const refused = await api.as('admin').post(`/api/import/${run}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).details).toMatchObject([{ path: `product ${milk.id}`, message: 'changed since' }]);
    expect(await products()).toEqual({ '1001': 'Still water', '1002': 'Hand-edited milk' });
    const skipped = await api.as('admin').post(`/api/import/${run}/undo?skipConflicts=true`);
    expect(skipped.statusCode).toBe(200);
    expect(body(skipped).skipped).toEqual([{ entity: 'product', id: milk.id, reason: 'changed since' }]);
    expect(await products()).toEqual({ '1001': 'Water', '1002': 'Hand-edited milk' });
  });

  it('puts back the sub-category an import set on a product, and removes the one it created', async () => {
    await load([allRow('Sub Co', 'Drinks', 'Cola', '2001')], 'plain.csv');
    const header = [
      ...ALL_HEADER.slice(0, 4),
      'subCategoryNameEn',
      'subCategoryNameAr',
      ...ALL_HEADER.slice(4),
    ];
    const row = allRow('Sub Co', 'Drinks', 'Cola', '2001');
    row.splice(4, 0, 'Soft drinks', 'مشروبات غازية');
    const res = await upload(t, admin, '/api/upload/all', csv([header, row]), 'file', 'sub.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cola = async () => {
      const list = body(await api.as('admin').get('/api/product?limit=100')).data as {
        barcode: string;
        subCategory: number | null;
      }[];
      return list.find((p) => p.barcode === '2001')!;
    };
    expect((await cola()).subCategory).toEqual(expect.any(Number));
    const undo = await api.as('admin').post(`/api/import/${res.body.importId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await cola()).subCategory).toBeNull();
    const names = (
      body(await api.as('admin').get('/api/category?limit=100')).data as { nameEn: string }[]
    ).map((c) => c.nameEn);
    expect(names).toContain('Drinks');
    expect(names).not.toContain('Soft drinks');
  });

  it('notes a row the import created and then wrote again as the import left it: the undo removes it', async () => {
    // The import's insert notes a created row as inserted; a later write in the same import must not
    // leave that note behind, or the undo would take the import's own write for someone's edit.
    const run = await t.database.db.transaction(async (tx) => {
      const id = await startImportRun(tx, null, { kind: 'all', fileName: 'rewritten.csv' });
      await tx.execute(sql`insert into families (name_en, name_ar) values ('Rewrite Co', 'شركة')`);
      await tx.execute(sql`update families set name_ar = 'شركة إعادة' where name_en = 'Rewrite Co'`);
      await finishImportRun(tx, id, { families: { created: 1, updated: 0 } });
      await rememberImportResult(tx, id);
      return id;
    });
    const [noted] = resultRows<{ name: string }>(
      await t.database.db.execute(sql`select after ->> 'name_ar' as name from import_changes
        where import_id = ${run} and entity = 'family'`),
    );
    expect(noted).toEqual({ name: 'شركة إعادة' });
    const undo = await api.as('admin').post(`/api/import/${run}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(body(undo)).toEqual({ importId: run, skipped: [] });
    const families = (
      body(await api.as('admin').get('/api/family?limit=100')).data as { nameEn: string }[]
    ).map((f) => f.nameEn);
    expect(families).not.toContain('Rewrite Co');
  });

  it('answers 404 for an unknown import and 400 for a bad skipConflicts', async () => {
    expect((await api.as('admin').post('/api/import/999999/undo')).statusCode).toBe(404);
    expect((await api.as('admin').post('/api/import/1/undo?skipConflicts=maybe')).statusCode).toBe(400);
  });
});
