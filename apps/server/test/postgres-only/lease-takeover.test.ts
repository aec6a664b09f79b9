import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv } from '../../src/modules/imports/imports.test-kit';
import { api, jobOf, seedProducts, sendImages } from '../image-http';
import { Scrape } from '../prometheus';
import { adminToken, serverDatabase, startServer, type ServerProcess } from '../server-process';
import { zip } from '../zip';

// Two server processes on one PostgreSQL database, each with its own data directory (as on two
// machines). The first runs a feed (its file held back by the file server) and a bulk image job, and
// is killed (SIGKILL) in the middle of both. The second takes both over within a minute, on its own:
// it runs the feed again and marks the job failed, logs each and counts it in
// dalil_job_lease_takeovers_total (lib/job-lease.ts).

const METRICS_TOKEN = 'metrics-token-for-the-takeover-test';
const FILE = csv([
  ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
  ['Tea', 'شاي', 'Green tea', 'شاي أخضر'],
]);
const COUNT = 12;
const barcodes = Array.from({ length: COUNT }, (_, i) => String(7_100_000_000_000 + i));
const photo = (i: number) =>
  sharp({
    create: {
      width: 800,
      height: 800,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 120 + i, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

const dirs: string[] = [];
let drop: () => Promise<void> = () => Promise.resolve();
let env: Record<string, string>;
let files: Server;
let origin: string;
/** Requests for the feed's file; the first waits in `held`, never answered. */
const requests: string[] = [];
const held: ServerResponse[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  const first = mkdtempSync(join(tmpdir(), 'dalil-takeover-'));
  dirs.push(first);
  const database = await serverDatabase(first);
  drop = database.drop;
  env = {
    ...database.env,
    FEED_ALLOWED_HOSTS: '127.0.0.1',
    METRICS_TOKEN,
    IMAGE_JOB_CONCURRENCY: '1',
  };
  files = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (held.length === 0) held.push(res);
    else res.writeHead(200, { 'content-type': 'text/csv' }).end(FILE);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  for (const res of held) res.destroy();
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
  await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const takeovers = async (url: string) => {
  const scrape = new Scrape(
    await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
  );
  return {
    feed: scrape.value('dalil_job_lease_takeovers_total', { kind: 'feed' }),
    image_job: scrape.value('dalil_job_lease_takeovers_total', { kind: 'image_job' }),
  };
};

describe('a process killed in the middle of a feed run and an image job', () => {
  it('leaves both to the other process within a minute', async () => {
    const second = mkdtempSync(join(tmpdir(), 'dalil-takeover-'));
    dirs.push(second);
    const [a, b, archive] = await Promise.all([
      startServer(env),
      startServer({ ...env, DATA_DIR: second }),
      Promise.all(barcodes.map(async (code, i) => ({ name: `${code}.jpg`, data: await photo(i) }))).then(zip),
    ]);
    servers.push(a, b);
    const token = await adminToken(a.url);
    const { family } = await seedProducts(a.url, token, barcodes);

    const feed = await api(a.url, token, 'POST', '/api/feed', {
      family,
      url: `${origin}/feed.csv`,
      schedule: '0 3 * * *',
      timeZone: 'UTC',
    });
    expect(feed.status).toBe(201);
    const feedId = feed.body.id as number;
    expect((await api(a.url, token, 'POST', `/api/feed/${feedId}/run`)).status).toBe(202);
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);

    const started = await sendImages(a.url, token, [{ filename: 'photos.zip', data: archive }]);
    expect(started.status).toBe(202);
    const jobId = started.body.id as number;
    await expect
      .poll(async () => (await jobOf(a.url, token, jobId)).done as number, { timeout: 60_000, interval: 50 })
      .toBeGreaterThan(0);
    expect((await jobOf(a.url, token, jobId)).state).toBe('running');

    a.proc.kill('SIGKILL');
    expect((await a.exited).signal).toBe('SIGKILL');
    const killedAt = Date.now();
    expect(await takeovers(b.url)).toEqual({ feed: 0, image_job: 0 });

    // Nobody asks the second process anything but its metrics: it takes the work over on its own.
    await expect
      .poll(() => takeovers(b.url), { timeout: 70_000, interval: 500 })
      .toEqual({ feed: 1, image_job: 1 });
    const tookMs = Date.now() - killedAt;
    console.info(`both taken over ${Math.round(tookMs / 1000)} s after the kill`);
    expect(tookMs).toBeLessThan(60_000);

    const token2 = await adminToken(b.url);
    // The feed ran again, in the second process: a second request for the file, imported.
    await expect
      .poll(async () => (await api(b.url, token2, 'GET', `/api/feed/${feedId}`)).body.running, {
        timeout: 10_000,
      })
      .toBe(false);
    expect((await api(b.url, token2, 'GET', `/api/feed/${feedId}`)).body.lastRun).toMatchObject({
      outcome: 'imported',
    });
    expect(requests).toEqual(['/feed.csv', '/feed.csv']);
    // The job is failed, saying how to finish it, and the family takes a new one.
    expect(await jobOf(b.url, token2, jobId)).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('interrupted'),
    });
    const again = await sendImages(b.url, token2, [{ filename: 'photos.zip', data: archive }]);
    expect(again.status).toBe(202);
    expect(b.output()).toContain('feed run taken over');
    expect(b.output()).toContain('image job of a stopped process marked failed');
  }, 180_000);
});
