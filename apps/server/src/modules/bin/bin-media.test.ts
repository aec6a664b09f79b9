import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId } from '../../../test/fixtures';
import { forgetOldHistory } from '../activity/activity.service';
import { inspectMedia, UNATTACHED_GRACE_MS } from '../media/media.service';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await api.token('admin');
});
afterAll(() => t.close());

async function upload(color: string): Promise<string> {
  const image = await sharp({ create: { width: 64, height: 32, channels: 3, background: color } })
    .png()
    .toBuffer();
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return `${(body(res) as { public_id: string }).public_id}.webp`;
}

const api = client(() => t);

describe('images of records in the recycle bin', () => {
  it('stay stored while the entry is in the bin, and become orphans once it is emptied', async () => {
    const image = await upload('#3a5');
    const family = await createdId(api, '/api/family', { nameEn: 'Pictures Co', nameAr: 'شركة الصور' });
    const category = await createdId(api, '/api/category', { nameEn: 'Pictured', nameAr: 'مصورة', family });
    await createdId(api, '/api/product', { nameEn: 'Pictured tea', nameAr: 'شاي', family, category, image });
    const deleted = await api.as('admin').delete(`/api/category/${category}`);
    expect(deleted.statusCode).toBe(204);
    // Only the bin names the image now: the history that did is gone.
    await forgetOldHistory(t.database.db, 0);
    const later = Date.now() + UNATTACHED_GRACE_MS + 60_000;

    const held = await inspectMedia(t.database.db, t.app.ctx.media, later);
    expect(held.orphans).not.toContain(image);
    expect(held.history).toContain(image);

    const emptied = await api.as('admin').delete('/api/bin');
    expect(emptied.statusCode).toBe(204);
    const gone = await inspectMedia(t.database.db, t.app.ctx.media, later);
    expect(gone.orphans).toContain(image);
  });
});
