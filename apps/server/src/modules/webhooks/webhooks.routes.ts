import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema, PagingQuerySchema } from '@dalil/contracts/common';
import {
  WebhookAttemptListSchema,
  WebhookCreateBodySchema,
  WebhookCreatedSchema,
  WebhookListSchema,
  WebhookMessageParamsSchema,
  WebhookSchema,
  WebhookUpdateBodySchema,
} from '@dalil/contracts/webhooks';
import { webhookBacklog } from './webhook-backlog';
import { WebhookWorker } from './webhook-worker';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listAttempts,
  listWebhooks,
  resendMessage,
  updateWebhook,
} from './webhooks.service';

const tags = ['webhooks'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const withMissing = { ...errors, 404: ErrorBodySchema };
const path = (p: string) => `${API_BASE}${p}`;

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
 * Signed webhooks (docs/decisions/0051-webhooks.md): administrators manage subscriptions and see their
 * deliveries; an API key never reaches these routes. The delivery worker runs while the app is up.
 */
export function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const config = { access: 'admin' as const };
  /** Asks the delivery worker to look now; nothing when this process delivers nothing (JOBS=off). */
  let wakeWorker = (): Promise<void> => Promise.resolve();
  app.decorate('deliverWebhooks', () => wakeWorker());

  r.get(
    path(API_PATHS.webhooks),
    {
      config,
      schema: {
        tags,
        summary: 'Every webhook subscription, newest first; never a secret',
        operationId: 'listWebhooks',
        response: { 200: WebhookListSchema, ...errors },
      },
    },
    () => listWebhooks(ctx),
  );
  r.post(
    path(API_PATHS.webhooks),
    {
      config,
      schema: {
        tags,
        summary: 'Subscribe an address to events: the answer holds the signing secret, shown only this once',
        description:
          'Each event is POSTed to the address with the Standard Webhooks headers `webhook-id`, ' +
          '`webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of ' +
          '`id.timestamp.body` keyed by the secret). A 2xx answer delivers it; anything else is retried ' +
          'for 24 hours, then the subscription is turned off. The bodies are the schemas `WebhookProductCreated` ' +
          'to `WebhookImageJobCompleted`.',
        operationId: 'createWebhook',
        body: WebhookCreateBodySchema,
        response: { 201: WebhookCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(ctx, request.body, request.account);
      request.log.info({ webhook: created.id }, 'webhook created');
      return reply.status(201).send(created);
    },
  );
  r.get(
    path(API_PATHS.webhook),
    {
      config,
      schema: {
        tags,
        summary: 'One webhook subscription',
        operationId: 'getWebhook',
        params: IdParamsSchema,
        response: { 200: WebhookSchema, ...withMissing },
      },
    },
    (request) => getWebhook(ctx, request.params.id),
  );
  r.patch(
    path(API_PATHS.webhook),
    {
      config,
      schema: {
        tags,
        summary: 'Change a subscription, or turn it off or on (on clears why it was off and retries at once)',
        operationId: 'updateWebhook',
        params: IdParamsSchema,
        body: WebhookUpdateBodySchema,
        response: { 200: WebhookSchema, ...withMissing },
      },
    },
    (request) => updateWebhook(ctx, request.params.id, request.body, request.account),
  );
  r.delete(
    path(API_PATHS.webhook),
    {
      config,
      schema: {
        tags,
        summary: 'Delete a subscription with its deliveries',
        operationId: 'deleteWebhook',
        params: IdParamsSchema,
        response: { 204: z.null(), ...withMissing },
      },
    },
    async (request, reply) => {
      await deleteWebhook(ctx, request.params.id);
      request.log.info({ webhook: request.params.id }, 'webhook deleted');
      return reply.status(204).send(null);
    },
  );
  r.get(
    path(API_PATHS.webhookDeliveries),
    {
      config,
      schema: {
        tags,
        summary: "A subscription's delivery attempts, newest first",
        operationId: 'listWebhookDeliveries',
        params: IdParamsSchema,
        querystring: PagingQuerySchema,
        response: { 200: WebhookAttemptListSchema, ...withMissing },
      },
    },
    (request) => listAttempts(ctx, request.params.id, request.query),
  );
  r.post(
    path(API_PATHS.webhookResend),
    {
      config,
      schema: {
        tags,
        summary: 'Send a message to the subscription again, with the same webhook-id',
        operationId: 'resendWebhookMessage',
        params: WebhookMessageParamsSchema,
        response: { 202: z.null(), ...withMissing },
      },
    },
    async (request, reply) => {
      await resendMessage(ctx, request.params.id, request.params.messageId);
      void wakeWorker();
      return reply.status(202).send(null);
    },
  );

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
