import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { Feed } from '@dalil/contracts/feeds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feeds } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { Scrape } from '../../../test/prometheus';
import { csv } from '../imports/imports.test-kit';
import { FeedScheduler } from './feed-scheduler';

// A feed run's lease (lib/job-lease.ts) as two processes sharing the database see it: the app under
// test, and a second scheduler on the same database under another process's name. The clock is
// the test's: the leases run out when the test moves it, not after 30 s of waiting.

const METRICS_TOKEN = 'metrics-token-for-the-lease-tests';
const FILE = csv([
  ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
  ['Tea', 'شاي', 'Green tea', 'شاي أخضر'],
]);

let server: Server;
let origin: string;
/** Requests the file server received, by path; a request to /held.csv waits in `held`. */
const requests: string[] = [];
const held: ServerResponse[] = [];
let t: TestApp;
let family: number;
let clock = Date.parse('2026-12-01T08:00:00Z');
let logged = '';
const logLines = () => logged.split('\n').filter((l) => l.startsWith('{'));

const api = client(() => t);
const feedOf = async (id: number) => body(await api.as('admin').get(`/api/feed/${id}`)) as unknown as Feed;
const takeovers = async () =>
  new Scrape((await api.as(METRICS_TOKEN).get('/metrics')).body).value('dalil_job_lease_takeovers_total', {
    kind: 'feed',
  });
const leaseOf = async (id: number) => (await t.database.db.select().from(feeds).where(eq(feeds.id, id)))[0]!;

async function createFeed(path: string): Promise<number> {
  const res = await api.as('admin').post('/api/feed', {
    family,
    url: `${origin}${path}`,
    schedule: '0 3 * * *',
    timeZone: 'UTC',
  });
  expect(res.statusCode).toBe(201);
  return body(res).id as number;
}

/** Another process sharing the database: the same app's parts under another name. */
const otherProcess = () =>
  new FeedScheduler({ ...t.app.ctx, leaseOwner: 'other-host:4242:abcdef' }, t.app.log, () => clock);

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/held.csv') held.push(res);
    else res.writeHead(200, { 'content-type': 'text/csv' }).end(FILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
  t = await createTestApp({
    env: { FEED_ALLOWED_HOSTS: '127.0.0.1', METRICS_TOKEN, LOG_LEVEL: 'warn' },
    feeds: { clock: () => clock, pollMs: 0, heartbeatMs: 20 },
    logStream,
  });
  const res = await api.as('admin').post('/api/family', { nameEn: 'Lease Co', nameAr: 'شركة العقد' });
  expect(res.statusCode).toBe(201);
  family = body(res).id as number;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a feed run under way', () => {
  it('keeps its lease by its heartbeat: another process does not take it over', async () => {
    const id = await createFeed('/held.csv');
    const run = await api.as('admin').post(`/api/feed/${id}/run`);
    expect(run.statusCode).toBe(202);
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(1);
    const claimedAt = clock;

    // Past the first lease twice over (30 s each): the heartbeat pushes it on from the clock it reads.
    for (const step of [25_000, 25_000]) {
      clock += step;
      await expect
        .poll(async () => (await leaseOf(id)).leaseUntil?.getTime(), { timeout: 5_000 })
        .toBe(clock + 30_000);
    }
    expect(clock - claimedAt).toBeGreaterThan(30_000);

    const other = otherProcess();
    expect(await other.runDue()).toBe(0);
    await expect(other.runNow(await leaseOf(id))).rejects.toMatchObject({ statusCode: 409 });
    await other.stop();
    expect(requests.filter((r) => r === '/held.csv')).toHaveLength(1);
    expect(await feedOf(id)).toMatchObject({ running: true });
    expect(await takeovers()).toBe(0);

    // The file arrives: the run ends in its own process, and lets the lease go.
    held[0]!.writeHead(200, { 'content-type': 'text/csv' }).end(FILE);
    await expect.poll(async () => (await feedOf(id)).running, { timeout: 10_000 }).toBe(false);
    expect((await feedOf(id)).lastRun).toMatchObject({ outcome: 'imported' });
    expect((await leaseOf(id)).leaseUntil).toBeNull();
  });
});

describe('a feed run whose process died', () => {
  it('waits for its lease to run out, then the next look runs it again: logged and counted', async () => {
    const id = await createFeed('/file.csv');
    // What a process killed mid-run leaves: the next run moved on, the lease in its name.
    const dead = 'gone-host:1:000000';
    const nextRunAt = new Date(clock + 3600_000);
    await t.database.db
      .update(feeds)
      .set({ leaseOwner: dead, leaseUntil: new Date(clock + 5_000), nextRunAt })
      .where(eq(feeds.id, id));
    const before = await takeovers();

    // Its lease has not run out: nobody takes it.
    expect(await t.app.feedScheduler.runDue()).toBe(0);
    expect(await feedOf(id)).toMatchObject({ running: true });

    clock += 6_000;
    const fetched = requests.length;
    expect(await t.app.feedScheduler.runDue()).toBe(1);
    expect(requests.slice(fetched)).toEqual(['/file.csv']);
    const feed = await feedOf(id);
    expect(feed).toMatchObject({ running: false, lastRun: { outcome: 'imported' } });
    // The schedule is as the dead run left it.
    expect(feed.nextRunAt).toBe(nextRunAt.toISOString());
    expect(await takeovers()).toBe(before + 1);
    const line = logLines().find((l) => l.includes('feed run taken over'));
    expect(JSON.parse(line!)).toMatchObject({ feed: id, previousOwner: dead, kind: 'feed' });
  });
});

describe('one run of a feed at a time', () => {
  // The feeds of the tests before wait for next year: each look below sees only its test's feed.
  beforeEach(async () => {
    await t.database.db.update(feeds).set({ nextRunAt: new Date('2027-06-01T00:00:00Z') });
  });

  it('refuses a second run by hand while one is under way, with its code', async () => {
    const id = await createFeed('/held.csv');
    const before = held.length;
    const first = await api.as('admin').post(`/api/feed/${id}/run`);
    expect(first.statusCode).toBe(202);
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(before + 1);
    const fetched = requests.length;

    const second = await api.as('admin').post(`/api/feed/${id}/run`);
    expect(second.statusCode).toBe(409);
    expect(body(second)).toMatchObject({ code: 'feed.running', message: 'This feed is running already' });
    // The schedule, due meanwhile, does not start one either.
    await t.database.db
      .update(feeds)
      .set({ nextRunAt: new Date(clock - 1_000) })
      .where(eq(feeds.id, id));
    expect(await t.app.feedScheduler.runDue()).toBe(0);
    expect(requests.length).toBe(fetched);

    held[before]!.writeHead(200, { 'content-type': 'text/csv' }).end(FILE);
    await expect.poll(async () => (await feedOf(id)).running, { timeout: 10_000 }).toBe(false);
  });

  it('a run by hand in the scheduled minute takes the scheduled run: the schedule does not fetch again', async () => {
    const id = await createFeed('/file.csv');
    // 03:00:10 UTC: the feed's 03:00 run is due, and no process has looked yet.
    clock = Date.parse('2026-12-02T03:00:10Z');
    await t.database.db
      .update(feeds)
      .set({ nextRunAt: new Date('2026-12-02T03:00:00Z') })
      .where(eq(feeds.id, id));
    const fetched = requests.length;
    const run = await api.as('admin').post(`/api/feed/${id}/run`);
    expect(run.statusCode).toBe(202);
    expect(body(run).nextRunAt).toBe('2026-12-03T03:00:00.000Z');
    await expect.poll(async () => (await feedOf(id)).running, { timeout: 10_000 }).toBe(false);

    // The run ended within the minute: the next look finds nothing due.
    clock += 20_000;
    expect(await t.app.feedScheduler.runDue()).toBe(0);
    expect(requests.slice(fetched)).toEqual(['/file.csv']);
    expect(await feedOf(id)).toMatchObject({
      nextRunAt: '2026-12-03T03:00:00.000Z',
      lastRun: { outcome: 'imported' },
    });
  });

  it('a run by hand before the scheduled minute leaves the schedule as it was', async () => {
    const id = await createFeed('/file.csv');
    clock = Date.parse('2026-12-03T02:59:30Z');
    await t.database.db
      .update(feeds)
      .set({ nextRunAt: new Date('2026-12-03T03:00:00Z') })
      .where(eq(feeds.id, id));
    const fetched = requests.length;
    const run = await api.as('admin').post(`/api/feed/${id}/run`);
    expect(body(run).nextRunAt).toBe('2026-12-03T03:00:00.000Z');
    await expect.poll(async () => (await feedOf(id)).running, { timeout: 10_000 }).toBe(false);

    clock = Date.parse('2026-12-03T03:00:05Z');
    expect(await t.app.feedScheduler.runDue()).toBe(1);
    expect(requests.slice(fetched)).toEqual(['/file.csv', '/file.csv']);
    expect((await feedOf(id)).nextRunAt).toBe('2026-12-04T03:00:00.000Z');
  });
});
