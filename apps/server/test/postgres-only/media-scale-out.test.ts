import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../harness';
import { api, jobOf, seedProducts, sendImages } from '../image-http';
import { startS3, type TestS3 } from '../s3-server';
import { adminToken, startServer, type ServerProcess } from '../server-process';
import { waitFor } from '../wait';

// Two server processes on one PostgreSQL database and one object store (a real S3 API server
// started here): an image imported through one is served by the other. Runs only with PostgreSQL.

let a: ServerProcess;
let b: ServerProcess;
let s3: TestS3;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  await fresh.database.close();
  drop = fresh.drop;
  s3 = await startS3();
  const env = (dir: string) => ({
    DATABASE_URL: fresh.url!,
    DATA_DIR: `/tmp/dalil-media-scale-out-${dir}`,
    ...s3.env,
  });
  [a, b] = await Promise.all([startServer(env('a')), startServer(env('b'))]);
});
afterAll(async () => {
  for (const s of [a, b]) s?.proc.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await s3?.close();
  await drop();
});

describe('two server processes sharing one database and one object store', () => {
  it('serve through one the image imported through the other', async () => {
    const token = await adminToken(a.url);
    const { ids } = await seedProducts(a.url, token, ['6290000000018']);
    const photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const started = await sendImages(a.url, token, [{ filename: '6290000000018.jpg', data: photo }]);
    expect(started.status).toBe(202);
    const job = await waitFor(
      async () => {
        const seen = await jobOf(b.url, token, started.body.id as number);
        return (seen.state === 'done' || seen.state === 'failed') && seen;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(job).toMatchObject({ state: 'done', counts: expect.objectContaining({ new: 1 }) });

    const image = (await api(b.url, token, 'GET', `/api/product/${ids[0]}`)).body.image as string;
    expect(image).toMatch(/^[0-9a-f]{32}\.webp$/);
    for (const path of [`/media/${image}`, `/media/w640/${image}`]) {
      const fromB = await fetch(`${b.url}${path}`);
      expect(fromB.status, path).toBe(200);
      const fromA = await fetch(`${a.url}${path}`);
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    }
  });
});
