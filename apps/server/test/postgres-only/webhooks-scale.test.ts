import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../harness';
import { adminToken, startServer, type ServerProcess } from '../server-process';
import { startReceiver, type Receiver } from '../webhook-receiver';

// Two server processes on one PostgreSQL database, both running the webhook worker: each event is
// delivered exactly once (docs/decisions/0051-webhooks.md). Runs in the server:postgres project only.

const EVENTS = 1000;
let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  const fresh = await freshDatabase();
  await fresh.database.close();
  drop = fresh.drop;
  const env = {
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
  await drop();
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
    await new Promise((r) => setTimeout(r, 1500));
    const ids = new Set(got.map((g) => g.headers['webhook-id']));
    expect(ids.size).toBe(EVENTS);
    expect(receiver.received).toHaveLength(EVENTS);
    expect(new Set(got.map((g) => g.body.data.nameEn)).size).toBe(EVENTS);
  }, 60_000);
});
