import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '@dalil/contracts/imports';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { XlsxSheetStream } from '../../lib/xlsx-writer';
import {
  ALL_HEADER,
  allRow,
  countRows,
  csv,
  readWorkbook,
  sheetValues,
  snapshot,
  upload,
  workbookBuffer,
} from './imports.test-kit';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

const api = client(() => t);

/** A hand-made sheet: leading empty column A, family names merged down, formulas, dates, numbers. */
const messySheet = () =>
  workbookBuffer((sheet) => {
    sheet.addRow(['', ...ALL_HEADER]);
    sheet.addRow(['', 'Sheet Co', 'شركة الجدول', 'Dairy', 'ألبان', 'Milk', 'حليب', 6281000000014]);
    sheet.addRow(['', null, null, 'Dairy', 'ألبان', 'Laban', 'لبن', '0062810000024']);
    sheet.addRow([]); // a blank row inside the data, skipped like a blank CSV line
    sheet.addRow(['', null, null, 'Snacks', 'وجبات', null, 'بسكويت', 12345]);
    sheet.mergeCells('B2:B5');
    sheet.mergeCells('C2:C5');
    // A formula's saved result is read; the formula itself never runs here.
    sheet.getCell('F5').value = { formula: 'CONCAT("Bis","cuit")', result: 'Biscuit' };
    sheet.getCell('H5').numFmt = '0000000000000';
    sheet.getCell('I2').value = new Date(Date.UTC(2027, 4, 1));
    sheet.getCell('I2').numFmt = 'yyyy-mm-dd';
    sheet.getCell('L2').value = { formula: '6*2', result: 12 };
    sheet.getCell('M2').value = 80;
    sheet.getCell('N2').value = { richText: [{ text: '10' }, { text: '01', font: { bold: true } }] };
  });

const productsByBarcode = async () => {
  const { products } = await snapshot(t);
  return new Map(products.map((p) => [p.barcode ?? p.name_en, p]));
};

describe('XLSX upload', () => {
  it('reads formulas, merged cells, dates, numbers and an empty first column like the same CSV', async () => {
    const file = await messySheet();
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', file, 'file', 'catalogue.xlsx');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'xlsx',
      rows: 3,
      problemCount: 0,
      families: { created: 1 },
      categories: { created: 2 },
      products: { created: 3 },
    });
    const res = await upload(t, admin, '/api/upload/all', file, 'file', 'catalogue.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const products = await productsByBarcode();
    const milk = products.get('6281000000014')!;
    expect(milk).toMatchObject({ name_en: 'Milk', shelf_life: '2027-05-01', units_per_carton: 12 });
    expect(milk.carton_per_palate).toBe(80);
    expect(milk.number).toBe('1001');
    expect(products.get('0062810000024')).toMatchObject({ name_en: 'Laban' });
    // 12345 shown through a 13-zero format is the code 0000000012345.
    expect(products.get('0000000012345')).toMatchObject({ name_en: 'Biscuit', name_ar: 'بسكويت' });
    // The merged family name reached every row of its range: one family holds all three.
    expect(await countRows(t)).toMatchObject({ f: 1, c: 2, p: 3 });
  });

  it('names the spreadsheet row of each problem, and imports nothing', async () => {
    const before = await snapshot(t);
    const file = await workbookBuffer((sheet) => {
      sheet.addRow(ALL_HEADER);
      sheet.addRow(allRow('Bad Co', 'Cat', 'Fine'));
      sheet.addRow(allRow('Bad Co', 'Cat', 'Letters', 'abc'));
      sheet.addRow(allRow('Bad Co', 'Cat', 'Broken'));
      sheet.getCell('G4').value = { error: '#N/A' } as never;
      sheet.addRow(allRow('Bad Co', 'Cat', 'Long', ''));
      sheet.getCell('G5').value = Number('12345678901234567'); // as a spreadsheet stores a typed 17-digit code
      sheet.addRow(allRow('Bad Co', 'Cat', 'Uncalculated'));
      sheet.getCell('E6').value = { formula: 'A1&"x"' };
    });
    const res = await upload(t, admin, '/api/upload/all', file);
    expect(res.status).toBe(422);
    expect(res.body.details).toMatchObject([
      { path: 'row 3.productBarcode', message: 'must contain digits only' },
      { path: 'row 4.productBarcode', message: 'holds the spreadsheet error #N/A' },
      { path: 'row 5.productBarcode', message: expect.stringContaining('more than 15 digits') as string },
      {
        path: 'row 6.productNameEn',
        message: expect.stringContaining('formula without a saved result') as string,
      },
    ]);
    expect(res.report()).toMatchObject({ format: 'xlsx', rows: 5, problemCount: 4, imported: false });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 400 for a damaged workbook and for a ZIP that is not a workbook', async () => {
    const good = await workbookBuffer((sheet) => {
      sheet.addRow(ALL_HEADER);
      for (let i = 0; i < 300; i++) sheet.addRow(allRow('Cut Co', 'Cat', `Product ${i}`));
    });
    // Cut inside a part, between parts, and in the archive's closing directory.
    for (const at of [0.2, 0.5, 0.8, (good.length - 30) / good.length]) {
      const cut = await upload(
        t,
        admin,
        '/api/upload/all?dryRun=true',
        good.subarray(0, Math.floor(good.length * at)),
      );
      expect(cut.status, `cut at ${at}`).toBe(400);
      expect(cut.body.message).toMatch(/not a readable Excel workbook/);
    }

    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expect((await upload(t, admin, '/api/upload/all?dryRun=true', garbage)).status).toBe(400);

    // The same archive with its workbook part renamed: still a valid ZIP, no longer a workbook.
    const renamed = Buffer.from(
      good.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'),
      'latin1',
    );
    const notBook = await upload(t, admin, '/api/upload/all?dryRun=true', renamed);
    expect(notBook.status).toBe(400);
    expect(notBook.body.message).toMatch(/ZIP archive but not an Excel workbook/);
  });

  it('refuses a small workbook that unpacks to far more than the upload limit (413)', async () => {
    const small = await createTestApp({ env: { CSV_MAX_BYTES: '20000' } });
    try {
      // A 3 MB text (kept in the shared strings) deflates to a few kB: past 20x the 20 kB limit.
      const bomb = await workbookBuffer((sheet) => {
        sheet.addRow(ALL_HEADER);
        sheet.addRow(allRow('Same Co', 'Same', 'x'.repeat(3_000_000)));
      });
      expect(bomb.length).toBeLessThan(20000);
      const res = await upload(small, await small.adminToken(), '/api/upload/all?dryRun=true', bomb);
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/too much data once unpacked/);
    } finally {
      await small.close();
    }
  });

  it('reads the first sheet only; other sheets, empty or not, are ignored', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Catalogue');
    first.addRow(ALL_HEADER);
    first.addRow(allRow('Tabs Co', 'Cat', 'From the first tab', '6281000007006'));
    workbook.addWorksheet('Empty');
    workbook.addWorksheet('Notes').addRow(['not', 'a', 'catalogue']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 1, products: { created: 1 }, problemCount: 0 });
  });

  it('leaves no temporary file behind, after an import or after a refusal', async () => {
    // Uploads are spooled under DATA_DIR/tmp/imports; the workbook reader itself writes nothing.
    const dir = join(t.config.dataDir, 'tmp', 'imports');
    const parked = () => (existsSync(dir) ? readdirSync(dir).length : 0);
    const sheet = new XlsxSheetStream('S', [{ width: 10, text: true }]);
    const chunks: Buffer[] = [];
    sheet.stream.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => sheet.stream.on('end', resolve));
    sheet.addHeader(['nothing known']);
    await sheet.finish();
    await ended;
    const refused = await upload(t, admin, '/api/upload/all?dryRun=true', Buffer.concat(chunks));
    expect(refused.status).toBe(400);
    const ok = await upload(
      t,
      admin,
      '/api/upload/all?dryRun=true',
      (await api.as('admin').get('/api/export/all.xlsx')).rawPayload,
    );
    expect(ok.status).toBe(200);
    expect(parked()).toBe(0);
  });

  it('tells the format by content, not by name', async () => {
    const sheet = await workbookBuffer((s) => {
      s.addRow(ALL_HEADER);
      s.addRow(allRow('Sniff Co', 'Cat', 'In a sheet', '6281000009000'));
    });
    const asCsv = await upload(t, admin, '/api/upload/all?dryRun=true', sheet, 'file', 'really-a-sheet.csv');
    expect(asCsv.status, JSON.stringify(asCsv.body)).toBe(200);
    expect(asCsv.body).toMatchObject({ format: 'xlsx', rows: 1, products: { created: 1 } });

    const text = csv([ALL_HEADER, allRow('Sniff Co', 'Cat', 'In a CSV', '6281000009109')]);
    const asXlsx = await upload(t, admin, '/api/upload/all?dryRun=true', text, 'file', 'really-a-csv.xlsx');
    expect(asXlsx.status, JSON.stringify(asXlsx.body)).toBe(200);
    expect(asXlsx.body).toMatchObject({ format: 'csv', rows: 1, products: { created: 1 } });
  });
});

describe('invalid rows', () => {
  const invalid = async (content: Buffer | string, query = '') => {
    const { multipartBody } = await import('./imports.test-kit');
    const { payload, headers } = multipartBody(content);
    return api.as('admin').post(`/api/upload/all/invalid-rows${query}`, payload, { headers });
  };

  const faulty = () =>
    workbookBuffer((sheet) => {
      sheet.addRow(['', ...ALL_HEADER]);
      sheet.addRow(['', ...allRow('Mark Co', 'Cat', 'Good', '6281000008003')]);
      sheet.addRow(['', ...allRow('Mark Co', 'Cat', '', '12ab')]);
      sheet.addRow(['', ...allRow('Mark Co', 'Cat', 'Counted', '', ['', '', '', 'many', '', ''])]);
    });

  it('comes back as XLSX with each faulty cell filled red and a note naming the problem', async () => {
    const res = await invalid(await faulty());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readWorkbook(res.rawPayload);
    const rows = sheetValues(sheet);
    expect(rows[0]).toEqual([undefined, ...ALL_HEADER, 'reason']);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(1, 8)).toEqual([
      'Mark Co',
      'عائلة Mark Co',
      'Cat',
      'فئة Cat',
      undefined,
      'منتج ',
      '12ab',
    ]);
    expect(rows[1]![14]).toBe(
      'productNameEn: This field is required; productBarcode: must contain digits only',
    );
    // Row 2 of the download is row 3 of the upload.
    const name = sheet.getCell('F2');
    const barcode = sheet.getCell('H2');
    for (const cell of [name, barcode]) {
      expect(cell.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } });
    }
    expect(name.note).toBe('This field is required');
    expect(barcode.note).toBe('must contain digits only');
    // A cell without a problem is left as it was.
    expect(JSON.stringify(sheet.getCell('B2').fill ?? {})).not.toContain('FFFFC7CE');
    expect(sheet.getCell('B2').note).toBeUndefined();
    expect(sheet.getCell('L3').note).toBe('must be a whole number of 0 or more');
  });

  it('writes the reasons in Arabic when asked', async () => {
    const sheet = await readWorkbook((await invalid(await faulty(), '?lang=ar')).rawPayload);
    expect(sheet.getCell('F2').note).toBe('هذا الحقل مطلوب');
    expect(sheet.getCell('O2').value).toBe(
      'productNameEn: هذا الحقل مطلوب; productBarcode: يجب أن يحتوي أرقاماً فقط',
    );
  });

  it('comes back as CSV for a CSV upload, rows as they were plus a reason', async () => {
    const text = csv([ALL_HEADER, allRow('Mark Co', 'Cat', 'Good'), allRow('Mark Co', 'Cat', 'Bad', 'x1')]);
    const res = await invalid(text);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const bad = allRow('Mark Co', 'Cat', 'Bad', 'x1');
    expect(res.body).toBe(
      `\uFEFF${[...ALL_HEADER, 'reason'].join(',')}\r\n${[...bad, 'productBarcode: must contain digits only'].join(',')}\r\n`,
    );
  });

  it('refuses a file it cannot read with a 4xx before sending anything', async () => {
    const res = await invalid(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64)]));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/not a readable Excel workbook/);
  });

  it('refuses a CSV that turns unreadable after its header with a 4xx naming the line', async () => {
    const good = allRow('Mark Co', 'Cat', 'Good');
    const long = allRow('Mark Co', 'Cat', 'x'.repeat(70 * 1024));
    const res = await invalid(csv([ALL_HEADER, good, long]));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { path: string }[] }>().details).toMatchObject([
      expect.objectContaining({ path: 'line 3' }),
    ]);
  });
});

describe('XLSX export and templates', () => {
  const SOURCE = csv([
    ALL_HEADER,
    allRow('Round Co', 'Drinks', '=HYPERLINK("x")', '0012345678905'),
    allRow('Round Co', 'Drinks', '+966 juice', '6281000000021', [
      '1 year',
      '-5 (g)',
      '@home',
      '6',
      '0',
      '0012',
    ]),
    allRow('Round Co', 'Snacks', "''=already quoted"),
    allRow('Round Co', 'Snacks', 'Two\nlines, "quoted"', '٦٢٨١٠٠٠٠٠٠٠٣٨'),
    ['Round Co', 'عائلة Round Co', 'Empty category', 'فئة فارغة', '', '', '', '', '', '', '', '', ''],
    ['Lonely Round', 'عائلة وحيدة', '', '', '', '', '', '', '', '', '', '', ''],
  ]);

  it('exports the CSV columns in one sheet; codes are text, counts numbers', async () => {
    const seeded = await upload(t, admin, '/api/upload/all', SOURCE);
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    const res = await api.as('admin').get('/api/export/all.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dalil-catalogue.xlsx"');
    const sheet = await readWorkbook(res.rawPayload);
    const rows = sheetValues(sheet);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const juice = rows.find((r) => r[6] === '+966 juice')!;
    // Written as typed, without the CSV's apostrophe: a sheet keeps text cells as text.
    expect(juice.slice(8)).toEqual(['6281000000021', '1 year', '-5 (g)', '@home', 6, 0, '0012', 'published']);
    const link = rows.find((r) => r[8] === '0012345678905')!;
    expect(link[6]).toBe('=HYPERLINK("x")');
    expect(rows.map((r) => r[6])).toContain("'=already quoted");
  });

  it('round-trips: export, import into an empty database, the catalogue is unchanged', async () => {
    const xlsx = (await api.as('admin').get('/api/export/all.xlsx')).rawPayload;
    const csvBefore = (await api.as('admin').get('/api/export/all.csv')).body;
    const other = await createTestApp();
    try {
      const token = await other.adminToken();
      const res = await upload(other, token, '/api/upload/all', xlsx, 'file', 'dalil-catalogue.xlsx');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ format: 'xlsx', problemCount: 0 });
      // The only warnings are the barcodes of earlier tests that are not GTINs, which the new
      // families (without the GTIN rule) take as they are.
      expect(res.body.warnings.filter((w) => w.kind !== 'invalidGtin')).toEqual([]);
      const csvAfter = (await client(other).as(token).get('/api/export/all.csv')).body;
      expect(csvAfter).toBe(csvBefore);
      // And importing the export into the original changes nothing.
      const same = await upload(t, admin, '/api/upload/all', xlsx);
      expect(same.body).toMatchObject({
        families: { created: 0, updated: 0 },
        categories: { created: 0, updated: 0 },
        products: { created: 0, updated: 0 },
      });
    } finally {
      await other.close();
    }
  });

  it('exports one family as XLSX, 404 for an unknown one, and refuses non-admins', async () => {
    const { families } = await snapshot(t);
    const lonely = families.find((f) => f.name_en === 'Lonely Round')!;
    const res = await api.as('admin').get(`/api/export/family/${String(lonely.id)}.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dalil-Lonely-Round.xlsx"');
    expect(sheetValues(await readWorkbook(res.rawPayload))).toEqual([
      [...CSV_COLUMNS],
      ['Lonely Round', 'عائلة وحيدة'],
    ]);
    expect((await api.as('admin').get('/api/export/family/999999.xlsx')).statusCode).toBe(404);
    expect((await api.anonymous.get('/api/export/all.xlsx')).statusCode).toBe(401);
  });

  it('serves XLSX templates that upload as they are, importing nothing', async () => {
    const res = await api.as('admin').get('/api/upload/template/products.xlsx?example=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dalil-products-example.xlsx"');
    const rows = sheetValues(await readWorkbook(res.rawPayload));
    expect(rows).toEqual([CSV_COLUMNS.slice(4)]);
    const headers = sheetValues(
      await readWorkbook((await api.as('admin').get('/api/upload/template/all.xlsx')).rawPayload),
    );
    expect(headers).toEqual([[...CSV_COLUMNS]]);
    expect((await api.as('admin').get('/api/upload/template/nothing.xlsx')).statusCode).toBe(400);

    const example = (await api.as('admin').get('/api/upload/template/all.xlsx?example=true')).rawPayload;
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', example);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'xlsx',
      rows: 0,
      problemCount: 0,
      products: { created: 0 },
    });
  });
});
