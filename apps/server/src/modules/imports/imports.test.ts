import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTemplateCsv } from '@dalil/contracts/imports';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertUser } from '../users/users.repository';
import { resultRows } from '../../lib/db-helpers';
import { ALL_HEADER, allRow, countRows, csv, upload } from './imports.test-kit';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const product = async (nameEn: string) => {
  const rows = resultRows<Record<string, unknown>>(
    await t.database.db.execute(sql`select p.*, c.name_en as category, f.name_en as family
      from products p join categories c on c.id = p.category_id join families f on f.id = p.family_id
      where p.name_en = ${nameEn}`),
  );
  return rows[0];
};

describe('file variants', () => {
  it('reads a real spreadsheet export: BOM, leading empty column, CRLF, quotes, Arabic digits, blank lines', async () => {
    const text =
      '\uFEFF,' +
      ALL_HEADER.join(',') +
      '\r\n' +
      ',Variant Foods,فاريانت,Snacks,وجبات,"Chips, salted","شيبس ""مملح""",٦٢٨١٠٠٠٠٠٠٠١٤,1 year,150 (g),,١٢,٤٠,٧٧\r\n' +
      ',Variant Foods,فاريانت,Snacks,وجبات,"Two\r\nlines",سطران,6281000000021,,,,,,\r\n' +
      ',Variant Foods,فاريانت,Snacks,وجبات,After,بعد,6281000000038,,,,,,\r\n' +
      '\r\n,,,,,,,,,,,,,\r\n\r\n';
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', text);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      kind: 'all',
      dryRun: true,
      imported: false,
      rows: 3,
      families: { created: 1, updated: 0, unchanged: 0 },
      categories: { created: 1, updated: 0, unchanged: 0 },
      products: { created: 3, updated: 0, unchanged: 0 },
      problemCount: 0,
      warnings: [],
    });
    expect(await product('Chips, salted')).toBeUndefined();

    const done = await upload(t, admin, '/api/upload/all', text);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ imported: true, dryRun: false, products: { created: 3 } });
    expect(await product('Chips, salted')).toMatchObject({
      name_ar: 'شيبس "مملح"',
      barcode: '6281000000014',
      number: '77',
      units_per_carton: 12,
      carton_per_palate: 40,
      shelf_life: '1 year',
      net_weight: '150 (g)',
      drained_weight: null,
      category: 'Snacks',
      family: 'Variant Foods',
    });
    expect(await product('Two\r\nlines')).toMatchObject({ barcode: '6281000000021' });
  });

  it('matches headers in any order and letter case, and reads semicolon-separated files', async () => {
    const header = [
      'PRODUCTNAMEAR',
      'productnameen',
      'CategoryNameAr',
      'categoryNameEn',
      'familynamear',
      'FAMILYNAMEEN',
      'productBarcode',
    ];
    const text = csv(
      [header, ['زيت; نقي', 'Oil; pure', 'زيوت', 'Oils', 'سيمي', 'Semi Co', '6281000000045']],
      ';',
    );
    const res = await upload(t, admin, '/api/upload/all', text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await product('Oil; pure')).toMatchObject({
      name_ar: 'زيت; نقي',
      category: 'Oils',
      family: 'Semi Co',
    });
  });

  it('imports a categories file into the chosen family, and a products file into the chosen category', async () => {
    await upload(
      t,
      admin,
      '/api/upload/all',
      csv([ALL_HEADER.slice(0, 4), ['Route Co', 'روت', 'Old', 'قديم']]),
    );
    const [fam] = resultRows<{ id: number }>(
      await t.database.db.execute(sql`select id from families where name_en = 'Route Co'`),
    );
    const cats = csv([
      ALL_HEADER.slice(2, 6),
      ['Fresh', 'طازج', 'Apple', 'تفاح'],
      ['Frozen', 'مجمد', '', ''],
    ]);
    const res = await upload(t, admin, `/api/upload/categories/${fam!.id}`, cats);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'categories',
      families: { created: 0, updated: 0, unchanged: 0 },
      categories: { created: 2, updated: 0, unchanged: 0 },
      products: { created: 1 },
    });
    const [cat] = resultRows<{ id: number }>(
      await t.database.db.execute(sql`select id from categories where name_en = 'Frozen'`),
    );
    const prods = csv([ALL_HEADER.slice(4), ['Peas', 'بازلاء', '6281000000052', '', '', '', '', '', '']]);
    const res2 = await upload(t, admin, `/api/upload/products/${fam!.id}/${cat!.id}`, prods);
    expect(res2.status, JSON.stringify(res2.body)).toBe(200);
    expect(res2.body.products).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(await product('Peas')).toMatchObject({ category: 'Frozen', family: 'Route Co' });
  });

  it('accepts the template it offers for download, importing nothing from it', async () => {
    const headersOnly = await upload(t, admin, '/api/upload/all?dryRun=true', importTemplateCsv('all'));
    expect(headersOnly.status).toBe(200);
    expect(headersOnly.body).toMatchObject({ rows: 0, problemCount: 0 });
  });

  it('undoes the export escaping of formula-like cells', async () => {
    const res = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([ALL_HEADER.slice(0, 6), ['Formula Co', 'ف', 'Cat', 'ف', "'=1+2", "'-5 درجة"]]),
    );
    expect(res.status).toBe(200);
    expect(await product('=1+2')).toMatchObject({ name_ar: '-5 درجة' });
  });
});

describe('route checks', () => {
  it('answers 404 for an unknown family or category, and 400 for a category of another family', async () => {
    const body = csv([ALL_HEADER.slice(4, 6), ['X', 'س']]);
    expect((await upload(t, admin, '/api/upload/categories/999999', body)).status).toBe(404);
    expect((await upload(t, admin, '/api/upload/products/999999/1', body)).status).toBe(404);
    const ids = resultRows<{ f: number; c: number }>(
      await t.database.db
        .execute(sql`select f.id as f, (select c.id from categories c where c.family_id <> f.id limit 1) as c
        from families f limit 1`),
    )[0]!;
    expect((await upload(t, admin, `/api/upload/products/${ids.f}/999999`, body)).status).toBe(404);
    const mismatch = await upload(t, admin, `/api/upload/products/${ids.f}/${ids.c}`, body);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The category does not belong to this family');
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
    const body = csv([ALL_HEADER, allRow('Auth Co', 'Cat', 'Refused')]);
    expect((await upload(t, undefined, '/api/upload/all', body)).status).toBe(401);
    expect((await upload(t, reader, '/api/upload/all', body)).status).toBe(403);
  });

  it('answers 400 naming a missing column, a file that is not CSV, an empty file, or a wrong field', async () => {
    const before = await countRows(t);
    const missing = await upload(
      t,
      admin,
      '/api/upload/all',
      csv([
        ['familyNameEn', 'categoryNameEn', 'categoryNameAr'],
        ['A', 'B', 'C'],
      ]),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing required column: familyNameAr');
    expect(missing.body.details).toMatchObject([{ path: 'header.familyNameAr', message: 'is missing' }]);

    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const binary = await upload(t, admin, '/api/upload/all', png);
    expect(binary.status).toBe(400);
    expect(binary.body.message).toMatch(/not a CSV file/);

    const prose = await upload(
      t,
      admin,
      '/api/upload/all',
      'Dear admin,\nhere are the products you asked for.\n',
    );
    expect(prose.status).toBe(400);
    expect(prose.body.message).toMatch(/line 1 should be a header/);

    expect((await upload(t, admin, '/api/upload/all', '\r\n\r\n')).body.message).toBe('The file is empty');
    const field = await upload(t, admin, '/api/upload/all', 'a', 'document');
    expect(field.status).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload/all',
      payload: {},
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(json.statusCode).toBe(400);
    expect(await countRows(t)).toEqual(before);
  });

  it('answers 413 for a file over the limit', async () => {
    const small = await createTestApp({ env: { CSV_MAX_BYTES: '2000' } });
    try {
      const token = await small.adminToken();
      const rows = [ALL_HEADER, ...Array.from({ length: 100 }, (_, i) => allRow('Big', 'Cat', `P${i}`))];
      const res = await upload(small, token, '/api/upload/all', csv(rows));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
      expect((await countRows(small)).p).toBe(0);
    } finally {
      await small.close();
    }
  });
});
