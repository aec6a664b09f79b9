import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ALL_HEADER, allRow, csv, snapshot, upload } from './imports.test-kit';
import { problemSentence } from './problem-text';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('one product key on different rows', () => {
  const conflicting = csv([
    ALL_HEADER,
    allRow('Key Co', 'Cat', 'Milk', '6281000000014'),
    allRow('Key Co', 'Cat', 'Laban', '6281000000021'),
    allRow('Key Co', 'Cat', 'Milk 2L', '6281000000014'),
    allRow('Other Co', 'Cat', 'Milk elsewhere', '6281000000014'), // another family: its own product
  ]);

  it('is a problem on each line, naming the other one, and nothing is imported', async () => {
    const before = await snapshot(t);
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', conflicting);
    expect(preview.status).toBe(200);
    expect(preview.body.problemCount).toBe(2);
    expect(preview.body.problems).toMatchObject([
      {
        line: 2,
        column: 'productBarcode',
        reason:
          'has the same barcode 6281000000014 as line 4 with different values: keep one row per product',
      },
      {
        line: 4,
        column: 'productBarcode',
        reason:
          'has the same barcode 6281000000014 as line 2 with different values: keep one row per product',
      },
    ]);
    expect(preview.body.warnings).toEqual([]);
    const res = await upload(t, admin, '/api/upload/all', conflicting);
    expect(res.status).toBe(422);
    expect(res.body.details).toMatchObject([
      { path: 'line 2.productBarcode', message: expect.stringContaining('as line 4') as string },
      { path: 'line 4.productBarcode', message: expect.stringContaining('as line 2') as string },
    ]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('has an Arabic text, as every problem of the report', async () => {
    const preview = await upload(t, admin, '/api/upload/all?dryRun=true', conflicting);
    expect(preview.body.problems.map((p) => problemSentence(p, 'ar'))).toMatchObject([
      'productBarcode: الباركود 6281000000014 نفسه في السطر 4 بقيم مختلفة: أبقِ صفاً واحداً لكل منتج',
      'productBarcode: الباركود 6281000000014 نفسه في السطر 2 بقيم مختلفة: أبقِ صفاً واحداً لكل منتج',
    ]);
  });

  it('covers the code (product number) of rows with different barcodes too', async () => {
    const text = csv([
      ALL_HEADER,
      allRow('Code Co', 'Cat', 'One', '6281000000038', ['', '', '', '', '', '501']),
      allRow('Code Co', 'Cat', 'Two', '6281000000045', ['', '', '', '', '', '501']),
      allRow('Code Co', 'Cat', 'Three', '', ['', '', '', '', '', '501']),
    ]);
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', text);
    expect(res.status).toBe(200);
    expect(res.body.problems).toMatchObject([
      {
        line: 2,
        column: 'productNumber',
        reason: 'has the same code 501 as lines 3, 4 with different values: keep one row per product',
      },
      { line: 3, column: 'productNumber', reason: expect.stringContaining('as lines 2, 4') as string },
      { line: 4, column: 'productNumber', reason: expect.stringContaining('as lines 2, 3') as string },
    ]);
  });

  it('leaves the same row repeated as it is a warning, and imports it once', async () => {
    const row = allRow('Twice Co', 'Cat', 'Twice', '6281000000052', ['', '', '', '', '', '77']);
    const res = await upload(t, admin, '/api/upload/all', csv([ALL_HEADER, row, row]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ problemCount: 0, warningCount: 1, products: { created: 1 } });
  });
});

describe("a company's Arabic name", () => {
  it('differing from the catalogue is a warning naming both names and the lines', async () => {
    expect(
      (
        await upload(
          t,
          admin,
          '/api/upload/all',
          csv([ALL_HEADER, allRow('Name Co', 'Cat', 'One', '6281000007006')]),
        )
      ).status,
    ).toBe(200);
    const renamed = allRow('Name Co', 'Cat', 'Two', '6281000007105');
    renamed[1] = 'اسم آخر';
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', csv([ALL_HEADER, renamed]));
    expect(res.status).toBe(200);
    expect(res.body.families).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(res.body.warnings).toEqual([
      {
        kind: 'familyName',
        message:
          'The company "Name Co" is named "اسم آخر" in Arabic in the file but "عائلة Name Co" in the catalogue; importing renames it',
        code: 'importWarning.familyRenamed',
        params: { name: 'Name Co', last: 'اسم آخر', stored: 'عائلة Name Co' },
        column: 'familyNameAr',
        lines: [2],
      },
    ]);
    expect(res.body.warningCount).toBe(1);
  });

  it('differing within the file is a warning too; a matching one is not', async () => {
    const first = allRow('Twin Co', 'Cat', 'One', '6281000007013');
    const second = allRow('Twin Co', 'Cat', 'Two', '6281000007112');
    second[1] = 'توأم';
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', csv([ALL_HEADER, first, second]));
    expect(res.body.warnings).toEqual([
      {
        kind: 'familyName',
        message: expect.stringContaining('has different Arabic names in the file') as string,
        code: 'importWarning.familyNames',
        params: { name: 'Twin Co', names: expect.stringContaining('"توأم"') as string, last: 'توأم' },
        column: 'familyNameAr',
        lines: [2, 3],
      },
    ]);
    const same = await upload(t, admin, '/api/upload/all?dryRun=true', csv([ALL_HEADER, first, first]));
    expect(same.body.warnings.map((w) => w.kind)).toEqual(['duplicateRow']);
  });
});
