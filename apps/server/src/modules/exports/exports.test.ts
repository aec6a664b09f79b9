import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '@dalil/contracts/imports';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { resultRows } from '../../lib/db-helpers';
import { ALL_HEADER, allRow, csv, upload } from '../imports/imports.test-kit';
import { insertUser } from '../users/users.repository';

let t: TestApp;
let admin: string;

// Awkward values on purpose: formula starts, apostrophes, quotes, commas, line breaks, Arabic digits.
const SOURCE = csv([
  ALL_HEADER,
  allRow('Export Co', 'Drinks', '=HYPERLINK("x")', '6281000000014'),
  allRow('Export Co', 'Drinks', '+966 juice', '6281000000021', [
    '1 year',
    '-5 (g)',
    '@home',
    '6',
    '0',
    '0012',
  ]),
  // Stored as '=already quoted (the import removes one apostrophe), exported with it added back.
  allRow('Export Co', 'Snacks', "''=already quoted"),
  allRow('Export Co', 'Snacks', 'Tab\tstart, "quoted"\nand two lines', '٦٢٨١٠٠٠٠٠٠٠٣٨'),
  ['Export Co', 'عائلة Export Co', 'Empty category', 'فئة فارغة', '', '', '', '', '', '', '', '', ''],
  ['Lonely Co', 'عائلة وحيدة', '', '', '', '', '', '', '', '', '', '', ''],
  allRow('Other Co', 'Cat', 'Other product', '6281000000045'),
]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
  const res = await upload(t, admin, '/api/upload/all', SOURCE);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
afterAll(() => t.close());

const api = client(() => t);

const records = (body: string): string[][] => parse(body, { bom: true, relax_column_count: true });

describe('export', () => {
  it('streams the catalogue as CSV with a BOM, the import columns and CRLF', async () => {
    const res = await api.as('admin').get('/api/export/all.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="dalil-catalogue.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('\r\n');
    const rows = records(res.body);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(8);
    // Rows that stop at the category or the family come first, then products by id.
    expect(rows[1]!.slice(0, 5)).toEqual(['Export Co', 'عائلة Export Co', 'Empty category', 'فئة فارغة', '']);
    expect(rows[2]!.slice(0, 3)).toEqual(['Lonely Co', 'عائلة وحيدة', '']);
    expect(rows[3]![8]).toBe('6281000000014');
  });

  it('escapes cells a spreadsheet would run as a formula', async () => {
    const rows = records((await api.as('admin').get('/api/export/all.csv')).body);
    const names = rows.map((r) => r[6]);
    expect(names).toContain(`'=HYPERLINK("x")`);
    expect(names).toContain(`'+966 juice`);
    expect(names).toContain(`''=already quoted`);
    expect(names).toContain(`Tab\tstart, "quoted"\nand two lines`);
    const juice = rows.find((r) => r[6] === `'+966 juice`)!;
    expect(juice.slice(9)).toEqual([
      '1 year',
      `'-5 (g)`,
      `'@home`,
      '6',
      '0',
      '0012',
      'published',
      ...Array<string>(6).fill(''),
    ]);
  });

  it('exports one family, and answers 404 for an unknown one', async () => {
    const [fam] = resultRows<{ id: number }>(
      await t.database.db.execute(sql`select id from families where name_en = 'Other Co'`),
    );
    const res = await api.as('admin').get(`/api/export/family/${fam!.id}.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dalil-Other-Co.csv"');
    expect(records(res.body).slice(1)).toEqual([
      [
        'Other Co',
        'عائلة Other Co',
        'Cat',
        'فئة Cat',
        '',
        '',
        'Other product',
        'منتج Other product',
        '6281000000045',
        '1 year',
        '250 (g)',
        '',
        '12',
        '40',
        '',
        'published',
        ...Array<string>(6).fill(''),
      ],
    ]);
    expect((await api.as('admin').get('/api/export/family/999999.csv')).statusCode).toBe(404);
  });

  it('refuses anonymous callers with 401 and catalogue users with 403', async () => {
    await insertUser(t.database.db, {
      firstName: 'R',
      lastName: 'U',
      username: 'reader',
      password: 'reader-password',
      role: 'user',
    });
    const reader = await t.login('user', 'reader', 'reader-password');
    expect((await api.anonymous.get('/api/export/all.csv')).statusCode).toBe(401);
    expect((await api.as(reader).get('/api/export/all.csv')).statusCode).toBe(403);
    expect((await api.as(reader).get('/api/export/family/1.csv')).statusCode).toBe(403);
  });

  it('round-trips: export, import into an empty database, export again gives the same rows', async () => {
    const exported = (await api.as('admin').get('/api/export/all.csv')).body;
    const other = await createTestApp();
    try {
      const token = await other.adminToken();
      const res = await upload(other, token, '/api/upload/all', exported);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ problemCount: 0, warningCount: 0, products: { created: 5 } });
      const again = (await client(other).as(token).get('/api/export/all.csv')).body;
      expect(again).toBe(exported);
      // And importing the export into the original changes nothing.
      const same = await upload(t, admin, '/api/upload/all', exported);
      expect(same.body).toMatchObject({
        families: { created: 0, updated: 0 },
        categories: { created: 0, updated: 0 },
        products: { created: 0, updated: 0, unchanged: 5 },
      });
    } finally {
      await other.close();
    }
  });
});
