import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { bearer, body, type TestApp } from './harness';
import { waitFor } from './wait';

export interface Part {
  filename: string;
  data: Buffer;
}

/** A multipart body of `file` parts, as the browser sends dropped files. */
function files(parts: Part[]) {
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${p.filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A small JPEG of one colour: a different colour is different content. */
export const jpeg = (hue: number, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: hue % 256, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

export async function postImages(t: TestApp, token: string, parts: Part[], query = '') {
  const { payload, contentType } = files(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/images${query}`,
    headers: { 'content-type': contentType, ...bearer(token) },
    payload,
  });
}

/** Polls a job until it is done or failed. */
export async function waitForJob(t: TestApp, token: string, id: number) {
  return waitFor(
    async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/upload/images/${id}`,
        headers: bearer(token),
      });
      const job = body(res);
      return (job.state === 'done' || job.state === 'failed') && job;
    },
    { timeout: 30_000, interval: 100, message: `image job ${id} did not finish` },
  );
}

/** Creates a family, a category and products through the API; answers their ids. */
export async function catalogue(
  t: TestApp,
  token: string,
  familyName: string,
  items: { nameEn: string; barcode?: string; number?: string }[],
) {
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return body(res).id as number;
  };
  // Any barcode: photos are matched by codes that need not be GTINs.
  const family = await post('/api/family', {
    nameEn: familyName,
    nameAr: `عائلة ${familyName}`,
    requireValidGtin: false,
  });
  const category = await post('/api/category', { nameEn: 'Main', nameAr: 'رئيسي', family });
  const products: number[] = [];
  for (const item of items) {
    products.push(await post('/api/product', { ...item, nameAr: `منتج ${item.nameEn}`, family, category }));
  }
  return { family, category, products };
}
