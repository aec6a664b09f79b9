import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type CsvColumn } from '@dalil/contracts/imports';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId } from '../../../test/fixtures';
import { resultRows } from '../../lib/db-helpers';
import { csv, multipartBody, readWorkbook, snapshot, upload } from '../imports/imports.test-kit';

// Every product field through an export and back: a family filled in full, exported as CSV and XLSX,
// re-imported untouched (nothing changes), edited in one cell (one product changes), broken in a few
// cells (the import names line and column), and given image addresses to fetch.

let t: TestApp;
let admin: string;
let server: Server;
let origin: string;
let family = 0;
const ids = { apple: 0, pear: 0 };
const names = { image: '', icon: '' };
let served: Buffer;

const DESCRIPTION_EN = 'Crisp, "fresh" and cold,\npicked daily';
const DESCRIPTION_AR = 'تفاح، "طازج"\nمن البستان';
const PUBLISH_AT = '2027-01-31T09:00:00.000Z';
// A valid GTIN-13 that starts with zeros: a sheet must keep them.
const BARCODE = '0012345678905';

const api = client(() => t);

const png = (shade: number) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: { r: shade, g: 90, b: 40 } } })
    .png()
    .toBuffer();

async function uploadImage(data: Buffer): Promise<string> {
  const { payload, headers } = multipartBody(data, 'file', 'photo.png', 'image/png');
  const res = await api.as('admin').post('/api/upload/image', payload, { headers });
  expect(res.statusCode, res.body).toBe(201);
  const stored = body(res) as { public_id: string; format: string };
  return `${stored.public_id}.${stored.format}`;
}

const productOf = async (id: number) => body(await api.as('admin').get(`/api/product/${id}`));

const productHistory = async () => {
  const [row] = resultRows<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from activity where entity = 'product'`),
  );
  return row!.n;
};

beforeAll(async () => {
  served = await png(200);
  server = createServer((req, res) => {
    if (req.url === '/pear.png') res.writeHead(200, { 'content-type': 'image/png' }).end(served);
    else if (req.url === '/notes.txt')
      res.writeHead(200, { 'content-type': 'image/png' }).end('not a picture');
    else res.writeHead(404).end('no such file');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  admin = await api.token('admin');
  names.image = await uploadImage(await png(10));
  names.icon = await uploadImage(await png(60));
  family = await createdId(api, '/api/family', { nameEn: 'Orchard, Ltd', nameAr: 'البستان' });
  const fruit = await createdId(api, '/api/category', { nameEn: 'Fruit', nameAr: 'فواكه', family });
  const apples = await createdId(api, '/api/category', {
    nameEn: 'Apples',
    nameAr: 'تفاح',
    family,
    parent: fruit,
  });
  ids.apple = await createdId(api, '/api/product', {
    nameEn: 'Green apple',
    nameAr: 'تفاح أخضر',
    family,
    category: fruit,
    subCategory: apples,
    barcode: BARCODE,
    number: '0042',
    shelfLife: '3 weeks',
    netWeight: '1 (kg)',
    drainedWeight: '',
    unitsPerCarton: 12,
    cartonPerPalate: 40,
    cost: '12.50',
    descriptionEn: DESCRIPTION_EN,
    descriptionAr: DESCRIPTION_AR,
    status: 'draft',
    publishAt: PUBLISH_AT,
    image: names.image,
    logo: names.icon,
  });
  ids.pear = await createdId(api, '/api/product', {
    nameEn: 'Pear',
    nameAr: 'كمثرى',
    family,
    category: fruit,
    cost: 0.1,
    descriptionEn: '=1+1 is text, not a formula',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Format = 'csv' | 'xlsx';

/** An exported cell as CSV text: sheets give numbers and strings, empty cells null. */
const cellText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The family's export, and a way to change cells of it (by product row, first product = 0). */
async function exported(format: Format) {
  const res = await api.as('admin').get(`/api/export/family/${family}.${format}`);
  expect(res.statusCode).toBe(200);
  if (format === 'csv') {
    const records: string[][] = parse(res.body, { bom: true });
    return {
      header: records[0]!,
      rows: records.slice(1),
      file: res.body as string | Buffer,
      edited: (changes: [number, CsvColumn, string][]) => {
        const copy = records.map((r) => [...r]);
        for (const [row, column, value] of changes) copy[row + 1]![CSV_COLUMNS.indexOf(column)] = value;
        return Promise.resolve<string | Buffer>(csv(copy));
      },
    };
  }
  const sheet = await readWorkbook(res.rawPayload);
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(CSV_COLUMNS.map((_, i) => row.getCell(i + 1).value));
  });
  return {
    header: CSV_COLUMNS.map((_, i) => sheet.getRow(1).getCell(i + 1).value as string),
    rows,
    file: res.rawPayload,
    edited: async (changes: [number, CsvColumn, string][]) => {
      const book = await readWorkbook(res.rawPayload);
      for (const [row, column, value] of changes) {
        book.getRow(row + 2).getCell(CSV_COLUMNS.indexOf(column) + 1).value = value;
      }
      return Buffer.from(await book.workbook.xlsx.writeBuffer());
    },
  };
}

const importFile = (file: string | Buffer, dryRun = false) =>
  upload(t, admin, `/api/upload/all${dryRun ? '?dryRun=true' : ''}`, file);

describe.each(['csv', 'xlsx'] as const)('every product field round-trips (%s)', (format) => {
  const unit = format === 'csv' ? 'line' : 'row';

  it('writes every column, numbers as they were typed and codes with their leading zeros', async () => {
    const { header, rows } = await exported(format);
    expect(header).toEqual([...CSV_COLUMNS]);
    const apple = rows[0]!;
    const cell = (column: CsvColumn) => apple[CSV_COLUMNS.indexOf(column)];
    expect(cell('subCategoryNameEn')).toBe('Apples');
    expect(cell('productBarcode')).toBe(BARCODE);
    expect(cell('productNumber')).toBe('0042');
    expect(cell('productStatus')).toBe('draft');
    // 12.50 is the number 12.5: a number cell in a sheet, "12.5" in a CSV.
    expect(cell('productCost')).toBe(format === 'csv' ? '12.5' : 12.5);
    expect(rows[1]![CSV_COLUMNS.indexOf('productCost')]).toBe(format === 'csv' ? '0.1' : 0.1);
    expect(cell('productDescriptionEn')).toBe(DESCRIPTION_EN);
    expect(cell('productDescriptionAr')).toBe(DESCRIPTION_AR);
    expect(cell('productPublishAt')).toBe(PUBLISH_AT);
    expect(cell('productImage')).toBe(names.image);
    expect(cell('productIcon')).toBe(names.icon);
    // A formula-like text is escaped in a CSV only: a sheet's text cell is never run.
    expect(rows[1]![CSV_COLUMNS.indexOf('productDescriptionEn')]).toBe(
      format === 'csv' ? "'=1+1 is text, not a formula" : '=1+1 is text, not a formula',
    );
  });

  it('imports an untouched export as all unchanged, and changes nothing', async () => {
    const { file } = await exported(format);
    const preview = await importFile(file, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      problemCount: 0,
      families: { created: 0, updated: 0, unchanged: 1 },
      categories: { created: 0, updated: 0 },
      products: { created: 0, updated: 0, unchanged: 2 },
    });
    const before = await snapshot(t);
    const history = await productHistory();
    const res = await importFile(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.products).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await snapshot(t)).toEqual(before);
    expect(await productHistory()).toBe(history);
  });

  it('changes exactly the product whose cost was edited', async () => {
    const { edited } = await exported(format);
    const cost = format === 'csv' ? '١٣.٧٥' : '13.75'; // Arabic digits, as the form takes them
    const file = await edited([[0, 'productCost', cost]]);
    const preview = await importFile(file, true);
    expect(preview.body).toMatchObject({ problemCount: 0, products: { updated: 1, unchanged: 1 } });
    const pear = (await snapshot(t)).products.find((p) => p.id === ids.pear);
    const history = await productHistory();
    const res = await importFile(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.products).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(await productOf(ids.apple)).toMatchObject({
      cost: 13.75,
      descriptionEn: DESCRIPTION_EN,
      // A draft whose date is ahead, as the API shows it; the file's status cell says draft.
      status: 'scheduled',
      publishAt: PUBLISH_AT,
      image: names.image,
      logo: names.icon,
    });
    expect((await snapshot(t)).products.find((p) => p.id === ids.pear)).toEqual(pear);
    expect(await productHistory()).toBe(history + 1);
    // Undoing the import puts the cost back (and leaves it as the next format's turn expects).
    const undo = await api.as('admin').post(`/api/import/${res.body.importId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await productOf(ids.apple)).toMatchObject({ cost: 12.5 });
  });

  it('names the line and column of a bad cost, publish date or image name, and imports nothing', async () => {
    const { edited } = await exported(format);
    const before = await snapshot(t);
    const res = await importFile(
      await edited([
        [0, 'productCost', '-3'],
        [0, 'productPublishAt', 'next week'],
        [0, 'productIcon', 'not an image'],
        [1, 'productImage', 'abcdefgh12345678.webp'],
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body.details).toMatchObject([
      { path: `${unit} 2.productCost`, message: 'must be 0 or more' },
      {
        path: `${unit} 2.productPublishAt`,
        message: 'must be a date and time such as 2027-01-31T00:00:00Z',
      },
      { path: `${unit} 2.productIcon`, message: 'must be the name of a stored image or an https address' },
      // The first product's description spans three lines of the CSV.
      {
        path: `${unit} ${format === 'csv' ? 5 : 3}.productImage`,
        message: 'is not the name of a stored image',
      },
    ]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('fetches an image address and stores it like an upload; a failing address imports nothing', async () => {
    const { edited } = await exported(format);
    const before = await snapshot(t);
    for (const [path, reason] of [
      ['/gone.png', 'could not be downloaded: the address answered HTTP 404'],
      ['/notes.txt', 'is not an image we accept'],
    ] as const) {
      const res = await importFile(
        await edited([
          [0, 'productImage', `${origin}${path}`],
          [1, 'productImage', `${origin}/pear.png`],
        ]),
      );
      expect(res.status).toBe(422);
      expect(res.body.details).toMatchObject([
        { path: `${unit} 2.productImage`, message: expect.stringContaining(reason) as string },
      ]);
      expect(await snapshot(t)).toEqual(before);
    }

    const file = await edited([[1, 'productImage', `${origin}/pear.png`]]);
    const preview = await importFile(file, true);
    expect(preview.body).toMatchObject({ problemCount: 0, products: { updated: 1, unchanged: 1 } });
    const res = await importFile(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.products).toEqual({ created: 0, updated: 1, unchanged: 1 });
    // Stored under its content's name, like an uploaded image, and served.
    const name = `${createHash('sha256').update(served).digest('hex').slice(0, 32)}.webp`;
    expect(await productOf(ids.pear)).toMatchObject({ image: name, cost: 0.1 });
    const media = await api.anonymous.get(`/media/${name}`);
    expect(media.statusCode).toBe(200);
    expect((await sharp(media.rawPayload).metadata()).format).toBe('webp');
    // The export now names it, and imports back unchanged.
    const again = await exported(format);
    expect(again.rows[1]![CSV_COLUMNS.indexOf('productImage')]).toBe(name);
    expect((await importFile(again.file, true)).body.products).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    // Put back for the next format's turn.
    const back = await importFile(await again.edited([[1, 'productImage', '']]));
    expect(back.body.products).toMatchObject({ updated: 1 });
  });

  it('reads a publish date as a spreadsheet shows one, in UTC', async () => {
    const { edited } = await exported(format);
    const res = await importFile(await edited([[0, 'productPublishAt', '2027-02-01 10:30']]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await productOf(ids.apple)).toMatchObject({ publishAt: '2027-02-01T10:30:00.000Z' });
    const back = await importFile(await edited([[0, 'productPublishAt', '2027-01-31T12:00:00+03:00']]));
    expect(back.body.products).toMatchObject({ updated: 1 });
    expect(await productOf(ids.apple)).toMatchObject({ publishAt: PUBLISH_AT });
  });

  it('leaves fields of columns a file lacks as they are', async () => {
    const { header, rows } = await exported(format);
    const keep = header.filter((c) => !['productCost', 'productImage', 'productPublishAt'].includes(c));
    const file = csv([keep, ...rows.map((r) => keep.map((c) => cellText(r[header.indexOf(c)])))]);
    const res = await importFile(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.products).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await productOf(ids.apple)).toMatchObject({
      cost: 12.5,
      image: names.image,
      publishAt: PUBLISH_AT,
    });
  });
});
