import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ALL_HEADER, allRow, upload } from './imports.test-kit';
import { MAX_SHARED_STRINGS } from './upload-format';
import { stringsWorkbook } from './xlsx-strings-workbook.test-kit';

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
    expect(res.body.details).toEqual([
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
