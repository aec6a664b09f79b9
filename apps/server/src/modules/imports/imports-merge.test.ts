import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { createTestApp, type TestApp } from '../../../test/harness';
import { BULK_INSERT } from './merge';
import { resultRows } from '../../lib/db-helpers';
import { ALL_HEADER, allRow, countRows, csv, snapshot, upload } from './imports.test-kit';
import { STAGE_BATCH } from './staging';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

// More rows than one staging batch, in two families and several categories, a third without barcode.
const big = [
  ALL_HEADER,
  ...Array.from({ length: STAGE_BATCH + 700 }, (_, i) =>
    allRow(
      i % 2 ? 'Odd Foods' : 'Even Foods',
      `Cat ${i % 7}`,
      `Item ${i}`,
      i % 3 ? String(6280000000000 + i) : '',
    ),
  ),
];
const text = csv(big);

const staged = async () =>
  resultRows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from import_rows`))[0]!
    .n;

describe('import transaction', () => {
  it('previews a large file without writing anything', async () => {
    const before = await snapshot(t);
    const version = await readCatalogueVersion(t.database.db);
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rows: STAGE_BATCH + 700,
      families: { created: 2, updated: 0, unchanged: 0 },
      categories: { created: 14, updated: 0, unchanged: 0 },
      products: { created: STAGE_BATCH + 700, updated: 0, unchanged: 0 },
      imported: false,
    });
    expect(await snapshot(t)).toEqual(before);
    expect(await readCatalogueVersion(t.database.db)).toBe(version);
    expect(await staged()).toBe(0);
  });

  it('imports it, and importing the same file again changes nothing', async () => {
    const first = await upload(t, admin, '/api/upload/all', text);
    expect(first.status).toBe(200);
    expect(first.body.products.created).toBe(STAGE_BATCH + 700);
    const counts = await countRows(t);
    expect(counts).toEqual({ f: 2, c: 14, p: STAGE_BATCH + 700 });
    const before = await snapshot(t);

    const second = await upload(t, admin, '/api/upload/all', text);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      imported: true,
      families: { created: 0, updated: 0, unchanged: 2 },
      categories: { created: 0, updated: 0, unchanged: 14 },
      products: { created: 0, updated: 0, unchanged: STAGE_BATCH + 700 },
    });
    expect(await snapshot(t)).toEqual(before);
    expect(await staged()).toBe(0);
  });

  it('leaves the database exactly as it was when the last row is bad', async () => {
    const before = await snapshot(t);
    const changed = big.map((r, i) => (i === 0 ? r : Object.assign([...r], { 5: `${r[5]} جديد` })));
    const bad = csv([...changed, allRow('Odd Foods', 'Cat 1', 'Broken', 'not-a-barcode')]);
    const res = await upload(t, admin, '/api/upload/all', bad);
    expect(res.status).toBe(422);
    expect(res.body.report?.problems).toMatchObject([
      { line: big.length + 1, column: 'productBarcode', reason: 'must contain digits only' },
    ]);
    expect(res.body.report?.products.updated).toBe(STAGE_BATCH + 700);
    expect(await snapshot(t)).toEqual(before);
  });

  it('updates by natural key: family name in any case, product by barcode or by category and name', async () => {
    const res = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([
        ALL_HEADER,
        // Barcode 6280000000001 was Item 1 in Cat 1: new name, moved to Cat 2, family written in capitals.
        allRow('ODD FOODS', 'Cat 2', 'Renamed', '6280000000001'),
        // Item 3 has no barcode: found by (category, English name in any case).
        [
          'ODD FOODS',
          'عائلة Odd Foods',
          'Cat 3',
          'فئة Cat 3',
          'item 3',
          'منتج معدل',
          '',
          '2 years',
          '',
          '',
          '',
          '',
          '',
        ],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      families: { created: 0, updated: 1, unchanged: 0 },
      categories: { created: 0, updated: 0, unchanged: 2 },
      products: { created: 0, updated: 2, unchanged: 0 },
    });
    const rows = resultRows<Record<string, unknown>>(
      await t.database.db
        .execute(sql`select p.name_en, p.name_ar, p.shelf_life, c.name_en as cat, f.name_en as fam
        from products p join categories c on c.id = p.category_id join families f on f.id = p.family_id
        where p.barcode = '6280000000001' or (p.barcode is null and p.name_en ilike 'item 3')`),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { name_en: 'Renamed', name_ar: 'منتج Renamed', shelf_life: '1 year', cat: 'Cat 2', fam: 'ODD FOODS' },
        { name_en: 'item 3', name_ar: 'منتج معدل', shelf_life: '2 years', cat: 'Cat 3', fam: 'ODD FOODS' },
      ]),
    );
    expect((await countRows(t)).p).toBe(STAGE_BATCH + 700);
  });

  it('keeps the stored value of a column the file leaves out', async () => {
    const [ids] = resultRows<{ f: number; c: number }>(
      await t.database.db.execute(
        sql`select family_id as f, category_id as c from products where barcode = '6280000000002'`,
      ),
    );
    const res = await upload(
      t,
      admin,
      `/api/upload/products/${ids!.f}/${ids!.c}`,
      csv([
        ['productNameEn', 'productNameAr', 'productBarcode', 'productNumber'],
        ['Item 2', 'منتج Item 2', '6280000000002', '٤٢'],
      ]),
    );
    expect(res.body.products).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const [row] = resultRows<Record<string, unknown>>(
      await t.database.db.execute(
        sql`select number, shelf_life, units_per_carton from products where barcode = '6280000000002'`,
      ),
    );
    expect(row).toEqual({ number: '42', shelf_life: '1 year', units_per_carton: 12 });
  });

  it('rebuilds every index and foreign key after a bulk load, in the same transaction', async () => {
    const schema = async () =>
      resultRows<{ name: string; def: string }>(
        await t.database.db.execute(sql`select indexname as name, indexdef as def from pg_indexes
          where tablename = 'products'
          union all select conname, pg_get_constraintdef(oid) from pg_constraint
          where conrelid = 'products'::regclass order by 1`),
      );
    const before = await schema();
    const rows = Array.from({ length: BULK_INSERT }, (_, i) =>
      allRow('Bulk Co', `Bulk ${i % 5}`, `Bulk item ${i}`, String(6290000000000 + i)),
    );
    const res = await upload(t, admin, '/api/upload/all', csv([ALL_HEADER, ...rows]));
    expect(res.status).toBe(200);
    expect(res.body.products.created).toBe(BULK_INSERT);
    expect(await schema()).toEqual(before);
    const [hit] = resultRows<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from products where search_text like ${'%bulk item 12345'}`,
      ),
    );
    expect(hit!.n).toBe(1);
  });
});
