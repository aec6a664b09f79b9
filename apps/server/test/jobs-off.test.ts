import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema';
import { bearer, body, createTestApp, type TestApp } from './harness';
import { startReceiver, type Receiver } from './webhook-receiver';

// A restored copy of production started with JOBS=off must not fetch production's feeds, call its
// webhook receivers or sweep anything, while it serves and takes writes. Two apps run side by side for
// a minute with the same work due: one with JOBS=off, one with the default, which shows the work was due.

const MINUTE_MS = 60_000;

interface Side {
  t: TestApp;
  admin: string;
  receiver: Receiver;
  feed: number;
  family: number;
}

let files: Server;
const fetched: string[] = [];
let origin = '';

async function side(name: 'off' | 'on'): Promise<Side> {
  const t = await createTestApp({
    env: {
      JOBS: name === 'off' ? 'off' : 'on',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_POLL_INTERVAL: '1s',
      HISTORY_DAYS: '30',
    },
    // Every 200 ms each process looks for due feeds: more chances to run one than a minute's default.
    feeds: { pollMs: 200 },
  });
  const admin = await t.adminToken();
  const receiver = await startReceiver();
  const call = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    expect(res.statusCode, res.body).toBe(201);
    return body(res).id as number;
  };
  const family = await call('/api/family', { nameEn: `Jobs ${name}`, nameAr: `مهام ${name}` });
  await call('/api/webhook', { url: `${receiver.url}/hook`, events: ['family.updated'] });
  const feed = await call('/api/feed', {
    family,
    url: `${origin}/${name}.csv`,
    schedule: '0 3 * * *',
    timeZone: 'UTC',
  });
  // Due now, as after a restore from a backup taken before its last run; PostgreSQL's own time, with
  // its microseconds, as a restored row would have.
  await t.database.db.execute(sql`update feeds set next_run_at = now() - interval '1 minute'`);
  // A write whose event waits for delivery.
  const changed = await t.app.inject({
    method: 'PATCH',
    url: `/api/family/${family}`,
    headers: bearer(admin),
    payload: { nameEn: `Jobs ${name} renamed`, nameAr: `مهام ${name}` },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  // History older than HISTORY_DAYS, which the retention sweep removes.
  await t.database.db
    .insert(activity)
    .values({ actorUsername: 'old-timer', action: 'update', entity: 'product', at: new Date(0) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, admin, receiver, feed, family };
}

const oldHistory = async (s: Side) =>
  (
    await s.t.database.db.select({ n: count() }).from(activity).where(eq(activity.actorUsername, 'old-timer'))
  )[0]!.n;

let off: Side;
let on: Side;
beforeAll(async () => {
  files = createServer((req, res) => {
    fetched.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/csv' }).end('nameEn,nameAr\n');
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  [off, on] = await Promise.all([side('off'), side('on')]);
}, 120_000);
afterAll(async () => {
  for (const s of [off, on]) {
    await s?.t.close();
    await s?.receiver.close();
  }
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
});

describe('JOBS=off', () => {
  it('runs no scheduled feed, webhook delivery or sweep for a minute, while the default process does', async () => {
    const started = Date.now();
    // The process with jobs on does the work that is due...
    await on.receiver.waitFor(1, 30_000);
    await expect.poll(() => fetched.filter((u) => u === '/on.csv').length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => oldHistory(on), { timeout: 30_000 }).toBe(0);
    // ...and for the rest of the minute the other does none of it.
    // A real wait: that no timer of the JOBS=off app fires in a minute shows only by letting the minute pass.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, MINUTE_MS - (Date.now() - started))));
    expect(off.receiver.received).toEqual([]);
    expect(fetched.filter((u) => u === '/off.csv')).toEqual([]);
    expect(await oldHistory(off)).toBe(1);
    const feed = body(
      await off.t.app.inject({ method: 'GET', url: `/api/feed/${off.feed}`, headers: bearer(off.admin) }),
    );
    expect(feed.lastRun).toBeNull();
  }, 120_000);

  it('still serves and takes writes, and a person can run a feed by hand', async () => {
    const renamed = await off.t.app.inject({
      method: 'GET',
      url: `/api/family/${off.family}`,
      headers: bearer(off.admin),
    });
    expect(body(renamed).nameEn).toBe('Jobs off renamed');
    const run = await off.t.app.inject({
      method: 'POST',
      url: `/api/feed/${off.feed}/run`,
      headers: bearer(off.admin),
    });
    expect(run.statusCode, run.body).toBe(202);
    await expect.poll(() => fetched.filter((u) => u === '/off.csv').length, { timeout: 10_000 }).toBe(1);
  });
});
