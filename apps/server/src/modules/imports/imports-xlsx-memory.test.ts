import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness';
import { ALL_HEADER, allRow, csv, upload } from './imports.test-kit';
import { MAX_SHARED_STRINGS } from './upload-format';
import { reusedStringWorkbook, stringsWorkbook } from './xlsx-strings-workbook.test-kit';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('XLSX shared strings', () => {
  it('refuses 42 million tiny shared strings with 413 naming the limit, and keeps serving', async () => {
    // 714 MB of XML once unpacked, under the 20x unpack limit of the default 50 MB upload; a reader
    // that kept every string took the process past 4 GB and killed it.
    const bomb = stringsWorkbook(42_000_000, [ALL_HEADER]);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', bomb, 'file', 'bomb.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.message).toContain(String(MAX_SHARED_STRINGS));
    expect(res.body.details).toMatchObject([
      { path: 'file', message: expect.stringContaining('shared strings') as string },
    ]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(512 * 1024 * 1024);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('reads a workbook of 100 000 shared strings and its rows', async () => {
    const file = stringsWorkbook(100_000, [ALL_HEADER, allRow('Strings Co', 'Cat', 'Many', '6281000004001')]);
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', file, 'file', 'strings.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'xlsx', rows: 1, products: { created: 1 }, problemCount: 0 });
  });

  it('refuses shared strings past the upload limit in characters', async () => {
    const small = await createTestApp({ env: { CSV_MAX_BYTES: '200000' } });
    try {
      // 230 000 one-letter strings: 230 000 characters, past the 200 000-byte upload limit, in
      // 3.9 MB of XML, under the 4 MB the workbook may unpack to.
      const file = stringsWorkbook(230_000, [ALL_HEADER]);
      const res = await upload(small, await small.adminToken(), '/api/upload/all?dryRun=true', file);
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body.message).toContain('200000 characters');
    } finally {
      await small.close();
    }
  });
});

describe('XLSX cell text and rows', () => {
  it('counts a shared string in every cell that shows it: 160 MB of text in a small file is refused with 413', async () => {
    // One text of 32 767 characters (the most a cell holds) shown by 5 000 cells: 164 million
    // characters of cell text from a file of a few hundred kilobytes, past the 50 MB upload limit.
    const text = 'تمر مجهول ملكي - Medjool dates '.repeat(1_100).slice(0, 32_767);
    const file = reusedStringWorkbook(text, ALL_HEADER, 500, 10);
    expect(file.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', file, 'file', 'reused.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.message).toContain(`${t.config.csvMaxBytes} characters`);
    expect(res.body.details).toMatchObject([
      { path: 'file', message: `holds more than ${t.config.csvMaxBytes} characters of cell text` },
    ]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  describe('with small limits', () => {
    let small: TestApp;
    let token: string;
    beforeAll(async () => {
      small = await createTestApp({ env: { CSV_MAX_BYTES: '200000', IMPORT_MAX_ROWS: '3' } });
      token = await small.adminToken();
    });
    afterAll(() => small.close());

    it('refuses cell text past the upload limit as soon as it is read, and takes it under the limit', async () => {
      // 1 row of 19 cells of 10 000 characters: 190 000, under 200 000 with the header's.
      const under = reusedStringWorkbook('x'.repeat(10_000), ALL_HEADER, 1, 19);
      const ok = await upload(small, token, '/api/upload/all?dryRun=true', under, 'file', 'under.xlsx');
      expect(ok.status, JSON.stringify(ok.body)).not.toBe(413);
      // 3 rows of the same: 570 000 characters, from one shared string of 10 000.
      const over = reusedStringWorkbook('x'.repeat(10_000), ALL_HEADER, 3, 19);
      const res = await upload(small, token, '/api/upload/all?dryRun=true', over, 'file', 'over.xlsx');
      expect(res.status, JSON.stringify(res.body)).toBe(413);
      expect(res.body.message).toContain('200000 characters');
    });

    it('takes as many rows as IMPORT_MAX_ROWS, and refuses one more with 413 naming the limit', async () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => allRow('Rows Co', 'Cat', `Item ${i}`));
      // Blank lines are not rows.
      const three = csv([ALL_HEADER, ...rows(3), [''], ['']]);
      const ok = await upload(small, token, '/api/upload/all?dryRun=true', three);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toMatchObject({ rows: 3, problemCount: 0 });
      for (const [file, name] of [
        [csv([ALL_HEADER, ...rows(4)]), 'four.csv'],
        [stringsWorkbook(1, [ALL_HEADER, ...rows(4)]), 'four.xlsx'],
      ] as const) {
        const res = await upload(small, token, '/api/upload/all?dryRun=true', file, 'file', name);
        expect(res.status, name).toBe(413);
        expect(res.body.message).toContain('more than 3 rows');
        expect(res.body.details).toMatchObject([{ path: 'file', message: 'has more than 3 rows' }]);
      }
      const imported = await upload(small, token, '/api/upload/all', csv([ALL_HEADER, ...rows(4)]));
      expect(imported.status).toBe(413);
      const families = await small.app.inject({ url: '/api/family', headers: bearer(token) });
      expect(JSON.stringify(families.json())).not.toContain('Rows Co');
    });
  });
});
