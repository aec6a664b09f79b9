import { constants } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/lib/db-helpers';
import type { MediaStore } from '../src/lib/media-store';
import { localMediaStore } from '../src/lib/media-store-local';
import { multipartBody } from '../src/modules/imports/imports.test-kit';
import { bearer, body, createTestApp, type TestApp } from './harness';
import { client } from './client';
import { catalogue, jpeg, postImages, waitForJob } from './image-upload-helpers';
import { waitFor } from './wait';

// The same answers as test/full-disk.test.ts, through the store interface the app is built with:
// a local media store whose writes (or readiness probe) fail as a full or read-only disk makes them
// fail. This runs wherever the tests run, mount or no mount; the database's own disk_full comes from
// a trigger raising SQLSTATE 53100 through the real driver.

/** An error as Node's file system functions make it: `code`, negative `errno`, `syscall`, `path`. */
function systemError(code: 'EROFS' | 'EACCES', syscall: string, path: string): NodeJS.ErrnoException {
  const text = { EROFS: 'read-only file system', EACCES: 'permission denied' }[code];
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${path}'`), {
    errno: -constants.errno[code],
    code,
    syscall,
    path,
  });
}

type Fault = 'full' | 'readOnly' | 'denied' | null;
const faults: {
  put: Fault;
  putsBeforeFault: number;
  check: Fault;
  checks: number;
  /** A probe waits for this before it answers (concurrent polls then overlap it). */
  checkHeld: Promise<void>;
} = {
  put: null,
  putsBeforeFault: 0,
  check: null,
  checks: 0,
  checkHeld: Promise.resolve(),
};

/** What a failing disk throws: a real ENOSPC from writing /dev/full, else Node-shaped EROFS / EACCES. */
async function fail(fault: Exclude<Fault, null>, path: string): Promise<never> {
  if (fault === 'full') await writeFile('/dev/full', 'x');
  throw fault === 'readOnly' ? systemError('EROFS', 'open', path) : systemError('EACCES', 'open', path);
}

/** The local store, with writes and the readiness probe failing as `faults` says. */
function failingStore(dir: string): MediaStore {
  const store = localMediaStore(dir);
  return {
    ...store,
    async put(key, data) {
      if (faults.put && faults.putsBeforeFault-- <= 0) await fail(faults.put, join(dir, key));
      return store.put(key, data);
    },
    async check(signal) {
      faults.checks++;
      await faults.checkHeld;
      if (faults.check) await fail(faults.check, join(dir, '.ready-probe'));
      return store.check(signal);
    },
  };
}

let t: TestApp;
const api = client(() => t);
let admin: string;
let media: MediaStore;

beforeAll(async () => {
  t = await createTestApp({
    media: (config) => (media = failingStore(config.mediaDir)),
  });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const stored = async () => {
  const keys: string[] = [];
  for await (const o of media.list()) keys.push(o.key);
  return keys.sort();
};

const uploadImage = async (hue: number) => {
  const { payload, headers } = multipartBody(await jpeg(hue), 'file', 'photo.jpg', 'image/jpeg');
  return api.as(admin).post('/api/upload/image', payload, { headers });
};

describe('a media store whose disk fails', () => {
  it('answers an image upload 503 storage.full, removing the widths it had written', async () => {
    const before = await stored();
    // Two widths go in, then the disk is full.
    Object.assign(faults, { put: 'full', putsBeforeFault: 2 });
    try {
      const res = await uploadImage(1);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(body(res)).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'storage.full',
        message: 'The media storage is full: nothing was saved; try again later',
        details: [{ path: 'media', message: 'The media storage is full' }],
      });
      expect(await stored()).toEqual(before);
    } finally {
      faults.put = null;
    }
    expect((await uploadImage(1)).statusCode).toBe(201);
  });

  it('answers 503 storage.readOnly for a read-only disk and for a write refused permission', async () => {
    for (const fault of ['readOnly', 'denied'] as const) {
      Object.assign(faults, { put: fault, putsBeforeFault: 0 });
      try {
        const res = await uploadImage(2);
        expect(res.statusCode, res.body).toBe(503);
        expect(body(res)).toMatchObject({
          code: 'storage.readOnly',
          details: [{ path: 'media', message: 'The media storage is read-only' }],
        });
      } finally {
        faults.put = null;
      }
    }
  });

  it('marks a bulk image job file as not stored for a full disk, and leaves its product alone', async () => {
    const { products } = await catalogue(t, admin, 'Disk Co', [{ nameEn: 'Tea', barcode: '6281000000017' }]);
    Object.assign(faults, { put: 'full', putsBeforeFault: 0 });
    try {
      const started = await postImages(t, admin, [{ filename: '6281000000017.jpg', data: await jpeg(3) }]);
      expect(started.statusCode, started.body).toBe(202);
      const job = await waitForJob(t, admin, body(started).id as number);
      expect(job).toMatchObject({ state: 'done', counts: { invalid: 1 } });
      expect((job.files as unknown[])[0]).toMatchObject({
        status: 'invalid',
        reason: 'The media storage is full: the image was not stored; send the file again later',
      });
    } finally {
      faults.put = null;
    }
    const tea = await t.app.inject({ url: `/api/product/${products[0]!}`, headers: bearer(admin) });
    expect(body(tea).image).toBeNull();
  });

  it('makes readiness 503 with the reason, one probe for concurrent polls', async () => {
    faults.check = 'readOnly';
    let release!: () => void;
    faults.checkHeld = new Promise<void>((r) => (release = r));
    try {
      // The first readiness polls of this app: nothing is remembered yet, ten polls share one probe,
      // which answers once it has started.
      const polls = Promise.all(Array.from({ length: 10 }, () => t.app.inject('/api/ready')));
      await waitFor(() => faults.checks > 0);
      release();
      const answers = await polls;
      expect(faults.checks).toBe(1);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(503));
      const res = answers[0]!;
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res)).toMatchObject({
        statusCode: 503,
        code: 'storage.readOnly',
        message: 'The media storage is read-only',
        details: [{ path: 'media', message: 'The media storage is read-only' }],
      });
    } finally {
      faults.check = null;
      release();
      faults.checkHeld = Promise.resolve();
    }
  });
});

describe('a database whose disk is full', () => {
  it('answers a write 503 storage.full naming the database, and other resource limits 503', async () => {
    const family = { nameEn: 'Full Co', nameAr: 'شركة ممتلئة' };
    const raise = async (state: string) => {
      await t.database.db.execute(
        sql.raw(`create or replace function dalil_test_fault() returns trigger language plpgsql as $$
          begin raise exception 'could not extend file: No space left on device' using errcode = '${state}'; end $$`),
      );
      await t.database.db.execute(sql`drop trigger if exists dalil_test_fault on families`);
      await t.database.db.execute(
        sql`create trigger dalil_test_fault before insert on families for each row execute function dalil_test_fault()`,
      );
    };
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/family', headers: bearer(admin), payload: family });
    try {
      await raise('53100');
      const full = await create();
      expect(full.statusCode, full.body).toBe(503);
      expect(full.headers['retry-after']).toBe('60');
      expect(body(full)).toMatchObject({
        code: 'storage.full',
        message: "The database's storage is full: nothing was saved; try again later",
        details: [{ path: 'database', message: "The database's storage is full" }],
      });
      // 53200 out of memory (any insufficient-resources code): busy, not broken.
      await raise('53200');
      const busy = await create();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
    } finally {
      await t.database.db.execute(sql`drop trigger if exists dalil_test_fault on families`);
    }
    const [{ n }] = resultRows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from families where name_en = 'Full Co'`),
    ) as [{ n: number }];
    expect(n).toBe(0);
    expect((await create()).statusCode).toBe(201);
  });
});
