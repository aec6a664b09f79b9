import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scrape } from './prometheus';
import { adminToken, serverDatabase, startServer } from './server-process';
import { startReceiver, verified, type Receiver } from './webhook-receiver';
import { waitFor } from './wait';

// A server killed (SIGKILL) after writing changes and before their webhooks were delivered: the events
// were written with the changes, so the next process delivers them, with the same webhook-ids
// (docs/decisions/0051-webhooks.md).

const METRICS_TOKEN = 'metrics-token-for-the-webhook-kill-test';
let dataDir: string;
let serverEnv: Record<string, string> = {};
let dropDatabase: () => Promise<void> = () => Promise.resolve();
let receiver: Receiver;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dalil-webhook-kill-'));
  const database = await serverDatabase(dataDir);
  dropDatabase = database.drop;
  serverEnv = {
    ...database.env,
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_TIMEOUT: '2s',
    WEBHOOK_POLL_INTERVAL: '1s',
    METRICS_TOKEN,
  };
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

const post = async (base: string, token: string, path: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(201);
  return (await res.json()) as Record<string, unknown>;
};

describe('a server killed between a write and its webhook', () => {
  it('delivers the event after a restart, with the same webhook-id', async () => {
    // While the first process lives, the receiver takes each request and never answers.
    receiver.answer = () => 'hang';
    const first = await startServer(serverEnv);
    const token = await adminToken(first.url);
    const sub = await post(first.url, token, '/api/webhook', {
      url: `${receiver.url}/hook`,
      events: ['family.created'],
    });
    const families = [
      await post(first.url, token, '/api/family', { nameEn: 'Before kill 1', nameAr: 'قبل ١' }),
      await post(first.url, token, '/api/family', { nameEn: 'Before kill 2', nameAr: 'قبل ٢' }),
    ];
    const held = [...(await receiver.waitFor(2))];
    first.proc.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    receiver.answer = () => 204;
    const second = await startServer(serverEnv);
    try {
      // The dead process's leases run out (the timeout and 5 s), then the new one takes them over.
      const got = await receiver.waitFor(4, 20_000);
      const again = got.slice(2);
      expect(again.map((g) => g.headers['webhook-id']).sort()).toEqual(
        held.map((g) => g.headers['webhook-id']).sort(),
      );
      for (const g of again) verified(sub.secret as string, g);
      expect(again.map((g) => g.body.data.id).sort()).toEqual(families.map((f) => f.id).sort());
      // Once no delivery is pending (each one recorded as delivered), nothing more can be sent.
      const scrape = async () =>
        new Scrape(
          await (
            await fetch(`${second.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
          ).text(),
        );
      const metrics = await waitFor(async () => {
        const s = await scrape();
        return s.value('dalil_webhook_deliveries_pending') === 0 && s;
      });
      expect(receiver.received).toHaveLength(4);
      // A delivery the dead process held when it was killed is counted as taken over, and logged (the
      // first one may have timed out and been recorded before the kill, and is then simply retried).
      const takenOver = metrics.value('dalil_job_lease_takeovers_total', { kind: 'webhook' });
      expect(takenOver).toBeGreaterThanOrEqual(1);
      expect(takenOver).toBeLessThanOrEqual(2);
      expect(second.output()).toContain('webhook deliveries taken over');
    } finally {
      second.proc.kill('SIGTERM');
      await second.exited;
    }
  }, 90_000);
});
