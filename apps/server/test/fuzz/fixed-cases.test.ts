import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_HEADER, allRow, csv, multipartBody } from '../../src/modules/imports/imports.test-kit';
import { bearer, body, createTestApp, type TestApp } from '../harness';
import { client } from '../client';
import { fingerprint } from './app-routes';

// Hostile input the property-based test would rarely generate, each case named.

let t: TestApp;
const api = client(() => t);
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const send = (
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  payload?: string | object,
  type = 'application/json',
) =>
  payload === undefined
    ? api.as(admin).send(method, url)
    : api.as(admin).send(method, url, typeof payload === 'string' ? payload : JSON.stringify(payload), {
        headers: { 'content-type': type },
      });

/** A 4xx with the API's JSON error body, and nothing written meanwhile. */
async function expectRejected(run: () => Promise<LightMyRequestResponse>, statuses: number[]) {
  const before = await fingerprint(t.database, t.config.mediaDir);
  const res = await run();
  expect(statuses, res.body.slice(0, 300)).toContain(res.statusCode);
  const b = body(res);
  expect(b).toMatchObject({
    statusCode: res.statusCode,
    error: expect.any(String),
    message: expect.any(String),
  });
  expect(await fingerprint(t.database, t.config.mediaDir)).toBe(before);
  return res;
}

const familyId = async () => {
  const res = await send('POST', '/api/family', { nameEn: `Holder ${Math.random()}`, nameAr: 'حامل' });
  return res.json<{ id: number }>().id;
};

describe('JSON bodies', () => {
  it('refuses a body over the 1 MB limit with 413', async () => {
    const big = JSON.stringify({ nameEn: 'x'.repeat(1_100_000), nameAr: 'ع' });
    await expectRejected(() => send('POST', '/api/family', big), [413]);
  });

  it('refuses 10 000 (and 200 000) levels of nesting with a 4xx, and stays up', async () => {
    for (const depth of [10_000, 200_000]) {
      const arrays = '['.repeat(depth) + ']'.repeat(depth);
      const objects = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      for (const payload of [arrays, objects, `{"nameEn":${arrays},"nameAr":"ع"}`]) {
        await expectRejected(() => send('POST', '/api/family', payload), [400, 413]);
      }
    }
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('refuses huge strings with a 400 naming the field', async () => {
    const res = await expectRejected(
      () => send('POST', '/api/family', { nameEn: 'x'.repeat(500_000), nameAr: 'ع' }),
      [400],
    );
    expect(body(res).details).toMatchObject([
      { path: 'body.nameEn', message: 'must be at most 200 characters' },
    ]);
    const search = await expectRejected(() => send('GET', `/api/family?search=${'q'.repeat(5000)}`), [400]);
    expect(body(search).message).toMatch(/search/);
  });

  it('answers 400 for NUL characters (PostgreSQL cannot store them), never 500, and stores nothing', async () => {
    const family = await familyId();
    const category = (
      await send('POST', '/api/category', { nameEn: 'Holder Cat', nameAr: 'فئة', family })
    ).json<{ id: number }>().id;
    const nul = 'Tea\u0000Co';
    const cases: ['POST' | 'PUT' | 'GET', string, object?][] = [
      ['POST', '/api/family', { nameEn: nul, nameAr: 'ع' }],
      ['POST', '/api/family', { nameEn: 'Fine', nameAr: 'شاي\u0000' }],
      ['PUT', `/api/family/${family}`, { nameEn: nul, nameAr: 'ع' }],
      ['POST', '/api/category', { nameEn: nul, nameAr: 'ع', family }],
      ['POST', '/api/product', { nameEn: 'P', nameAr: 'ع', family, category, descriptionEn: nul }],
      [
        'POST',
        '/api/user',
        { firstName: nul, lastName: 'B', username: 'nul-user', password: 'password-123' },
      ],
      ['GET', '/api/family?search=a%00b'],
      ['GET', '/api/product?search=%00'],
      ['GET', `/api/search?family=${family}&search=a%00b`],
    ];
    for (const [method, url, payload] of cases) {
      await expectRejected(() => send(method, url, payload), [400]);
    }
    for (const kind of ['admin', 'user']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${kind}/login`,
        payload: { username: 'ad\u0000min', password: 'x\u0000' },
      });
      expect([400, 401]).toContain(res.statusCode);
    }
  });

  it('stores SQL and script fragments as plain text and gives them back unchanged', async () => {
    const nameEn = "Robert'); DROP TABLE families;--";
    const nameAr = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await send('POST', '/api/family', { nameEn, nameAr });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    const id = created.json<{ id: number }>().id;
    const read = await send('GET', `/api/family/${id}`);
    expect(read.json()).toMatchObject({ nameEn, nameAr, name: { en: nameEn, ar: nameAr } });
    const found = await send('GET', `/api/family?search=${encodeURIComponent("'); DROP")}`);
    expect(found.json<{ data: { id: number }[] }>().data.map((f) => f.id)).toContain(id);
    const category = await send('POST', '/api/category', {
      nameEn: '=HYPERLINK("http://x")',
      nameAr: '+1',
      family: id,
    });
    expect(category.statusCode).toBe(201);
    const product = await send('POST', '/api/product', {
      nameEn: "1' OR '1'='1",
      nameAr: '@SUM(A1)',
      family: id,
      category: category.json<{ id: number }>().id,
    });
    expect(product.statusCode).toBe(201);
    const search = await send('GET', `/api/search?family=${id}&search=${encodeURIComponent("' OR '1")}`);
    expect(search.statusCode).toBe(200);
    expect(search.json<{ count: number }>().count).toBe(1);
    // The export escapes formula cells, so a spreadsheet shows them as text.
    const exported = await send('GET', `/api/export/family/${id}.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(`'=HYPERLINK(""http://x"")`);
    expect(exported.body).toContain("'@SUM(A1)");
    expect(exported.body).toContain("'+1");
    // And the tables are all still there.
    expect((await send('GET', '/api/family?limit=1')).statusCode).toBe(200);
  });
});

describe('/media', () => {
  it('answers 404 to path traversal and never serves a file outside the media directory', async () => {
    mkdirSync(t.config.mediaDir, { recursive: true });
    writeFileSync(join(t.config.dataDir, 'jwt-secret'), 'SECRET-MARKER-123\n');
    writeFileSync(join(t.config.mediaDir, 'SECRET-MARKER-123.webp'), 'not really an image');
    for (const url of [
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/%2e%2e/jwt-secret',
      '/media/%2e%2e%2fjwt-secret',
      '/media/..%5cjwt-secret',
      '/media/../jwt-secret',
      '/media/....//jwt-secret',
      '/media/%252e%252e%252fjwt-secret',
      '/media/jwt-secret',
      '/media/..%2fjwt-secret%00.webp',
      '/media/%00',
      '/media/',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('SECRET-MARKER');
      expect(body(res)).toMatchObject({ statusCode: 404 });
    }
    // The name rule holds even for a file that does exist in the directory.
    expect((await t.app.inject('/media/SECRET-MARKER-123.webp')).statusCode).toBe(200);
  });
});

/** A valid greyscale PNG of width x height black pixels: tiny on disk, huge once decoded. */
function pngBomb(width: number, height: number, idat?: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const pixels = idat ?? deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The part declares text/csv (multipartBody's default): the server judges the bytes, not the label. */
const uploadImage = (data: Buffer, filename: string) => {
  const { payload, headers } = multipartBody(data, 'file', filename);
  return api.as(admin).post('/api/upload/image', payload, { headers });
};

describe('image uploads', () => {
  it('refuses a decompression bomb (100 megapixels in a few hundred KB) with 422, quickly', async () => {
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const started = performance.now();
    const res = await expectRejected(() => uploadImage(bomb, 'bomb.png'), [422]);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(body(res).message).toMatch(/megapixels/);
    // Only the header claims the size: 50 000 x 50 000 with almost no data behind it.
    const liar = pngBomb(50_000, 50_000, deflateSync(Buffer.alloc(1000)));
    await expectRejected(() => uploadImage(liar, 'liar.png'), [422]);
  });

  it('refuses an SVG renamed to .png with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRejected(() => uploadImage(svg, 'logo.png'), [415]);
  });
});

describe('CSV imports', () => {
  it('refuses a CSV with one 20 MB cell with a 4xx, and stays responsive', async () => {
    const header = ALL_HEADER.join(',');
    const row = allRow('Huge Co', 'Huge Cat', 'x'.repeat(20 * 1024 * 1024));
    const content = `${header}\r\n${row.join(',')}\r\n`;
    const started = performance.now();
    const res = await expectRejected(async () => {
      const { payload, headers } = multipartBody(content);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/all',
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
    }, [400, 413, 422]);
    expect(JSON.stringify(body(res).details)).toContain('line 2');
    expect(performance.now() - started).toBeLessThan(20_000);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('refuses an unterminated quote with 400 naming the line where its row starts, deep in a file', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => allRow('Deep Co', 'Cat', `Item ${i}`));
    const content = csv([ALL_HEADER, ...rows]) + 'Deep Co,"never closed,x\r\nmore,rows\r\n';
    const res = await expectRejected(async () => {
      const { payload, headers } = multipartBody(content);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/all',
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
    }, [400]);
    expect(body(res).details).toMatchObject([{ path: 'line 3002', message: 'is not valid CSV' }]);
  });

  it('refuses an unterminated quote with 400 naming the line', async () => {
    const content =
      csv([ALL_HEADER, allRow('Quote Co', 'Cat', 'Fine')]) + 'Quote Co,"never closed,x,y\r\nmore,rows\r\n';
    const res = await expectRejected(async () => {
      const { payload, headers } = multipartBody(content);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/all',
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
    }, [400]);
    expect(body(res).message).toMatch(/line 3/);
    expect(body(res).details).toMatchObject([{ path: 'line 3', message: 'is not valid CSV' }]);
  });
});
