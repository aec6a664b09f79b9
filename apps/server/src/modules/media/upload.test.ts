import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { insertUser } from '../users/users.repository';

const MAX_BYTES = 100_000;
let t: TestApp;
const api = client(() => t);
let admin: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_MAX_BYTES: String(MAX_BYTES) } });
  admin = await t.adminToken();
  await insertUser(t.database.db, {
    firstName: 'Reader',
    lastName: 'One',
    username: 'reader',
    password: 'reader-password',
    role: 'user',
  });
  reader = await t.login('user', 'reader', 'reader-password');
});
afterAll(() => t.close());

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser would send it. */
function form(parts: Part[]) {
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\ncontent-disposition: ${disposition}\r\n${p.type ? `content-type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), 'content-type': `multipart/form-data; boundary=${boundary}` };
}

const upload = (parts: Part[], token: string | null = admin) => {
  const { payload, 'content-type': contentType } = form(parts);
  return api
    .as(token ?? undefined)
    .post('/api/upload/image', payload, { headers: { 'content-type': contentType } });
};
const file = (data: Buffer | string, filename = 'photo.png', type = 'image/png'): Part => ({
  name: 'file',
  filename,
  type,
  data,
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** A JPEG whose header claims 8000 x 8000 pixels (64 MP), though the file is tiny. */
async function claimsHugeJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(8000, sof + 5); // height
  jpeg.writeUInt16BE(8000, sof + 7); // width
  return jpeg;
}

describe('image upload', () => {
  it('stores an image as WebP under a random name and answers 201 {public_id, format}', async () => {
    const res = await upload([file(await png(64, 48))]);
    expect(res.statusCode, res.body).toBe(201);
    const stored = body(res) as { public_id: string; format: string };
    expect(stored).toEqual({ public_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), format: 'webp' });
    const saved = await readFile(join(t.config.mediaDir, `${stored.public_id}.webp`));
    expect((await sharp(saved).metadata()).format).toBe('webp');
    const served = await t.app.inject({ method: 'GET', url: `/media/${stored.public_id}.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('recognises the image by its content, not by its name or declared type', async () => {
    const res = await upload([file(await png(10, 10), 'notes.txt', 'text/plain')]);
    expect(res.statusCode).toBe(201);
  });

  it('refuses an SVG or a text file with 415', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    for (const part of [file(svg, 'logo.svg', 'image/svg+xml'), file('hello there', 'a.png', 'image/png')]) {
      const res = await upload([part]);
      expect(res.statusCode).toBe(415);
      expect(body(res)).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    }
  });

  it('refuses a file over the size limit with a 413 JSON body', async () => {
    const noise = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(MAX_BYTES);
    const res = await upload([file(noise)]);
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      message: expect.stringContaining('too large'),
    });
  });

  it('refuses an image over about 40 megapixels with 422', async () => {
    const res = await upload([file(await claimsHugeJpeg(), 'huge.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatch(/megapixels/);
  });

  it('answers 400 naming the file when there is no file part, a wrong field, or no multipart body', async () => {
    const cases = [
      await upload([{ name: 'note', data: 'no file here' }]),
      await upload([{ ...file(await png(4, 4)), name: 'image' }]),
      await t.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        headers: bearer(admin),
        payload: { file: 'x' },
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).details).toMatchObject([{ path: 'body.file', message: expect.any(String) }]);
    }
  });

  it('refuses a second file with 413', async () => {
    const res = await upload([file(await png(4, 4)), { ...file(await png(4, 4)), name: 'file2' }]);
    expect(res.statusCode).toBe(413);
    expect(body(res).message).toBe('Send one image in a field named file, and nothing else');
  });

  it('needs an admin: 401 without a token, 403 for a catalogue user', async () => {
    const image = await png(4, 4);
    expect((await upload([file(image)], null)).statusCode).toBe(401);
    expect((await upload([file(image)], reader)).statusCode).toBe(403);
  });
});
