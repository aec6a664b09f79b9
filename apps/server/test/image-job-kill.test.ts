import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, jobOf, seedProducts, sendImages } from './image-http';
import { adminToken, serverDatabase, startServer } from './server-process';
import { zip } from './zip';
import { waitFor } from './wait';

// A bulk image job whose server is killed (SIGKILL) part-way: after a restart no product names a
// missing image, and sending the same files again finishes the work.

let dataDir: string;
let serverEnv: Record<string, string> = {};
let dropDatabase: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dalil-image-kill-'));
  const database = await serverDatabase(dataDir);
  dropDatabase = database.drop;
  serverEnv = database.env;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

const env = () => ({
  ...serverEnv,
  IMAGE_JOB_CONCURRENCY: '1',
  IMAGE_JOB_STALE_AFTER: '2s',
});
const COUNT = 10;
const barcodes = Array.from({ length: COUNT }, (_, i) => String(7_000_000_000_000 + i));
const photo = (i: number) =>
  sharp({
    create: {
      width: 600,
      height: 600,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 120 + i, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

describe('a server killed during an image job', () => {
  it('leaves no product naming a missing image, and the same files finish the job', async () => {
    // The photos are made while the process starts: neither waits for the other.
    const [first, archive] = await Promise.all([
      startServer(env()),
      Promise.all(barcodes.map(async (b, i) => ({ name: `${b}.jpg`, data: await photo(i) }))).then(zip),
    ]);
    const token = await adminToken(first.url);
    const { ids } = await seedProducts(first.url, token, barcodes);
    const started = await sendImages(first.url, token, [{ filename: 'photos.zip', data: archive }]);
    expect(started.status).toBe(202);
    const id = started.body.id as number;
    await waitFor(async () => ((await jobOf(first.url, token, id)).done as number) >= 3, {
      timeout: 15_000,
      interval: 25,
    });
    first.proc.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await startServer(env());
    try {
      const token2 = await adminToken(second.url);
      let stored = 0;
      for (const pid of ids) {
        const image = (await api(second.url, token2, 'GET', `/api/product/${pid}`)).body.image as
          string | null;
        if (!image) continue;
        stored++;
        for (const path of [`/media/${image}`, `/media/w160/${image}`, `/media/w1280/${image}`]) {
          expect((await fetch(`${second.url}${path}`)).status, path).toBe(200);
        }
      }
      expect(stored).toBeLessThan(COUNT);

      // On PostgreSQL the interrupted job counts as running until it has been silent for 2 s.
      const rerun = await waitFor(
        async () => {
          const sent = await sendImages(second.url, token2, [{ filename: 'photos.zip', data: archive }]);
          return sent.status !== 409 && sent;
        },
        { interval: 250 },
      );
      expect(rerun.status).toBe(202);
      // The interrupted job's report names the files it had reached, so staff can tell what was stored.
      const interrupted = await jobOf(second.url, token2, id);
      expect(interrupted.state).toBe('failed');
      const reported = interrupted.files as { name: string }[];
      expect(reported.length).toBeGreaterThanOrEqual(3);
      for (const file of reported) expect(barcodes.map((b) => `${b}.jpg`)).toContain(file.name);
      const job = await waitFor(
        async () => {
          const seen = await jobOf(second.url, token2, rerun.body.id as number);
          return (seen.state === 'done' || seen.state === 'failed') && seen;
        },
        { timeout: 120_000, interval: 100 },
      );
      expect(job).toMatchObject({ state: 'done', done: COUNT });
      const counts = job.counts as Record<string, number>;
      expect(counts.new! + counts.unchanged!).toBe(COUNT);
      expect(counts.unchanged).toBe(stored);
      for (const pid of ids) {
        const image = (await api(second.url, token2, 'GET', `/api/product/${pid}`)).body.image as string;
        expect((await fetch(`${second.url}/media/w320/${image}`)).status).toBe(200);
      }
    } finally {
      second.proc.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);
});
