import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_PROBLEMS } from '@dalil/contracts/imports';
import { bearer, createTestApp, type TestApp } from '../../../test/harness';
import { ALL_HEADER, allRow, countRows, csv, multipartBody, upload } from './imports.test-kit';
import { resultRows } from '../../lib/db-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('row problems', () => {
  // Line 3 holds a quoted line break, so the physical lines after it are one further on.
  const text =
    ALL_HEADER.join(',') +
    '\r\n' +
    csv([
      allRow('Prob Co', 'Cat', 'Good', '6281000000014'),
      Object.assign(allRow('Prob Co', 'Cat', 'Two\nlines', '6281000000021'), { 5: 'سطران' }),
      allRow('Prob Co', 'Cat', '', '6281000000038'),
      allRow('Prob Co', 'Cat', 'Letters', '62810000000AB'),
      allRow('Prob Co', 'Cat', 'Rounded', '6.28101E+12'),
      allRow('Prob Co', 'Cat', 'Counts', '', ['1 year', '', '', '-3', '2.5', '12a']),
      ['', 'عائلة', 'Cat', 'فئة', 'No family', 'بلا', '', '', '', '', '', '', ''],
      [...allRow('Prob Co', 'Cat', 'Extra', '6281000000045'), 'stray'],
      allRow('Prob Co', 'Cat', 'Arabic digits', '٦٢٨١٠٠٠٠٠٠٠٥٩', ['', '', '', '١٢', '٤٠', '٧']),
      allRow('Prob Co', 'Cat', 'x'.repeat(201)),
    ]);

  const expected = [
    {
      line: 5,
      column: 'productNameEn',
      reason: 'This field is required',
      code: 'field.required',
      params: {},
    },
    {
      line: 6,
      column: 'productBarcode',
      reason: 'must contain digits only',
      code: 'field.digitsOnly',
      params: {},
    },
    {
      line: 7,
      column: 'productBarcode',
      reason: expect.stringMatching(
        /^must contain digits only \(the spreadsheet wrote it as a rounded number/,
      ),
    },
    { line: 8, column: 'productUnitsPerCarton', reason: 'must be a whole number of 0 or more' },
    { line: 8, column: 'productCartonPerPalate', reason: 'must be a whole number of 0 or more' },
    { line: 8, column: 'productNumber', reason: 'must contain digits only' },
    { line: 9, column: 'familyNameEn', reason: 'This field is required' },
    {
      line: 10,
      column: null,
      reason: 'has more cells than the header (an unquoted comma?)',
      code: 'import.extraCellsCsv',
    },
    {
      line: 12,
      column: 'productNameEn',
      reason: 'must be at most 200 characters',
      code: 'field.tooLong',
      params: { max: 200 },
    },
    { line: 12, column: 'productNameAr', reason: 'must be at most 200 characters' },
  ];

  it('lists every problem with its physical line and column in the preview', async () => {
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', text);
    expect(res.status).toBe(200);
    expect(res.body.problems).toMatchObject(expected);
    expect(res.body).toMatchObject({ rows: 10, problemCount: 10, imported: false });
    // The valid rows are still counted, so the preview says what a corrected file would do.
    expect(res.body.products.created).toBe(3);
  });

  it('reads a file part sent without a file name (raw bytes, as some clients send them)', async () => {
    const send = (url: string) => {
      const { payload, headers } = multipartBody(text, 'file', null, 'application/octet-stream');
      return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(admin) } });
    };
    const preview = await send('/api/upload/all?dryRun=true');
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ problemCount: number }>().problemCount).toBeGreaterThan(0);
    const faulty = await send('/api/upload/all/invalid-rows');
    expect(faulty.statusCode).toBe(200);
    expect(faulty.body).toContain('reason');
  });

  it('refuses the real import with 422, the report, and nothing written', async () => {
    const before = await countRows(t);
    const res = await upload(t, admin, '/api/upload/all', text);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: '10 row problems; nothing was imported',
    });
    expect(res.body.details?.[0]).toMatchObject({
      path: 'line 5.productNameEn',
      message: 'This field is required',
    });
    expect(res.body.report).toMatchObject({ imported: false, dryRun: false, problemCount: 10 });
    expect(res.body.report?.problems).toMatchObject(expected);
    expect(await countRows(t)).toEqual(before);
  });

  it('counts every problem but lists the first 1000', async () => {
    const rows = Array.from({ length: MAX_LISTED_PROBLEMS + 50 }, (_, i) =>
      allRow('Many', 'Cat', `P${i}`, 'bad'),
    );
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', csv([ALL_HEADER, ...rows]));
    expect(res.body.problemCount).toBe(MAX_LISTED_PROBLEMS + 50);
    expect(res.body.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(res.body.problems.at(-1)!.line).toBe(MAX_LISTED_PROBLEMS + 1);
  });

  it('reports malformed CSV (an unclosed quote) as 400 with the line', async () => {
    const res = await upload(t, admin, '/api/upload/all', `${ALL_HEADER.join(',')}\r\nA,"unclosed,B\r\n`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The file is not valid CSV near line \d+/);
  });
});

describe('warnings', () => {
  it('warns about unknown columns and columns the kind of file does not use', async () => {
    const all = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([
        [...ALL_HEADER.slice(0, 6), 'Colour'],
        ['Warn Co', 'و', 'Cat', 'ف', 'Warned', 'تحذير', 'red'],
      ]),
    );
    expect(all.status).toBe(200);
    expect(all.body.warnings).toEqual([
      {
        kind: 'unknownColumn',
        message: 'Unknown column "Colour" was ignored',
        code: 'importWarning.unknownColumn',
        params: { column: 'Colour' },
        column: 'Colour',
        lines: [1],
      },
    ]);
    const [ids] = resultRows<{ f: number; c: number }>(
      await t.database.db.execute(sql`select family_id as f, id as c from categories where name_en = 'Cat'
        and family_id = (select id from families where name_en = 'Warn Co')`),
    );
    const res = await upload(
      t,
      admin,
      `/api/upload/products/${ids!.f}/${ids!.c}?dryRun=true`,
      csv([
        ['', 'familyNameEn', 'productNameEn', 'productNameAr'],
        ['', 'Ignored', 'Warned', 'تحذير'],
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([
      {
        kind: 'unknownColumn',
        message: 'Column familyNameEn is not used when uploading products; it was ignored',
        code: 'importWarning.columnNotUsed',
        params: { column: 'familyNameEn', what: 'products' },
        column: 'familyNameEn',
        lines: [1],
      },
    ]);
    expect(res.body.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('warns about the same product repeated as it is, naming the lines; the last one wins', async () => {
    const text = csv([
      ALL_HEADER,
      allRow('Dup Co', 'Cat', 'First', '6281000000014'),
      allRow('Dup Co', 'Cat', 'First', '6281000000014'),
      allRow('Dup Co', 'Cat', 'Same name'),
      allRow('Dup Co', 'Cat', 'SAME NAME'),
      allRow('Dup Co', 'Cat', 'Different', '6281000000021'),
    ]);
    const res = await upload(t, admin, '/api/upload/all', text);
    expect(res.status).toBe(200);
    expect(res.body.warningCount).toBe(2);
    expect(res.body.warnings).toEqual([
      {
        kind: 'duplicateRow',
        message: 'The product with barcode 6281000000014 appears on more than one line; the last one is used',
        code: 'importWarning.duplicateBarcode',
        params: { barcode: '6281000000014' },
        column: null,
        lines: [2, 3],
      },
      {
        kind: 'duplicateRow',
        message: expect.stringMatching(/^The product "(Same name|SAME NAME)" appears on more than one line/),
        code: 'importWarning.duplicateProduct',
        params: { name: expect.stringMatching(/^(Same name|SAME NAME)$/) as string },
        column: null,
        lines: [4, 5],
      },
    ]);
    expect(res.body.products).toEqual({ created: 3, updated: 0, unchanged: 0 });
  });
});
