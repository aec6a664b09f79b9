import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_HEADER, allRow, csv, upload } from '../src/modules/imports/imports.test-kit';
import { bearer, body, createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('CSV limits', () => {
  it('refuses a header of more than 100 columns with a 400 naming line 1', async () => {
    const header = [...ALL_HEADER, ...Array.from({ length: 120 }, (_, i) => `extra${i}`)];
    const res = await upload(
      t,
      admin,
      '/api/upload/all?dryRun=true',
      csv([header, allRow('Fam', 'Cat', 'Prod')]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 1 has \d+ cells; a catalogue CSV has at most 100$/);
    expect(res.body.details).toMatchObject([{ path: 'line 1', message: 'has more than 100 cells' }]);
  });

  it('refuses a huge header of x,x,x,… quickly, without a warning per cell', async () => {
    const header = 'x,'.repeat(2_500_000) + 'x\r\n';
    const started = performance.now();
    const res = await upload(t, admin, '/api/upload/all?dryRun=true', header);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The file is not valid CSV near line 1: the row starting on this line is longer than 64 KB',
    );
    expect(res.body.details).toMatchObject([{ path: 'line 1', message: 'is not valid CSV' }]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refuses a record longer than 64 KB with a 400 naming its line', async () => {
    const long = allRow('Fam', 'Cat', 'a'.repeat(70_000));
    const res = await upload(
      t,
      admin,
      '/api/upload/all?dryRun=true',
      csv([ALL_HEADER, allRow('Fam', 'Cat', 'Prod'), long, allRow('Fam', 'Cat', 'Prod')]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/near line 3: the row starting on this line is longer than 64 KB/);
  });

  it('accepts one file and one other part in an import upload, and answers more with a 4xx', async () => {
    const boundary = `----dalil${randomBytes(8).toString('hex')}`;
    const part = (name: string, value: string, file = false) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.csv"' : ''}\r\n${file ? 'Content-Type: text/csv\r\n' : ''}\r\n${value}\r\n`;
    const payload =
      Array.from({ length: 50 }, (_, i) => part(`field${i}`, 'x')).join('') +
      part('file', csv([ALL_HEADER, allRow('Fam', 'Cat', 'Prod')]), true) +
      `--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/all?dryRun=true',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const twoFiles =
      part('file', csv([ALL_HEADER, allRow('Fam', 'Cat', 'Prod')]), true) +
      part('file', csv([ALL_HEADER, allRow('Fam', 'Cat', 'Prod')]), true) +
      `--${boundary}--\r\n`;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/upload/all?dryRun=true',
      payload: twoFiles,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
    });
    expect(second.statusCode).toBeLessThan(500);
  });
});

describe('search text limit', () => {
  it('checks the length again after normalization expands the text', async () => {
    // U+FDFA is one character that NFKC turns into eighteen.
    const expanding = '\uFDFA'.repeat(20);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?family=1&search=${encodeURIComponent(expanding)}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).details).toMatchObject([
      { path: 'querystring.search', message: 'must be at most 200 characters once normalized' },
    ]);
    const fine = await t.app.inject({
      method: 'GET',
      url: `/api/search?family=1&search=${encodeURIComponent('\uFDFA'.repeat(5))}`,
      headers: bearer(admin),
    });
    expect(fine.statusCode).toBe(200);
  });
});
