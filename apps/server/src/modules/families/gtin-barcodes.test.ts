import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '@dalil/contracts/activity';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdObject, productBody } from '../../../test/fixtures';
import { resultRows } from '../../lib/db-helpers';
import { ALL_HEADER, allRow, csv, snapshot, upload, workbookBuffer } from '../imports/imports.test-kit';

// Barcodes of a family that requires valid GTINs (docs/decisions/0053-gtin-barcodes.md).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

const api = client(() => t);

/** One valid code of each GTIN length, the same code with its last digit wrong, and the right digit. */
const CODES = [
  { length: 8, valid: '96385074', wrong: '96385075', digit: 4 },
  { length: 12, valid: '036000291452', wrong: '036000291453', digit: 2 },
  { length: 13, valid: '6291041500213', wrong: '6291041500214', digit: 3 },
  { length: 14, valid: '10614141000415', wrong: '10614141000416', digit: 5 },
] as const;

type Created = { id: number; requireValidGtin?: boolean };
let n = 0;
/** A family (with the rule on unless told) and a category of it. */
async function familyWithCategory(requireValidGtin?: boolean) {
  n++;
  const family = await createdObject<Created>(api, '/api/family', {
    nameEn: `Gtin Co ${n}`,
    nameAr: `شركة ${n}`,
    ...(requireValidGtin === undefined ? {} : { requireValidGtin }),
  });
  const category = await createdObject<Created>(api, '/api/category', {
    nameEn: `Drinks ${n}`,
    nameAr: 'مشروبات',
    family: family.id,
  });
  return { family, category: category.id, nameEn: `Gtin Co ${n}`, nameAr: `شركة ${n}` };
}

const product = (f: { family: { id: number }; category: number }, barcode: string | null, name = barcode) =>
  productBody(f.family.id, f.category, `Juice ${name ?? 'none'}`, { nameAr: 'عصير', barcode });

const productCount = async (family: number) =>
  resultRows<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from products where family_id = ${family}`),
  )[0]!.n;

describe('the family setting', () => {
  it('is on for a new family unless the body says otherwise, and a PUT without it keeps it', async () => {
    const on = await familyWithCategory();
    expect(on.family.requireValidGtin).toBe(true);
    const off = await familyWithCategory(false);
    expect(off.family.requireValidGtin).toBe(false);
    const kept = await api
      .as('admin')
      .patch(`/api/family/${on.family.id}`, { nameEn: 'Kept Co', nameAr: 'شركة' });
    expect(kept.statusCode).toBe(200);
    expect(body(kept)).toMatchObject({ nameEn: 'Kept Co', requireValidGtin: true });
    const turned = await api.as('admin').patch(`/api/family/${on.family.id}`, {
      nameEn: 'Kept Co',
      nameAr: 'شركة',
      requireValidGtin: false,
    });
    expect(body(turned)).toMatchObject({ requireValidGtin: false });
    expect(body(await api.as('admin').get(`/api/family/${on.family.id}`))).toMatchObject({
      requireValidGtin: false,
    });
    const bad = await api
      .as('admin')
      .post('/api/family', { nameEn: 'Bad', nameAr: 'سيئة', requireValidGtin: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('requireValidGtin');
  });

  it('is recorded in the history and its change can be reverted', async () => {
    const f = await familyWithCategory();
    const res = await api.as('admin').patch(`/api/family/${f.family.id}`, {
      nameEn: f.nameEn,
      nameAr: f.nameAr,
      requireValidGtin: false,
    });
    expect(res.statusCode).toBe(200);
    const entries = (
      body(await api.as('admin').get(`/api/activity?entity=family&entityId=${f.family.id}&limit=10`)) as {
        data: Activity[];
      }
    ).data;
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.changes).toEqual({ requireValidGtin: { before: true, after: false } });
    const revert = await api.as('admin').post(`/api/activity/${update.id}/revert`);
    expect(revert.statusCode, revert.body).toBe(200);
    expect(body(await api.as('admin').get(`/api/family/${f.family.id}`))).toMatchObject({
      requireValidGtin: true,
    });
  });

  it('is off for the families that existed before it (the migration)', async () => {
    const migration = readFileSync(
      join(import.meta.dirname, '../../../drizzle/0016_families_require_valid_gtin.sql'),
      'utf8',
    );
    // The table as it was before the migration, with a family in it; then the migration runs.
    const found = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table families drop column require_valid_gtin`);
        await tx.execute(sql`insert into families (name_en, name_ar) values ('Before Co', 'قديمة')`);
        await tx.execute(sql.raw(migration));
        const rows = resultRows<{ require_valid_gtin: boolean }>(
          await tx.execute(sql`select require_valid_gtin from families where name_en = 'Before Co'`),
        );
        throw Object.assign(new Error('undo'), { rows });
      })
      .catch((error: { rows?: unknown }) => error.rows);
    expect(found).toEqual([{ require_valid_gtin: false }]);
  });
});

describe('the API with the setting on', () => {
  it.each(CODES)(
    'takes a valid GTIN-$length and refuses a wrong check digit, naming the digit',
    async (code) => {
      const f = await familyWithCategory();
      const ok = await api.as('admin').post('/api/product', product(f, code.valid));
      expect(ok.statusCode, ok.body).toBe(201);
      const res = await api.as('admin').post('/api/product', product(f, code.wrong));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        message: `barcode: the check digit should be ${code.digit} (GTIN-${code.length})`,
        details: [
          { path: 'body.barcode', message: `the check digit should be ${code.digit} (GTIN-${code.length})` },
        ],
      });
      expect(await productCount(f.family.id)).toBe(1);
    },
  );

  it('says GTINs have 8, 12, 13 or 14 digits for another length, and takes an empty barcode', async () => {
    const f = await familyWithCategory();
    for (const barcode of ['123456', '1234567890', '123456789012345']) {
      const res = await api.as('admin').post('/api/product', product(f, barcode));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        message: 'barcode: is not a GTIN: GTINs have 8, 12, 13 or 14 digits',
      });
    }
    expect((await api.as('admin').post('/api/product', product(f, '', 'empty'))).statusCode).toBe(201);
    expect((await api.as('admin').post('/api/product', product(f, null))).statusCode).toBe(201);
    expect(await productCount(f.family.id)).toBe(2);
  });

  it.each(CODES)(
    'refuses an update to a wrong GTIN-$length and leaves the product as it was',
    async (code) => {
      const f = await familyWithCategory();
      const created = await createdObject<Created>(api, '/api/product', product(f, code.valid));
      const res = await api.as('admin').patch(`/api/product/${created.id}`, product(f, code.wrong));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ details: [{ path: 'body.barcode' }] });
      expect(body(await api.as('admin').get(`/api/product/${created.id}`))).toMatchObject({
        barcode: code.valid,
      });
    },
  );

  it('refuses a move into a family that requires GTINs for a barcode that is not one', async () => {
    const lenient = await familyWithCategory(false);
    const strict = await familyWithCategory();
    const created = await createdObject<Created>(api, '/api/product', product(lenient, '6291041500214'));
    const res = await api.as('admin').patch(`/api/product/${created.id}`, product(strict, '6291041500214'));
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      code: 'gtin.checkDigit',
      params: { expected: 3, kind: 'GTIN-13' },
      message: 'barcode: the check digit should be 3 (GTIN-13)',
    });
  });
});

describe('the API with the setting off', () => {
  it.each(CODES)('takes a valid and a wrong GTIN-$length, on create and on update', async (code) => {
    const f = await familyWithCategory(false);
    const valid = await createdObject<Created>(api, '/api/product', product(f, code.valid));
    const wrong = await createdObject<Created>(api, '/api/product', product(f, code.wrong));
    expect(wrong).toMatchObject({ barcode: code.wrong });
    const res = await api
      .as('admin')
      .patch(`/api/product/${valid.id}`, product(f, `${code.valid.slice(0, -1)}0`, 'x'));
    expect(res.statusCode).toBe(200);
  });

  it('keeps existing products when the setting is turned on; editing one then asks for a valid or empty barcode', async () => {
    const f = await familyWithCategory(false);
    const old = await createdObject<Created>(api, '/api/product', product(f, '123456'));
    const on = await api.as('admin').patch(`/api/family/${f.family.id}`, {
      nameEn: f.nameEn,
      nameAr: f.nameAr,
      requireValidGtin: true,
    });
    expect(on.statusCode).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${old.id}`))).toMatchObject({ barcode: '123456' });
    const renamed = { ...product(f, '123456'), nameEn: 'Renamed' };
    const refused = await api.as('admin').patch(`/api/product/${old.id}`, renamed);
    expect(refused.statusCode).toBe(400);
    expect(body(refused)).toMatchObject({ details: [{ path: 'body.barcode' }] });
    expect(
      (await api.as('admin').patch(`/api/product/${old.id}`, { ...renamed, barcode: '' })).statusCode,
    ).toBe(200);
    expect(body(await api.as('admin').get(`/api/product/${old.id}`))).toMatchObject({
      nameEn: 'Renamed',
      barcode: null,
    });
  });
});

describe('imports', () => {
  /** An "all" file: one product row per barcode, in the family named. */
  const file = (family: { nameEn: string }, barcodes: string[]) =>
    csv([
      ALL_HEADER,
      ...barcodes.map((b, i) => {
        const row = allRow(family.nameEn, 'Drinks', `Item ${i} ${b}`, b);
        row[1] = (family as { nameAr?: string }).nameAr ?? row[1]!;
        return row;
      }),
    ]);

  it('makes a wrong barcode a problem of its line when the family requires GTINs, and imports nothing', async () => {
    const f = await familyWithCategory();
    const barcodes = [...CODES.map((c) => c.valid), ...CODES.map((c) => c.wrong), '123456', ''];
    const content = file(f, barcodes);
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', content);
    expect(preview.status).toBe(200);
    const problems = [
      ...CODES.map((c, i) => ({
        line: 6 + i,
        column: 'productBarcode',
        reason: `the check digit should be ${c.digit} (GTIN-${c.length})`,
      })),
      { line: 10, column: 'productBarcode', reason: 'is not a GTIN: GTINs have 8, 12, 13 or 14 digits' },
    ];
    expect(preview.body.problems).toMatchObject(problems);
    expect(preview.body.problemCount).toBe(5);
    expect(preview.body.warnings.filter((w) => w.kind === 'invalidGtin')).toEqual([]);
    const before = await snapshot(t);
    const res = await upload(t, admin, '/api/upload/all', content);
    expect(res.status).toBe(422);
    expect(res.report().problems).toMatchObject(problems);
    expect(await snapshot(t)).toEqual(before);
  });

  it('warns of a wrong barcode in a family that does not require GTINs, naming the line, and imports it', async () => {
    const f = await familyWithCategory(false);
    const content = file(f, [CODES[2].valid, CODES[2].wrong, CODES[0].wrong]);
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', content);
    expect(preview.status).toBe(200);
    expect(preview.body.problems).toMatchObject([]);
    expect(preview.body.warningCount).toBe(2);
    expect(preview.body.warnings).toEqual([
      {
        kind: 'invalidGtin',
        message: 'The barcode 6291041500214 is not a valid GTIN: the check digit should be 3 (GTIN-13)',
        code: 'importWarning.gtinCheckDigit',
        params: { barcode: '6291041500214', expected: 3, kind: 'GTIN-13' },
        column: 'productBarcode',
        lines: [3],
      },
      {
        kind: 'invalidGtin',
        message: 'The barcode 96385075 is not a valid GTIN: the check digit should be 4 (GTIN-8)',
        code: 'importWarning.gtinCheckDigit',
        params: { barcode: '96385075', expected: 4, kind: 'GTIN-8' },
        column: 'productBarcode',
        lines: [4],
      },
    ]);
    const res = await upload(t, admin, '/api/upload/all', content);
    expect(res.status).toBe(200);
    expect(res.body.products.created).toBe(3);
    expect(await productCount(f.family.id)).toBe(3);
  });

  it('gives a family the file creates the setting off: its wrong barcodes are warnings', async () => {
    const content = file({ nameEn: 'Brand New Co' }, ['6291041500214']);
    const res = await upload(t, admin, '/api/upload/all', content);
    expect(res.status).toBe(200);
    expect(res.body.warnings).toMatchObject([{ kind: 'invalidGtin', lines: [2] }]);
    const [family] = resultRows<{ require_valid_gtin: boolean }>(
      await t.database.db.execute(
        sql`select require_valid_gtin from families where name_en = 'Brand New Co'`,
      ),
    );
    expect(family).toEqual({ require_valid_gtin: false });
  });

  it('checks a products file of one category against its family', async () => {
    const f = await familyWithCategory();
    const content = csv([
      ['productNameEn', 'productNameAr', 'productBarcode'],
      ['Good', 'جيد', CODES[3].valid],
      ['Bad', 'سيئ', CODES[3].wrong],
    ]);
    const url = `/api/upload/products/${f.family.id}/${f.category}`;
    const res = await upload(t, admin, url, content);
    expect(res.status).toBe(422);
    expect(res.report().problems).toMatchObject([
      { line: 3, column: 'productBarcode', reason: 'the check digit should be 5 (GTIN-14)' },
    ]);
    expect(await productCount(f.family.id)).toBe(0);
  });

  it('names the spreadsheet row of a wrong barcode in an XLSX file, or warns of it', async () => {
    const strict = await familyWithCategory();
    const lenient = await familyWithCategory(false);
    const workbook = await workbookBuffer((sheet) => {
      sheet.addRow(ALL_HEADER);
      sheet.addRow([strict.nameEn, strict.nameAr, 'Drinks', 'مشروبات', 'Cola', 'كولا', CODES[2].valid]);
      sheet.addRow([strict.nameEn, strict.nameAr, 'Drinks', 'مشروبات', 'Soda', 'صودا', 6291041500214]);
      sheet.addRow([lenient.nameEn, lenient.nameAr, 'Drinks', 'مشروبات', 'Tea', 'شاي', '036000291453']);
    });
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', workbook, 'file', 'book.xlsx');
    expect(preview.status).toBe(200);
    expect(preview.body.format).toBe('xlsx');
    expect(preview.body.problems).toMatchObject([
      { line: 3, column: 'productBarcode', reason: 'the check digit should be 3 (GTIN-13)' },
    ]);
    expect(preview.body.warnings).toEqual([
      {
        kind: 'invalidGtin',
        message: 'The barcode 036000291453 is not a valid GTIN: the check digit should be 2 (GTIN-12)',
        code: 'importWarning.gtinCheckDigit',
        params: { barcode: '036000291453', expected: 2, kind: 'GTIN-12' },
        column: 'productBarcode',
        lines: [4],
      },
    ]);
    const before = await snapshot(t);
    const res = await upload(t, admin, '/api/upload/all', workbook, 'file', 'book.xlsx');
    expect(res.status).toBe(422);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('the OpenAPI document', () => {
  it('documents the family setting and the barcode rule', async () => {
    const doc = (await api.anonymous.get('/api/docs/json')).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    }>();
    const bodyOf = (path: string, method: string) =>
      JSON.stringify(doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema);
    expect(bodyOf('/api/family', 'post')).toMatch(/"requireValidGtin":\{[^}]*"default":true/);
    expect(bodyOf('/api/family', 'post')).toContain('Barcodes must be valid GTINs');
    expect(bodyOf('/api/family/{id}', 'put')).toContain('Left unchanged when absent');
    expect(bodyOf('/api/product', 'post')).toContain('the check digit should be 7 (GTIN-13)');
  });
});
