import type { FastifyInstance } from 'fastify';
import { periodicTask } from '../../lib/periodic-task';
import { forgetOldHistory } from '../activity/activity.service';
import { purgeBin } from '../bin/bin.service';
import { forgetOldWebhookMessages } from '../webhooks/webhooks.service';

/** After the server starts listening, so a long sweep never holds back the start. */
const FIRST_SWEEP_MS = 10_000;
const SWEEP_EVERY_MS = 3600_000;

/**
 * What the server keeps only for a while, removed by one sweep in every process, shortly after it
 * starts listening and then hourly: history entries older than HISTORY_DAYS (unset keeps them all),
 * recycle bin entries older than BIN_DAYS, and webhook messages older than WEBHOOK_LOG_DAYS that no
 * delivery waits for. Several processes sweeping at once is harmless: each removes only what is old.
 */
export function retentionSweep(app: FastifyInstance, { firstSweepMs = FIRST_SWEEP_MS } = {}) {
  const { db, config } = app.ctx;
  const steps = [
    {
      what: 'old history',
      days: config.historyDays,
      run: (days: number) => forgetOldHistory(db, days),
    },
    { what: 'old recycle bin entries', days: config.binDays, run: (days: number) => purgeBin(db, days) },
    {
      what: 'old webhook messages',
      days: config.webhookLogDays,
      run: (days: number) => forgetOldWebhookMessages(db, days),
    },
  ];
  periodicTask(app, {
    firstRunMs: firstSweepMs,
    everyMs: SWEEP_EVERY_MS,
    failure: 'retention: the sweep failed; it runs again in an hour',
    task: async () => {
      for (const { what, days, run } of steps) {
        if (days === undefined) continue;
        // One step failing leaves the others to run.
        try {
          const removed = await run(days);
          if (removed > 0) app.log.info({ removed, days }, `retention: ${what} removed`);
        } catch (err) {
          app.log.warn({ err }, `retention: removing ${what} failed; the sweep runs again in an hour`);
        }
      }
    },
  });
}
