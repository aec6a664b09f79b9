import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, IMPORT_COLUMNS, importTemplateCsv } from '@dalil/contracts/imports';
import { bearer, createTestApp, type TestApp } from '../../../test/harness';
import { resultRows } from '../../lib/db-helpers';
import { ALL_HEADER, allRow, countRows, csv, multipartBody, sheetValues, upload } from './imports.test-kit';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const download = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const invalidRows = (body: string, lang = 'en') => {
  const { payload, headers } = multipartBody(body, 'file', 'two-mistakes.csv', 'text/csv');
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/all/invalid-rows?lang=${lang}`,
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
};

describe('a row with two mistakes', () => {
  const header = [...ALL_HEADER, 'productCost'];
  const text = csv([
    header,
    [...allRow('Two Co', 'Cat', 'Fine', '6281000000014'), '3'],
    [...allRow('Two Co', 'Cat', 'Twice wrong', '62A-17'), '-4'],
  ]);

  it('reports both in the preview, each with its column', async () => {
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 2, problemCount: 2 });
    expect(res.body.problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [3, 'productBarcode', 'field.digitsOnly'],
      [3, 'productCost', 'field.notNegative'],
    ]);
  });

  it('writes both into the reason of that row in the invalid-rows file', async () => {
    const res = await invalidRows(text);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Twice wrong');
    expect(lines[1]).toMatch(/productBarcode: must contain digits only; .*productCost: /);
  });
});

describe('renamed columns', () => {
  const oldHeader = ALL_HEADER; // productExpDate, productCartonPerPalate
  const newHeader = ALL_HEADER.map((c) =>
    c === 'productExpDate'
      ? 'productShelfLife'
      : c === 'productCartonPerPalate'
        ? 'productCartonPerPallet'
        : c,
  );
  const row = (name: string) =>
    allRow('Renamed Co', 'Cat', name, '', ['9 months', '1 (kg)', '', '6', '75', '']);

  it('exports and templates write the clear names', () => {
    expect(CSV_COLUMNS).toContain('productShelfLife');
    expect(CSV_COLUMNS).toContain('productCartonPerPallet');
    expect(CSV_COLUMNS).not.toContain('productExpDate');
    expect(CSV_COLUMNS).not.toContain('productCartonPerPalate');
  });

  it('imports a file under the new names and one under the old names, with its leading empty column', async () => {
    const fresh = await upload(t, admin, '/api/upload/all', csv([newHeader, row('New names')]));
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const old = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([
        ['', ...oldHeader],
        ['', ...row('Old names')],
      ]),
    );
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    const stored = resultRows<{ name_en: string; shelf_life: string; carton_per_palate: number }>(
      await t.database.db.execute(sql`select name_en, shelf_life, carton_per_palate from products
        where name_en in ('New names', 'Old names') order by name_en`),
    );
    expect(stored).toEqual([
      { name_en: 'New names', shelf_life: '9 months', carton_per_palate: 75 },
      { name_en: 'Old names', shelf_life: '9 months', carton_per_palate: 75 },
    ]);
  });

  it('names a problem by the column name the file uses', async () => {
    const bad = allRow('Renamed Co', 'Cat', 'Bad', '', ['9 months', '', '', '6', '-1', '']);
    const old = await upload(t, admin, '/api/upload/all?dryRun=true', csv([oldHeader, bad]));
    const fresh = await upload(t, admin, '/api/upload/all?dryRun=true', csv([newHeader, bad]));
    expect(old.body.problems.map((p) => p.column)).toEqual(['productCartonPerPalate']);
    expect(fresh.body.problems.map((p) => p.column)).toEqual(['productCartonPerPallet']);
  });

  it('refuses a file with both names of one column with a 400 naming them, writing nothing', async () => {
    const before = await countRows(t);
    const both = [...newHeader, 'productExpDate'];
    const res = await upload(t, admin, '/api/upload/all', csv([both, [...row('Both'), '1 year']]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Columns productShelfLife and productExpDate are one column under its new and former name: keep only one of them',
    );
    expect(res.body.details).toEqual([
      expect.objectContaining({ path: 'header.productShelfLife', code: 'import.alsoFormerName' }),
    ]);
    const reversed = ['productCartonPerPalate', ...newHeader];
    const again = await upload(t, admin, '/api/upload/all', csv([reversed, ['1', ...row('Both')]]));
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('productCartonPerPallet and productCartonPerPalate');
    expect(await countRows(t)).toEqual(before);
  });
});

describe('templates', () => {
  it('the CSV template is the named header only, and imports nothing', async () => {
    const body = importTemplateCsv('all');
    expect(body).toBe(`\uFEFF${IMPORT_COLUMNS.all.join(',')}\r\n`);
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 0, problemCount: 0, products: { created: 0 } });
  });

  it('the XLSX example keeps its rows on an Examples sheet that imports nothing', async () => {
    const res = await download('/api/upload/template/products.xlsx?example=true');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Dalil', 'Examples']);
    const [first, examples] = workbook.worksheets.map(sheetValues);
    expect(first).toEqual([[...IMPORT_COLUMNS.products]]);
    expect(examples![0]).toEqual([...IMPORT_COLUMNS.products]);
    expect(examples!.length).toBeGreaterThan(1);
    for (const header of [first![0]!, examples![0]!])
      expect(header.every((c) => typeof c === 'string' && c !== '')).toBe(true);

    const preview = await upload(
      t,
      admin,
      '/api/upload/all?dryRun=true',
      (await download('/api/upload/template/all.xlsx?example=true')).rawPayload,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'xlsx',
      rows: 0,
      problemCount: 0,
      products: { created: 0 },
    });
  });
});
