// Helpers for the import and export tests (not a test file itself).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { csvText } from '@dalil/contracts/csv-cells';
import type { ImportErrorBody, ImportReport } from '@dalil/contracts/imports';
import { bearer, type TestApp } from '../../../test/harness';
import { resultRows } from '../../lib/db-helpers';

/** A multipart/form-data body with one file field, built by hand as a browser would send it. */
export function multipartBody(
  content: string | Buffer,
  field = 'file',
  filename: string | null = 'upload.csv',
  contentType = 'text/csv',
) {
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const name = filename === null ? '' : `; filename="${filename}"`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${name}\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  token: string | undefined,
  url: string,
  content: string | Buffer,
  field?: string,
  filename?: string | null,
) {
  const { payload, headers } = multipartBody(content, field, filename);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
  return {
    status: res.statusCode,
    body: res.json<ImportReport & Partial<ImportErrorBody>>(),
    report: () => {
      const b = res.json<ImportReport & { report?: ImportReport }>();
      return b.report ?? b;
    },
  };
}

/** CSV text from rows of cells, quoting as needed; CRLF between lines. */
export const csv = (rows: string[][], delimiter = ',') => csvText(rows, { delimiter });

export const ALL_HEADER = [
  'familyNameEn',
  'familyNameAr',
  'categoryNameEn',
  'categoryNameAr',
  'productNameEn',
  'productNameAr',
  'productBarcode',
  'productExpDate',
  'productNetWeight',
  'productDrainedWeight',
  'productUnitsPerCarton',
  'productCartonPerPalate',
  'productNumber',
];

/** One "all" row: family, category and product names derived from short keys. */
export const allRow = (fam: string, cat: string, prod: string, barcode = '', extra: string[] = []) => [
  fam,
  `عائلة ${fam}`,
  cat,
  `فئة ${cat}`,
  prod,
  `منتج ${prod}`,
  barcode,
  ...(extra.length ? extra : ['1 year', '250 (g)', '', '12', '40', '']),
];

/** Every catalogue row, for "nothing changed" comparisons. */
export async function snapshot(t: TestApp) {
  const q = async (text: string) =>
    resultRows<Record<string, unknown>>(await t.database.db.execute(sql.raw(text)));
  return {
    families: await q('select * from families order by id'),
    categories: await q('select * from categories order by id'),
    products: await q('select * from products order by id'),
  };
}

export async function countRows(t: TestApp) {
  const [row] = resultRows<{ f: number; c: number; p: number }>(
    await t.database.db.execute(
      sql`select (select count(*)::int from families) as f, (select count(*)::int from categories) as c,
        (select count(*)::int from products) as p`,
    ),
  );
  return row!;
}

/** An .xlsx file built in memory with exceljs's ordinary (non-streaming) workbook, as a person would save one. */
export async function workbookBuffer(build: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Sheet1'));
  // Deflated like a spreadsheet program's files (exceljs stores entries uncompressed by default).
  return Buffer.from(
    await workbook.xlsx.writeBuffer({ zip: { compression: 'DEFLATE', compressionOptions: { level: 9 } } }),
  );
}

/** Reads an .xlsx answer back with exceljs; the first sheet. */
export async function readWorkbook(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** A sheet's rows as arrays of values, column A first (exceljs rows are 1-based). */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
