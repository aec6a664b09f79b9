import Fastify, { type FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activity } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { retentionSweep } from './retention-sweep';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { HISTORY_DAYS: '30' } });
});
afterAll(() => t.close());

const entries = async (actorUsername: string) =>
  (
    await t.database.db.select({ n: count() }).from(activity).where(eq(activity.actorUsername, actorUsername))
  )[0]!.n;

it('removes history older than HISTORY_DAYS once the server listens, not before, and keeps the newer', async () => {
  const { db } = t.database;
  await db.insert(activity).values([
    {
      actorUsername: 'old-timer',
      action: 'update',
      entity: 'product',
      at: new Date(Date.now() - 40 * 86_400_000),
    },
    {
      actorUsername: 'newcomer',
      action: 'update',
      entity: 'product',
      at: new Date(Date.now() - 20 * 86_400_000),
    },
  ]);

  // Only what the sweep reads: the database and the settings of the test app.
  const server: FastifyInstance = Fastify();
  server.decorate('ctx', { db, config: t.config } as unknown as FastifyInstance['ctx']);
  retentionSweep(server, { firstSweepMs: 0 });
  await server.ready();
  expect(await entries('old-timer')).toBe(1);

  await server.listen({ port: 0, host: '127.0.0.1' });
  try {
    await expect.poll(() => entries('old-timer'), { timeout: 10_000 }).toBe(0);
    expect(await entries('newcomer')).toBe(1);
  } finally {
    await server.close();
  }
});
