import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, multipartBody, ALL_HEADER, allRow } from '../src/modules/imports/imports.test-kit';
import { body, createTestApp, type TestApp } from './harness';
import { client } from './client';
import { jpeg } from './image-upload-helpers';
import { mountTmpfs, type Tmpfs } from './tmpfs';
import { waitFor } from './wait';

// A disk that fills up or turns read-only under the server: every upload is answered 503 with the
// reason and Retry-After, and leaves nothing behind; readiness says so before an admin finds out,
// and is ready again once the disk is. DATA_DIR (with the media folder and the spooled uploads) is
// on a small real filesystem made for this file.

let disk: Tmpfs;
let t: TestApp;
const api = client(() => t);
let admin: string;

beforeAll(async () => {
  disk = mountTmpfs('512k');
  t = await createTestApp({ env: { DATA_DIR: join(disk.dir, 'data') } });
  admin = await t.adminToken();
});
afterAll(async () => {
  // Whatever failed: the disk writable again, the app closed, the mount gone.
  try {
    disk.writable();
  } catch {
    /* already writable, or never mounted */
  }
  try {
    await t?.close();
  } finally {
    disk.unmount();
  }
});

const post = (url: string, file: { data: Buffer | string; name: string; type: string }) => {
  const { payload, headers } = multipartBody(file.data, 'file', file.name, file.type);
  return api.as(admin).post(url, payload, { headers });
};
const image = async (hue: number) => ({ data: await jpeg(hue), name: 'photo.jpg', type: 'image/jpeg' });
const csvFile = {
  data: csv([ALL_HEADER, allRow('Disk Co', 'Drinks', 'Tea', '6281000000017')]),
  name: 'catalogue.csv',
  type: 'text/csv',
};

/** Every file on the disk but the filler: what a refused upload must leave as it was. */
const files = () =>
  readdirSync(disk.dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name !== 'filler')
    .map((f) => join(f.parentPath, f.name))
    .sort();

/** Readiness remembers its disk probe for two seconds: poll until it answers `status`. */
async function readyAnswers(status: number) {
  return waitFor(
    async () => {
      const res = await t.app.inject('/api/ready');
      return res.statusCode === status && res;
    },
    { interval: 100, message: `readiness never answered ${status}` },
  );
}

function expectStorage503(
  res: Awaited<ReturnType<typeof post>>,
  code: string,
  where: 'media' | 'data',
  reason: string,
) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('60');
  const storage = reason.replace(/ is (full|read-only)$/, '');
  expect(body(res)).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    code,
    params: { storage },
    message: `${reason}: nothing was saved; try again later`,
    details: [
      {
        path: where,
        code: code === 'storage.full' ? 'storage.isFull' : 'storage.isReadOnly',
        params: { storage },
        message: reason,
      },
    ],
    requestId: res.headers['x-request-id'],
  });
}

describe('a disk that fills up or turns read-only', () => {
  it('when full: uploads answer 503 storage.full and change nothing, readiness is 503, then all is well once freed', async () => {
    const stored = await post('/api/upload/image', await image(10));
    expect(stored.statusCode, stored.body).toBe(201);
    expect((await readyAnswers(200)).statusCode).toBe(200);
    const before = files();

    disk.fill();
    try {
      expectStorage503(
        await post('/api/upload/image', await image(20)),
        'storage.full',
        'media',
        'The media storage is full',
      );
      expectStorage503(
        await post('/api/upload/all', csvFile),
        'storage.full',
        'data',
        "The server's data folder is full",
      );
      expectStorage503(
        await post('/api/upload/images', await image(30)),
        'storage.full',
        'data',
        "The server's data folder is full",
      );
      // Nothing half-written is left: no partial file, no widths of the refused image, no spooled upload.
      expect(files()).toEqual(before);
      // What was stored before is still served.
      const name = `${body(stored).public_id as string}.webp`;
      expect((await t.app.inject(`/media/${name}`)).statusCode).toBe(200);

      const ready = await readyAnswers(503);
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      const reasons = [{ path: 'media', message: 'The media storage is full' }];
      // With PGlite the database lives in DATA_DIR, so a full DATA_DIR is a reason of its own.
      if (t.engine === 'pglite') reasons.push({ path: 'data', message: "The server's data folder is full" });
      expect(body(ready)).toMatchObject({ statusCode: 503, code: 'storage.full', details: reasons });
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      disk.free();
    }
    expect((await readyAnswers(200)).statusCode).toBe(200);
    expect((await post('/api/upload/image', await image(20))).statusCode).toBe(201);
  });

  it('when read-only: uploads answer 503 storage.readOnly, readiness is 503, then all is well once writable', async () => {
    expect((await readyAnswers(200)).statusCode).toBe(200);
    const before = files();
    disk.readOnly();
    try {
      expectStorage503(
        await post('/api/upload/image', await image(40)),
        'storage.readOnly',
        'media',
        'The media storage is read-only',
      );
      expectStorage503(
        await post('/api/upload/all', csvFile),
        'storage.readOnly',
        'data',
        "The server's data folder is read-only",
      );
      const ready = await readyAnswers(503);
      expect(ready.statusCode).toBe(503);
      expect(body(ready)).toMatchObject({
        code: 'storage.readOnly',
        details: expect.arrayContaining([
          {
            path: 'media',
            code: 'storage.isReadOnly',
            params: { storage: 'The media storage' },
            message: 'The media storage is read-only',
          },
        ]),
      });
    } finally {
      disk.writable();
    }
    expect(files()).toEqual(before);
    expect((await readyAnswers(200)).statusCode).toBe(200);
    expect((await post('/api/upload/image', await image(40))).statusCode).toBe(201);
  });
});
