import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  FeedCreateBodySchema,
  FeedListQuerySchema,
  FeedListSchema,
  FeedSchema,
  FeedUpdateBodySchema,
} from '@dalil/contracts/feeds';
import type { FeedSettings } from '../../core/app-module';
import { HEARTBEAT_MS } from '../../lib/job-lease';
import { FeedScheduler } from './feed-scheduler';
import { createFeed, feedOf, listFeeds, removeFeed, toFeed, updateFeed } from './feeds.service';

const tags = ['feeds'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
/**
 * Looks for due feeds this often by default: schedules run at most once a minute, and a run whose
 * process died is taken over within a look of its lease running out (lib/job-lease.ts).
 */
const POLL_MS = HEARTBEAT_MS;

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled feeds' runner of this process (tests run due feeds through it). */
    feedScheduler: FeedScheduler;
  }
}

/**
 * Scheduled feeds (docs/decisions/0052-scheduled-feeds.md): whoever may import into a family manages
 * its feeds; API keys never (lib/api-key-caller.ts). Every process runs the due ones.
 */
export function feedRoutes(app: FastifyInstance, settings: FeedSettings = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const scheduler = new FeedScheduler(
    ctx,
    app.log.child({ module: 'feeds' }),
    settings.clock ?? Date.now,
    settings.heartbeatMs,
  );
  app.decorate('feedScheduler', scheduler);
  // JOBS=off: a person may still run a feed by hand, but none runs on its schedule.
  app.addHook('onReady', (done) => {
    if (ctx.config.jobs) scheduler.start(settings.pollMs ?? POLL_MS);
    done();
  });
  // Before the database closes: a run under way is cut short and recorded.
  app.addHook('preClose', async () => scheduler.stop());

  r.get(
    `${API_BASE}${API_PATHS.feeds}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The feeds of the families the caller may import into, with each one's last and next run",
        operationId: 'listFeeds',
        querystring: FeedListQuerySchema,
        response: { 200: FeedListSchema, ...errors },
      },
    },
    (request) => listFeeds(ctx, request.account, request.query.family, scheduler.now()),
  );
  r.post(
    `${API_BASE}${API_PATHS.feeds}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Fetch a family's catalogue file from an https address on a schedule, and import it",
        operationId: 'createFeed',
        body: FeedCreateBodySchema,
        response: { 201: FeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const feed = await createFeed(ctx, request.body, request.account, scheduler.now());
      request.log.info({ feed: feed.id, family: feed.family }, 'feed created');
      return reply.status(201).send(feed);
    },
  );
  r.get(
    `${API_BASE}${API_PATHS.feed}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'One feed, with its last and next run',
        operationId: 'readFeed',
        params: IdParamsSchema,
        response: { 200: FeedSchema, ...errors },
      },
    },
    async (request) => toFeed(await feedOf(ctx, request.params.id, request.account), scheduler.now()),
  );
  r.patch(
    `${API_BASE}${API_PATHS.feed}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Change a feed's address, schedule, time zone or mode",
        operationId: 'updateFeed',
        params: IdParamsSchema,
        body: FeedUpdateBodySchema,
        response: { 200: FeedSchema, ...errors },
      },
    },
    (request) => updateFeed(ctx, request.params.id, request.body, request.account, scheduler.now()),
  );
  r.delete(
    `${API_BASE}${API_PATHS.feed}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Delete a feed; its past runs stay with the imports',
        operationId: 'deleteFeed',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFeed(ctx, request.params.id, request.account);
      return reply.status(204).send(null);
    },
  );
  r.post(
    `${API_BASE}${API_PATHS.feedRun}`,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Run a feed now, in the background: its last run says how it went (409 while one runs)',
        operationId: 'runFeed',
        params: IdParamsSchema,
        response: { 202: FeedSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const feed = await feedOf(ctx, request.params.id, request.account);
      const claimed = await scheduler.runNow(feed);
      return reply.status(202).send(toFeed(claimed, scheduler.now()));
    },
  );
}
