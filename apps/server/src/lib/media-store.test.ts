import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3-server';
import type { MediaStore } from './media-store';
import { localMediaStore } from './media-store-local';
import { s3MediaStore } from './media-store-s3';

// One contract, two drivers: whatever a store promises, the local directory and a real S3 API
// server (s3rver, started here) both keep.

const drivers: { name: string; open: () => Promise<{ store: MediaStore; close: () => Promise<void> }> }[] = [
  {
    name: 'local directory',
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'dalil-media-'));
      const store = localMediaStore(dir);
      return Promise.resolve({ store, close: () => Promise.resolve(rmSync(dir, { recursive: true })) });
    },
  },
  {
    name: 'S3 API server',
    open: async () => {
      const s3: TestS3 = await startS3();
      const store = s3MediaStore(s3.settings);
      return {
        store,
        close: async () => {
          store.close();
          await s3.close();
        },
      };
    },
  },
];

const collect = async (store: MediaStore) => {
  const out = [];
  for await (const o of store.list()) out.push(o);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each(drivers)('media store contract: $name', ({ open }) => {
  let store: MediaStore;
  let close: () => Promise<void>;
  beforeAll(async () => ({ store, close } = await open()));
  afterAll(() => close());

  const a = 'a3f9c2d41b7e4f0a9c3d2e1f0a9b8c7d.webp';
  const b = 'b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5.webp';

  it('gives back exactly the bytes it was given, at the stored size and at a width', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 128]);
    await store.put(a, bytes);
    await store.put(`w320/${a}`, Buffer.from('small'));
    expect(await store.get(a)).toEqual(bytes);
    expect((await store.get(`w320/${a}`))?.toString()).toBe('small');
    expect(await store.has(a)).toBe(true);
  });

  it('answers null and false for a key it does not hold', async () => {
    expect(await store.get(b)).toBeNull();
    expect(await store.has(b)).toBe(false);
    expect(await store.has(`w640/${a}`)).toBe(false);
  });

  it('replaces an object whole on a second write', async () => {
    await store.put(b, Buffer.from('first version'));
    await store.put(b, Buffer.from('second'));
    expect((await store.get(b))?.toString()).toBe('second');
  });

  it('lists every object with its size and a recent modification time', async () => {
    const listed = await collect(store);
    expect(listed.map((o) => [o.key, o.size])).toEqual([
      [a, 6],
      [b, 6],
      [`w320/${a}`, 5],
    ]);
    for (const o of listed) expect(Math.abs(Date.now() - o.modified.getTime())).toBeLessThan(60_000);
  });

  it('removes objects, and removing one that is gone is not an error', async () => {
    await store.remove([a, `w320/${a}`, 'c0ffeec0ffeec0ffeec0ffeec0ffee00.webp']);
    expect(await store.has(a)).toBe(false);
    expect((await collect(store)).map((o) => o.key)).toEqual([b]);
  });

  it('refuses a key that is not a media name, such as a path that leaves its folder', async () => {
    for (const key of ['../secret.webp', 'photo.jpg', 'w320/../../x.webp', 'صورة.webp']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Not a media key/);
    }
  });
});
