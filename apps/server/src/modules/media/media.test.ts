import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { startS3, type TestS3 } from '../../../test/s3-server';
import { s3MediaStore } from '../../lib/media-store-s3';
import { forgetOldHistory } from '../activity/activity.service';
import { inspectMedia, removeOrphans, UNATTACHED_GRACE_MS } from './media-sweep';

// Images uploaded and served through the object store driver, against a real S3 API server.

let s3: TestS3;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: { ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' } });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

function multipart(data: Buffer) {
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  };
}

const png = (w: number, color: string) =>
  sharp({ create: { width: w, height: w / 2, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('media in an S3-compatible store', () => {
  it('stores an upload under its content hash with every width, and serves it with immutable caching', async () => {
    const image = await png(1600, '#2a7');
    const res = await t.app.inject({ method: 'POST', url: '/api/upload/image', ...multipart(image) });
    expect(res.statusCode, res.body).toBe(201);
    const name = `${(body(res) as { public_id: string }).public_id}.webp`;
    expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);

    const store = s3MediaStore(s3.settings);
    const keys: string[] = [];
    for await (const o of store.list()) keys.push(o.key);
    store.close();
    // The largest display width, 1280, is the stored image itself: no file of its own.
    expect(keys.sort()).toEqual([name, `w160/${name}`, `w320/${name}`, `w640/${name}`].sort());

    const widths = {
      [`/media/${name}`]: 1280,
      [`/media/${name}?w=320`]: 320,
      [`/media/w320/${name}`]: 320,
      [`/media/w1280/${name}`]: 1280,
    };
    for (const [url, width] of Object.entries(widths)) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width, url).toBe(width);
    }
    // Asking for the largest width by its old address made no copy of the stored image.
    const after: string[] = [];
    const again = s3MediaStore(s3.settings);
    for await (const o of again.list()) after.push(o.key);
    again.close();
    expect(after.sort()).toEqual(keys);
  });

  it('gives the same file the same name, and a missing one a 404', async () => {
    const image = await png(200, '#a27');
    const first = body(await t.app.inject({ method: 'POST', url: '/api/upload/image', ...multipart(image) }));
    const second = body(
      await t.app.inject({ method: 'POST', url: '/api/upload/image', ...multipart(image) }),
    );
    expect(second.public_id).toBe(first.public_id);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/media/0123456789abcdef0123456789abcdef.webp',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps an image's link preview JPEG in the bucket beside its widths, and sweeps it with the image", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      ...multipart(await png(1600, '#7a2')),
    });
    const name = `${(body(res) as { public_id: string }).public_id}.webp`;
    const preview = `og/${name.replace('.webp', '.jpg')}`;
    const served = await t.app.inject({ method: 'GET', url: `/media/${preview}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200 });

    // The bucket serves it itself (MEDIA_PUBLIC_URL) with the right type.
    const object = await fetch(`${s3.settings.endpoint ?? ''}/${s3.settings.bucket}/${preview}`);
    expect(object.headers.get('content-type')).toBe('image/jpeg');

    // Never saved with a form, the image is an orphan after the grace period, and its preview with it.
    const later = await inspectMedia(
      t.database.db,
      t.app.ctx.media,
      Date.now() + UNATTACHED_GRACE_MS + 60_000,
    );
    expect(later.orphans).toEqual(expect.arrayContaining([name, preview]));
  });

  it('tells the web app to load images from MEDIA_PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(body(res).mediaBaseUrl).toBe('https://cdn.example.com/media');
  });
});

describe('orphaned images', () => {
  const upload = async (color: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      ...multipart(await png(100, color)),
    });
    return `${(body(res) as { public_id: string }).public_id}.webp`;
  };
  const DAY_LATER = Date.now() + UNATTACHED_GRACE_MS + 60_000;

  it('removes never-saved images and replaced ones the history no longer names, with their widths', async () => {
    const first = await upload('#101');
    const unsaved = await upload('#202');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/family',
      headers: bearer(admin),
      payload: { nameEn: 'Sweep Co', nameAr: 'شركة', logo: first },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = body(created).id as number;

    // A fresh upload is kept: a form may still save it.
    const now = await inspectMedia(t.database.db, t.app.ctx.media);
    expect(now.orphans).toEqual([]);
    expect(now.recent).toContain(unsaved);

    const second = await upload('#303');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/family/${id}`,
      headers: bearer(admin),
      payload: { nameEn: 'Sweep Co', nameAr: 'شركة', logo: second },
    });
    // The replaced logo stays while the history can put it back; the unsaved upload goes.
    const later = await inspectMedia(t.database.db, t.app.ctx.media, DAY_LATER);
    expect(later.orphans).not.toContain(first);
    expect(later.history).toContain(first);
    expect(later.orphans).toContain(`w160/${unsaved}`);
    expect(later.orphans.some((k) => k.endsWith(second))).toBe(false);

    await removeOrphans(t.database.db, t.app.ctx.media, DAY_LATER);
    expect((await t.app.inject({ method: 'GET', url: `/media/w320/${unsaved}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/w320/${second}` })).statusCode).toBe(200);

    // Reverting the update brings the old logo back, and its files are there.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/activity?entity=family&entityId=${id}`,
      headers: bearer(admin),
    });
    const update = (body(history).data as { id: number; action: string }[]).find(
      (e) => e.action === 'update',
    );
    const reverted = await t.app.inject({
      method: 'POST',
      url: `/api/activity/${update!.id}/revert`,
      headers: bearer(admin),
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    const family = body(
      await t.app.inject({ method: 'GET', url: `/api/family/${id}`, headers: bearer(admin) }),
    );
    expect(family.logo).toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/media/w320/${first}` })).statusCode).toBe(200);

    // Once the history has let go (HISTORY_DAYS), the logo no longer in use is an orphan.
    await forgetOldHistory(t.database.db, 0);
    const last = await inspectMedia(t.database.db, t.app.ctx.media, DAY_LATER);
    expect(last.history).toEqual([]);
    expect(last.orphans).toContain(second);
    expect(last.orphans.some((k) => k.endsWith(first))).toBe(false);
    await removeOrphans(t.database.db, t.app.ctx.media, DAY_LATER);
    expect((await t.app.inject({ method: 'GET', url: `/media/${second}` })).statusCode).toBe(404);
  });

  it('lists rows that name an image the store does not hold', async () => {
    const gone = await upload('#404');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/family',
      headers: bearer(admin),
      payload: { nameEn: 'Missing Co', nameAr: 'شركة ناقصة', cover: gone },
    });
    await t.app.ctx.media.remove([gone]);
    const report = await inspectMedia(t.database.db, t.app.ctx.media);
    expect(report.missing).toEqual([{ table: 'families', id: body(created).id, field: 'cover', name: gone }]);
  });
});
