import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { activity } from '../../db/schema';
import { purgeBin } from '../bin/bin.service';
import { forgetOldWebhookMessages } from '../webhooks/webhooks.service';

const SWEEP_EVERY_MS = 3600_000;

/** Removes the history entries older than `days` days; answers how many went. */
export async function forgetOldHistory(db: Db, days: number): Promise<number> {
  const gone = await db
    .delete(activity)
    .where(lt(activity.at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: activity.id });
  return gone.length;
}

/**
 * With HISTORY_DAYS set, the history keeps that many days: old entries go when the server starts and
 * every hour after; without it, no history is removed. The same sweep purges recycle bin entries older
 * than BIN_DAYS, and webhook messages older than WEBHOOK_LOG_DAYS that no delivery waits for.
 */
export function historyRetention(app: FastifyInstance) {
  const days = app.ctx.config.historyDays;
  const binDays = app.ctx.config.binDays;
  let timer: NodeJS.Timeout | undefined;
  const sweepHistory = () =>
    days === undefined
      ? Promise.resolve()
      : forgetOldHistory(app.ctx.db, days).then(
          (n) => n > 0 && app.log.info({ removed: n, days }, 'old history removed'),
          (err: unknown) => app.log.warn({ err }, 'history retention failed'),
        );
  const sweepBin = () =>
    purgeBin(app.ctx.db, binDays).then(
      (n) => n > 0 && app.log.info({ removed: n, days: binDays }, 'old recycle bin entries purged'),
      (err: unknown) => app.log.warn({ err }, 'recycle bin purge failed'),
    );
  const webhookDays = app.ctx.config.webhookLogDays;
  const sweepWebhookLog = () =>
    forgetOldWebhookMessages(app.ctx.db, webhookDays).then(
      (n) => n > 0 && app.log.info({ removed: n, days: webhookDays }, 'old webhook messages removed'),
      (err: unknown) => app.log.warn({ err }, 'webhook log retention failed'),
    );
  const sweep = async () => {
    await sweepHistory();
    await sweepBin();
    await sweepWebhookLog();
  };
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}
