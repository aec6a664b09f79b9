import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../harness';
import { Scrape } from '../prometheus';
import { adminToken, startServer, type ServerProcess } from '../server-process';
import { waitFor } from '../wait';
import { startReceiver, type Receiver } from '../webhook-receiver';

// Two server processes on one PostgreSQL database, both running the webhook worker and the look for
// passed publish dates: each event is delivered exactly once, and a draft's date passing is announced
// once (docs/decisions/0051-webhooks.md). Runs in the server:postgres project only.

const EVENTS = 1000;
const METRICS_TOKEN = 'metrics-token-for-the-webhooks-scale-test';
let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;
let receiver: Receiver;
let client: pg.Client;
beforeAll(async () => {
  receiver = await startReceiver();
  const fresh = await freshDatabase();
  await fresh.database.close();
  drop = fresh.drop;
  client = new pg.Client({ connectionString: fresh.url! });
  await client.connect();
  const env = {
    METRICS_TOKEN,
    DATABASE_URL: fresh.url!,
    DATA_DIR: '/tmp/dalil-webhooks-scale-unused',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_POLL_INTERVAL: '1s',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 60_000);
afterAll(async () => {
  for (const s of [a, b]) s?.proc.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await receiver?.close();
  await client?.end();
  await drop();
});

/** Waits until no delivery is pending (each one recorded as delivered): nothing more can be sent. */
const delivered = () =>
  waitFor(async () => {
    const res = await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    return new Scrape(await res.text()).value('dalil_webhook_deliveries_pending') === 0;
  });

describe('two processes delivering webhooks from one database', () => {
  it(`deliver each of ${EVENTS} events exactly once`, async () => {
    const token = await adminToken(a.url);
    const write = async (base: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.text()).toBe(201);
    };
    await write(a.url, '/api/webhook', { url: `${receiver.url}/hook`, events: ['family.created'] });
    // Half the writes through each process, ten at a time each, so both workers are woken.
    let next = 0;
    const writer = (base: string) => async () => {
      while (next < EVENTS) {
        const n = next++;
        await write(base, '/api/family', { nameEn: `Scale ${n}`, nameAr: `توسع ${n}` });
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, i) => writer(i % 2 ? a.url : b.url)()));
    const got = await receiver.waitFor(EVENTS, 20_000);
    await delivered();
    const ids = new Set(got.map((g) => g.headers['webhook-id']));
    expect(ids.size).toBe(EVENTS);
    expect(receiver.received).toHaveLength(EVENTS);
    expect(new Set(got.map((g) => g.body.data.nameEn)).size).toBe(EVENTS);
  }, 60_000);
});

describe('two processes looking for passed publish dates', () => {
  it('announce a draft going live once, though both look after its date', async () => {
    const token = await adminToken(a.url);
    const post = async (base: string, path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      expect(res.status, text).toBe(201);
      return (JSON.parse(text) as { id: number }).id;
    };
    await post(a.url, '/api/webhook', { url: `${receiver.url}/published`, events: ['product.published'] });
    const family = await post(a.url, '/api/family', {
      nameEn: 'Dates Co',
      nameAr: 'شركة التمور',
      requireValidGtin: false,
    });
    const category = await post(b.url, '/api/category', { nameEn: 'Boxes', nameAr: 'علب', family });
    const publishAt = Date.now() + 2000;
    const product = await post(b.url, '/api/product', {
      nameEn: 'Eid box',
      nameAr: 'علبة العيد',
      family,
      category,
      status: 'draft',
      publishAt: new Date(publishAt).toISOString(),
    });
    const published = () => receiver.received.filter((r) => r.body.type === 'product.published');
    // Each look moves the mark of announced dates to its own time, and each process looks every 20 s
    // after its last look ended: three looks after the date span a look of each process.
    const looks = new Set<number>();
    await waitFor(
      async () => {
        const { rows } = await client.query<{ value: string }>(
          "select value from app_state where key = 'published_announced_until'",
        );
        const mark = Number(rows[0]?.value ?? 0);
        if (mark > publishAt) looks.add(mark);
        return looks.size >= 3;
      },
      { timeout: 75_000, interval: 200, message: 'the processes did not look three times after the date' },
    );
    await delivered();
    expect(published().map((r) => r.body.data.id)).toEqual([product]);
  }, 90_000);
});
