import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { resultRows } from '../../lib/db-helpers';
import { ALL_HEADER, allRow, csv, upload } from './imports.test-kit';

// A value typed in the product form and the same value in an import file are kept, or refused, alike:
// both read it through the contract's field schema.
let t: TestApp;
const api = client(() => t);
let admin: string;
let family: number;
let category: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
  const post = async (url: string, payload: object) => {
    const res = await api.as('admin').post(url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return body(res).id as number;
  };
  // Any barcode, as in a family the import creates: the GTIN rule has its own tests (gtin-barcodes.test.ts).
  family = await post('/api/family', { nameEn: 'Form Co', nameAr: 'شركة النموذج', requireValidGtin: false });
  category = await post('/api/category', { nameEn: 'Canned', nameAr: 'معلبات', family });
});
afterAll(() => t.close());

type Outcome = { kept: unknown } | { refused: string };
type Field = 'barcode' | 'unitsPerCarton';
const COLUMN = { barcode: 'productBarcode', unitsPerCarton: 'productUnitsPerCarton' } as const;
let serial = 0;

async function throughTheForm(field: Field, value: string): Promise<Outcome> {
  const payload = { nameEn: `Form ${++serial}`, nameAr: 'منتج', family, category, [field]: value };
  const res = await api.as('admin').post('/api/product', payload);
  if (res.statusCode === 201) return { kept: body(res)[field] };
  expect(res.statusCode, res.body).toBe(400);
  const details = body(res).details as { path: string; message: string }[];
  expect(details.map((d) => d.path)).toMatchObject([`body.${field}`]);
  return { refused: details[0]!.message };
}

async function throughTheImport(field: Field, value: string): Promise<Outcome> {
  const name = `File ${++serial}`;
  const extra = ['', '', '', field === 'unitsPerCarton' ? value : '', '', ''];
  const row = allRow('File Co', 'Canned', name, field === 'barcode' ? value : '', extra);
  const text = csv([ALL_HEADER, row]);
  const preview = await upload(t, admin, '/api/upload/all?dryRun=true', text);
  expect(preview.status).toBe(200);
  const [problem, ...more] = preview.body.problems;
  if (problem) {
    expect(more).toEqual([]);
    expect(problem).toMatchObject({ line: 2, column: COLUMN[field] });
    return { refused: problem.reason };
  }
  expect((await upload(t, admin, '/api/upload/all', text)).status).toBe(200);
  const [stored] = resultRows<{ barcode: string | null; units_per_carton: number | null }>(
    await t.database.db.execute(sql`select barcode, units_per_carton from products where name_en = ${name}`),
  );
  return { kept: field === 'barcode' ? stored!.barcode : stored!.units_per_carton };
}

describe('the product form and the import read a field alike', () => {
  it.each([
    ['barcode', '6281 0000 0001 7', { kept: '6281000000017' }],
    ['barcode', '٦٢٨١٠٠٠٠٠٠٠٢٤', { kept: '6281000000024' }],
    ['barcode', ' 00012345 ', { kept: '00012345' }],
    ['barcode', '12-34', { refused: 'must contain digits only' }],
    ['barcode', '1'.repeat(33), { refused: 'must be at most 32 digits' }],
    ['unitsPerCarton', '١٢', { kept: 12 }],
    ['unitsPerCarton', '12.0', { kept: 12 }],
    ['unitsPerCarton', '0x10', { refused: 'must be a whole number of 0 or more' }],
    ['unitsPerCarton', '1e3', { refused: 'must be a whole number of 0 or more' }],
  ] as const)('%s %j', async (field, value, expected) => {
    expect(await throughTheForm(field, value)).toEqual(expected);
    expect(await throughTheImport(field, value)).toEqual(expected);
  });
});
