import type { FastifyInstance } from 'fastify';
import { webhookBacklog } from './webhook-backlog';
import { WebhookWorker } from './webhook-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a round of webhook deliveries now (or right after the one under way) and answers once it
     * has ended; at once when this process delivers nothing (JOBS=off). Tests await it.
     */
    deliverWebhooks: () => Promise<void>;
  }
}

/**
 * What the webhooks' module sets up beside its routes (docs/decisions/0051-webhooks.md): the backlog
 * metrics, and the delivery worker while the app is up, which `app.deliverWebhooks` wakes.
 */
export function webhookDelivery(app: FastifyInstance) {
  const { ctx } = app;
  /** Asks the delivery worker to look now; nothing when this process delivers nothing (JOBS=off). */
  let wakeWorker = (): Promise<void> => Promise.resolve();
  app.decorate('deliverWebhooks', () => wakeWorker());

  const log = app.log.child({ module: 'webhooks' });
  // Every process reports the backlog, the ones that deliver nothing (JOBS=off) too.
  ctx.metrics.jobs.watchWebhookBacklog(() =>
    webhookBacklog(ctx.db).catch((err: unknown) => {
      log.warn({ err }, 'could not read the webhook backlog for the metrics');
      throw err;
    }),
  );
  // JOBS=off: messages are still written, and wait for a process that delivers them.
  if (!ctx.config.jobs) return;
  const worker = new WebhookWorker(ctx.db, log, {
    now: () => ctx.tokens.now(),
    attempted: (ok, givingUp) => ctx.metrics.jobs.webhookAttempt(ok, givingUp),
    timeoutMs: ctx.config.webhooks.timeoutMs,
    pollMs: ctx.config.webhooks.pollMs,
    allowedHosts: ctx.config.outbound.allowedHosts,
    owner: ctx.leaseOwner,
    metrics: ctx.metrics,
  });
  wakeWorker = () => worker.wake();
  // A catalogue write that wrote events wakes it as soon as it commits; it polls for the rest.
  const unsubscribe = ctx.catalogue.onWrite(() => worker.committed());
  app.addHook('onReady', () => worker.start());
  app.addHook('preClose', async () => {
    unsubscribe();
    await worker.stop();
  });
}
