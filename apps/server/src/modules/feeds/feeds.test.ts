import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Feed } from '@dalil/contracts/feeds';
import type { ImportRunList } from '@dalil/contracts/import-runs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeds, importRuns } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { csv } from '../imports/imports.test-kit';
import { waitFor } from '../../../test/wait';
import { startReceiver, verified, type Receiver } from '../../../test/webhook-receiver';
import { FeedScheduler } from './feed-scheduler';

// A file server on 127.0.0.1 (allowed through FEED_ALLOWED_HOSTS, which also lets it use http) that
// serves one CSV with an ETag and answers 304 to a request that sends it back.
let server: Server;
let origin: string;
let file = '';
let etag = '"v0"';
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

let t: TestApp;
let family: number;
let clock = Date.parse('2026-11-26T10:00:30Z');

const HEADER = ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'];
const serve = (rows: string[][], tag: string) => {
  file = csv([HEADER, ...rows]);
  etag = tag;
};

const api = client(() => t);

const imports = async () =>
  body(await api.as('admin').get('/api/import?limit=100')) as unknown as ImportRunList;
const products = async () =>
  (body(await api.as('admin').get(`/api/product?family=${family}&limit=100`)).data as { nameEn: string }[])
    .map((p) => p.nameEn)
    .sort();

/** Runs a feed now and waits for its run to end; answers the feed as it then is. */
async function runNow(id: number): Promise<Feed> {
  const res = await api.as('admin').post(`/api/feed/${id}/run`);
  expect(res.statusCode).toBe(202);
  // The run is claimed before the answer: the feed says running until it has ended.
  expect(body(res).running).toBe(true);
  return waitFor(
    async () => {
      const feed = body(await api.as('admin').get(`/api/feed/${id}`)) as unknown as Feed;
      return !feed.running && feed;
    },
    { message: 'the feed run did not end' },
  );
}

const create = async (payload: object) => {
  const res = await api.as('admin').post('/api/feed', { family, timeZone: 'Asia/Riyadh', ...payload });
  return { status: res.statusCode, body: body(res) };
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    if (req.url === '/hangs.csv') return; // never answers: the server must not wait for it to close
    if (req.url === '/missing.csv') {
      res.writeHead(404).end('no such file');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', etag }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { FEED_ALLOWED_HOSTS: '127.0.0.1', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    feeds: { clock: () => clock, pollMs: 0 },
  });
  const res = await api.as('admin').post('/api/family', { nameEn: 'Feed Co', nameAr: 'شركة الموجز' });
  expect(res.statusCode).toBe(201);
  family = body(res).id as number;
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('feed settings', () => {
  it('refuses a schedule that is not five cron fields, or never runs, naming the field', async () => {
    for (const schedule of ['* * * * * *', '61 * * * *', '0 0 30 2 *', '@hourly', 'every day']) {
      const res = await create({ url: `${origin}/a.csv`, schedule });
      expect(res.status, schedule).toBe(400);
      expect(res.body.details, schedule).toMatchObject([
        { path: 'body.schedule', message: expect.any(String) },
      ]);
    }
  });

  it('refuses an unknown time zone, naming the field', async () => {
    const res = await create({ url: `${origin}/a.csv`, schedule: '0 3 * * *', timeZone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject([
      { path: 'body.timeZone', message: expect.stringContaining('time zone') },
    ]);
  });

  it('refuses http and private addresses unless their host is allowed', async () => {
    const port = (server.address() as AddressInfo).port;
    for (const [url, reason] of [
      ['http://files.example/a.csv', 'https'],
      // localhost resolves to a loopback address; only 127.0.0.1 is allowed.
      [`https://localhost:${port}/a.csv`, 'private or local address'],
      ['https://127.0.0.2/a.csv', 'private or local address'],
      ['https://10.1.2.3/a.csv', 'private or local address'],
    ] as const) {
      const res = await create({ url, schedule: '0 3 * * *' });
      expect(res.status, url).toBe(400);
      expect(res.body.details, url).toMatchObject([
        { path: 'body.url', message: expect.stringContaining(reason) },
      ]);
    }
    expect(body(await api.as('admin').get(`/api/feed?family=${family}`)).count).toBe(0);
  });

  it('keeps a valid feed, with its next run in its time zone', async () => {
    const res = await create({ url: `${origin}/settings.csv`, schedule: '0 3 * * *' });
    expect(res.status).toBe(201);
    // 03:00 in Riyadh (UTC+3) is midnight UTC; the clock says 10:00 UTC on the 26th.
    expect(res.body).toMatchObject({
      family,
      mode: 'all-or-nothing',
      nextRunAt: '2026-11-27T00:00:00.000Z',
      running: false,
      lastRun: null,
    });
    const id = res.body.id as number;
    const patched = await api.as('admin').patch(`/api/feed/${id}`, { timeZone: 'UTC', mode: 'valid-rows' });
    expect(patched.statusCode).toBe(200);
    expect(body(patched)).toMatchObject({ nextRunAt: '2026-11-27T03:00:00.000Z', mode: 'valid-rows' });
    const bad = await api.as('admin').patch(`/api/feed/${id}`, { schedule: '0 25 * * *' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toMatchObject([{ path: 'body.schedule', message: expect.any(String) }]);
    const history = body(await api.as('admin').get(`/api/activity?entity=feed&entityId=${id}`)).data as {
      action: string;
    }[];
    expect(history.map((h) => h.action)).toEqual(['update', 'create']);
    expect((await api.as('admin').delete(`/api/feed/${id}`)).statusCode).toBe(204);
    expect((await api.as('admin').get(`/api/feed/${id}`)).statusCode).toBe(404);
  });
  it('lists newest first, a page at a time, searching the addresses; old clients without a page size see them all', async () => {
    const ids: number[] = [];
    for (const name of ['north', 'south', 'north-east'])
      ids.push((await create({ url: `${origin}/${name}.csv`, schedule: '0 3 * * *' })).body.id as number);
    const list = async (query: string) =>
      body(await api.as('admin').get(`/api/feed?family=${family}${query}`)) as {
        data: Feed[];
        count: number;
      };
    const all = await list('');
    expect(all.data.map((feed) => feed.id)).toEqual([...ids].reverse());
    expect(all.count).toBe(3);
    const second = await list('&limit=1&skip=1');
    expect(second.data.map((feed) => feed.url)).toEqual([`${origin}/south.csv`]);
    expect(second.count).toBe(3);
    const north = await list('&search=NORTH');
    expect(north.data.map((feed) => feed.url)).toEqual([`${origin}/north-east.csv`, `${origin}/north.csv`]);
    expect(north.count).toBe(2);
    // The history names a feed by its address.
    const entries = body(await api.as('admin').get(`/api/activity?entity=feed&entityId=${ids[1]}`)).data as {
      name: { en: string } | null;
    }[];
    expect(entries.map((entry) => entry.name?.en)).toEqual([`${origin}/south.csv`]);
    // A delete over a version of the feed that is not its own is refused.
    const stale = await api.as('admin').delete(`/api/feed/${ids[0]}`, { headers: { 'if-match': '"1"' } });
    expect(stale.statusCode).toBe(412);
    for (const id of ids) expect((await api.as('admin').delete(`/api/feed/${id}`)).statusCode).toBe(204);
    expect((await list('')).count).toBe(0);
  });
});

describe('feed runs', () => {
  let id: number;

  it('imports a changed file; the run is listed with the imports with its report', async () => {
    serve(
      [
        ['Juices', 'عصائر', 'Orange juice', 'عصير برتقال'],
        ['Juices', 'عصائر', 'Apple juice', 'عصير تفاح'],
      ],
      '"v1"',
    );
    const created = await create({ url: `${origin}/catalog.csv`, schedule: '0 3 * * *' });
    expect(created.status).toBe(201);
    id = created.body.id as number;
    const feed = await runNow(id);
    expect(feed.lastRun).toMatchObject({ outcome: 'imported', importId: expect.any(Number) });
    expect(feed.lastRun!.message).toContain('Rows read: 2;');
    expect(feed.lastRun).toMatchObject({ code: 'feed.imported', params: { rows: 2, productsCreated: 2 } });
    expect(await products()).toEqual(['Apple juice', 'Orange juice']);
    const run = (await imports()).data.find((r) => r.id === feed.lastRun!.importId)!;
    expect(run).toMatchObject({
      feed: id,
      failure: null,
      family,
      fileName: `${origin}/catalog.csv`,
      counts: { products: { created: 2, updated: 0 } },
    });
    expect(run.report).toMatchObject({ imported: true, rows: 2, problemCount: 0 });
  });

  it('sends the last validators back: a 304 imports nothing and says unchanged', async () => {
    const before = (await imports()).count;
    const feed = await runNow(id);
    expect(seen.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect(feed.lastRun).toMatchObject({ outcome: 'unchanged', importId: null });
    expect((await imports()).count).toBe(before);
  });

  it('fails the run on a bad row (all or nothing): nothing imported, the failure listed with its report', async () => {
    serve(
      [
        ['Juices', 'عصائر', 'Mango juice', 'عصير مانجو'],
        ['Snacks', '', 'Crisps', 'رقائق'],
      ],
      '"v2"',
    );
    // A system subscribed to finished imports hears of the failed run, with its reason.
    const receiver: Receiver = await startReceiver();
    const hook = await api
      .as('admin')
      .post('/api/webhook', { url: receiver.url, events: ['import.completed'] });
    expect(hook.statusCode).toBe(201);
    const feed = await runNow(id);
    expect(feed.lastRun).toMatchObject({ outcome: 'failed', importId: expect.any(Number) });
    expect(feed.lastRun!.message).toBe('Row problems: 1; nothing was imported');
    expect(feed.lastRun).toMatchObject({ code: 'feed.rejected', params: { count: 1 } });
    const [heard] = await receiver.waitFor(1);
    expect(verified(body(hook).secret as string, heard!)).toMatchObject({
      type: 'import.completed',
      data: {
        id: feed.lastRun!.importId,
        family,
        failed: true,
        error: 'Row problems: 1; nothing was imported',
      },
    });
    expect((await api.as('admin').delete(`/api/webhook/${String(body(hook).id)}`)).statusCode).toBe(204);
    await receiver.close();
    expect(await products()).toEqual(['Apple juice', 'Orange juice']);
    const run = (await imports()).data.find((r) => r.id === feed.lastRun!.importId)!;
    expect(run).toMatchObject({
      feed: id,
      failure: 'Row problems: 1; nothing was imported',
      failureCode: 'feed.rejected',
      failureParams: { count: 1 },
    });
    expect(run.report).toMatchObject({ imported: false, problemCount: 1, problems: [{ line: 3 }] });
    expect(run.report!.problems[0]).toMatchObject({ code: 'field.required', params: {} });
    // A report saved before problems carried codes is served with them, read from each reason.
    const { code: _code, params: _params, ...uncoded } = run.report!.problems[0]!;
    await t.database.db
      .update(importRuns)
      .set({ report: { ...run.report, problems: [uncoded] } })
      .where(eq(importRuns.id, run.id));
    const again = (await imports()).data.find((r) => r.id === run.id)!;
    expect(again.report!.problems[0]).toEqual(run.report!.problems[0]);
    // A failed run wrote nothing: there is nothing to undo.
    expect((await api.as('admin').post(`/api/import/${run.id}/undo`)).statusCode).toBe(409);
    // The validators stayed those of the last import: the bad file is fetched whole again.
    await runNow(id);
    expect(seen.at(-1)!.headers['if-none-match']).toBe('"v1"');
  });

  it('imports the valid rows and reports the rest in valid-rows mode; the import can be undone', async () => {
    expect((await api.as('admin').patch(`/api/feed/${id}`, { mode: 'valid-rows' })).statusCode).toBe(200);
    const feed = await runNow(id);
    expect(feed.lastRun).toMatchObject({ outcome: 'imported', importId: expect.any(Number) });
    expect(feed.lastRun!.message).toContain('row problems left out: 1');
    expect(feed.lastRun).toMatchObject({ code: 'feed.importedLeftOut', params: { problems: 1 } });
    expect(await products()).toEqual(['Apple juice', 'Mango juice', 'Orange juice']);
    const run = (await imports()).data.find((r) => r.id === feed.lastRun!.importId)!;
    expect(run.report).toMatchObject({ imported: true, problemCount: 1, problems: [{ line: 3 }] });
    expect(run.counts.products).toEqual({ created: 1, updated: 0 });
    const undo = await api.as('admin').post(`/api/import/${run.id}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(await products()).toEqual(['Apple juice', 'Orange juice']);
  });

  it('fails with the reason when the address answers an error', async () => {
    expect(
      (await api.as('admin').patch(`/api/feed/${id}`, { url: `${origin}/missing.csv` })).statusCode,
    ).toBe(200);
    const feed = await runNow(id);
    expect(feed.lastRun).toMatchObject({
      outcome: 'failed',
      message: 'The address answered HTTP 404 instead of the file',
      code: 'feed.httpStatus',
      params: { status: 404 },
    });
  });

  it('refuses at run time a host that has come to resolve to a private address', async () => {
    // The saved host now resolves to loopback (as a DNS change would make it): the connection is refused.
    const port = (server.address() as AddressInfo).port;
    await t.database.db
      .update(feeds)
      .set({ url: `https://localhost:${port}/catalog.csv` })
      .where(eq(feeds.id, id));
    const requests = seen.length;
    const feed = await runNow(id);
    expect(feed.lastRun).toMatchObject({ outcome: 'failed', importId: expect.any(Number) });
    expect(feed.lastRun!.message).toMatch(
      /^localhost resolves to a private or local address \((127\.0\.0\.1|::1)\)/,
    );
    expect(seen.length).toBe(requests);
    const run = (await imports()).data.find((r) => r.id === feed.lastRun!.importId)!;
    expect(run.failure).toBe(feed.lastRun!.message);
    expect(run.failureCode).toBe('webhook.resolvesPrivate');
    expect(feed.lastRun!.code).toBe('webhook.resolvesPrivate');
    expect((await api.as('admin').delete(`/api/feed/${id}`)).statusCode).toBe(204);
  });
});

describe('the schedule', () => {
  it('runs a due feed once, however many processes look, and moves its next run', async () => {
    clock = Date.parse('2026-11-26T10:01:30Z');
    serve([['Tea', 'شاي', 'Green tea', 'شاي أخضر']], '"t1"');
    const created = await create({
      url: `${origin}/scheduled.csv`,
      schedule: '*/5 * * * *',
      timeZone: 'UTC',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.nextRunAt).toBe('2026-11-26T10:05:00.000Z');

    // Not due yet.
    expect(await t.app.feedScheduler.runDue()).toBe(0);
    const requests = seen.length;
    const runs = (await imports()).count;

    // Due: this process and another one sharing the database look at the same moment.
    clock = Date.parse('2026-11-26T10:05:10Z');
    const other = new FeedScheduler(t.app.ctx, t.app.log, () => clock);
    const ran = await Promise.all([t.app.feedScheduler.runDue(), other.runDue()]);
    expect(ran.sort()).toEqual([0, 1]);
    expect(seen.length).toBe(requests + 1);
    expect((await imports()).count).toBe(runs + 1);
    const feed = body(await api.as('admin').get(`/api/feed/${id}`)) as unknown as Feed;
    expect(feed).toMatchObject({
      nextRunAt: '2026-11-26T10:10:00.000Z',
      running: false,
      lastRun: { at: '2026-11-26T10:05:10.000Z', outcome: 'imported' },
    });
    expect(await t.app.feedScheduler.runDue()).toBe(0);
    await other.stop();
  });
});

describe('closing', () => {
  it('cuts short a run waiting on an address when the app closes', async () => {
    const other = await createTestApp({ env: { FEED_ALLOWED_HOSTS: '127.0.0.1' }, feeds: { pollMs: 0 } });
    const otherAdmin = client(other).as('admin');
    const made = await otherAdmin.post('/api/family', { nameEn: 'Closing Co', nameAr: 'شركة الإغلاق' });
    const created = await otherAdmin.post('/api/feed', {
      family: body(made).id,
      url: `${origin}/hangs.csv`,
      schedule: '0 3 * * *',
      timeZone: 'UTC',
    });
    expect(created.statusCode).toBe(201);
    const requests = seen.length;
    const run = await otherAdmin.post(`/api/feed/${body(created).id as number}/run`);
    expect(run.statusCode).toBe(202);
    await expect.poll(() => seen.length).toBe(requests + 1);
    // A run under way is not started twice.
    const again = await otherAdmin.post(`/api/feed/${body(created).id as number}/run`);
    expect(again.statusCode).toBe(409);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
