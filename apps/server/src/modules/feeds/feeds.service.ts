import type { Account } from '@dalil/contracts/auth';
import { readError } from '@dalil/contracts/error-codes';
import {
  feedResource,
  type Feed,
  type FeedCreateBodySchema,
  type FeedUpdateBodySchema,
} from '@dalil/contracts/feeds';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { families, feeds } from '../../db/schema';
import { resourceModule, type FeedSettings } from '../../core/app-module';
import type { AppContext, DataContext } from '../../core/context';
import { sameName } from '../../core/record-names';
import { containsPattern } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';
import { HEARTBEAT_MS } from '../../lib/job-lease';
import { requireWritable, writableFamilies } from '../../core/family-scope';
import { publishChange } from '../../core/domain-events';
import { lockForWrite } from '../../core/record-version';
import { checkOutboundAddress } from '../../lib/outbound';
import { shownAddress } from '../../lib/shown-address';
import { firstRun } from './feed-schedule';
import type { FeedRow } from './feed-run';
import { FeedScheduler } from './feed-scheduler';

/**
 * What the history keeps of a feed: what an admin set, not its run state, and its address without
 * the credentials or token it may carry (staff who may not see the feed read the history).
 */
const snapshot = (row: FeedRow) => ({
  url: shownAddress(row.url),
  schedule: row.schedule,
  timeZone: row.timeZone,
  mode: row.mode,
});

const toFeed = (row: FeedRow, now: Date): Feed => ({
  id: row.id,
  family: row.familyId,
  url: row.url,
  schedule: row.schedule,
  timeZone: row.timeZone,
  mode: row.mode,
  nextRunAt: row.nextRunAt.toISOString(),
  running: row.leaseUntil !== null && row.leaseUntil.getTime() > now.getTime(),
  lastRun:
    row.lastRunAt && row.lastOutcome
      ? {
          at: row.lastRunAt.toISOString(),
          outcome: row.lastOutcome,
          importId: row.lastImportId,
          message: row.lastMessage ?? '',
          // Read back from the sentence the run stored (error-codes.ts, `readError`).
          ...readError(row.lastMessage ?? ''),
        }
      : null,
  createdBy: { id: row.createdById, username: row.createdByUsername },
  createdAt: row.createdAt.toISOString(),
});

/** Feeds of the families the caller may import into: whoever may import may manage them. */
function scope(caller: Account | null): SQL | undefined {
  const writable = writableFamilies(caller);
  if (writable === null) return undefined;
  return writable.length === 0 ? sql`false` : inArray(feeds.familyId, [...writable]);
}

/** A feed the caller may manage; another company's answers 404 as if it did not exist. */
async function feedOf(ctx: AppContext, id: number, caller: Account | null): Promise<FeedRow> {
  const [row] = await ctx.db.select().from(feeds).where(eq(feeds.id, id));
  if (!row) throw notFound('Feed');
  requireWritable(caller, row.familyId, 'Feed');
  return row;
}

type ListQuery = z.output<typeof feedResource.schemas.listQuery>;

/** GET /api/feed: newest first, a page at a time; `search` looks in the addresses. */
async function listFeeds(
  ctx: AppContext,
  caller: Account | null,
  query: ListQuery,
  now: Date,
): Promise<{ data: Feed[]; count: number }> {
  const where = and(
    scope(caller),
    query.family === undefined ? undefined : eq(feeds.familyId, query.family),
    query.search === undefined ? undefined : ilike(feeds.url, containsPattern(query.search)),
  );
  const rows = await ctx.db
    .select()
    .from(feeds)
    .where(where)
    .orderBy(desc(feeds.id))
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await ctx.db.select({ n: count() }).from(feeds).where(where);
  return { data: rows.map((row) => toFeed(row, now)), count: total?.n ?? 0 };
}

/** POST /api/feed: the address is checked (https, public) and the schedule read before anything is kept. */
async function createFeed(
  ctx: AppContext,
  body: z.output<typeof FeedCreateBodySchema>,
  caller: Account | null,
  now: Date,
): Promise<Feed> {
  requireWritable(caller, body.family, 'Family');
  const [family] = await ctx.db
    .select({ id: families.id })
    .from(families)
    .where(eq(families.id, body.family));
  if (!family) throw notFound('Family');
  const nextRunAt = firstRun(body.schedule, body.timeZone, now);
  await checkOutboundAddress(body.url, ctx.config.outbound.feedAllowedHosts, 'url');
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(feeds)
      .values({
        familyId: body.family,
        url: body.url,
        schedule: body.schedule,
        timeZone: body.timeZone,
        mode: body.mode,
        nextRunAt,
        createdById: caller?.id ?? null,
        createdByUsername: caller?.username ?? 'system',
      })
      .returning();
    await publishChange(tx, caller, {
      action: 'create',
      entity: 'feed',
      entityId: created!.id,
      family: created!.familyId,
      before: null,
      after: snapshot(created!),
    });
    return created!;
  });
  return toFeed(row, now);
}

/**
 * PATCH /api/feed/:id. A new address forgets the last file's validators (the next run fetches it
 * whole); a new schedule or time zone sets the next run from now.
 */
async function updateFeed(
  ctx: AppContext,
  id: number,
  body: z.output<typeof FeedUpdateBodySchema>,
  caller: Account | null,
  now: Date,
): Promise<Feed> {
  const before = await feedOf(ctx, id, caller);
  const schedule = body.schedule ?? before.schedule;
  const timeZone = body.timeZone ?? before.timeZone;
  const rescheduled = schedule !== before.schedule || timeZone !== before.timeZone;
  const nextRunAt = rescheduled ? firstRun(schedule, timeZone, now) : before.nextRunAt;
  const url = body.url ?? before.url;
  if (url !== before.url) await checkOutboundAddress(url, ctx.config.outbound.feedAllowedHosts, 'url');
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(feeds)
      .set({
        url,
        schedule,
        timeZone,
        mode: body.mode ?? before.mode,
        nextRunAt,
        ...(url === before.url ? {} : { etag: null, lastModified: null }),
        updatedAt: sql`now()`,
      })
      .where(eq(feeds.id, id))
      .returning();
    if (!updated) throw notFound('Feed');
    await publishChange(tx, caller, {
      action: 'update',
      entity: 'feed',
      entityId: id,
      family: updated.familyId,
      before: snapshot(before),
      after: snapshot(updated),
    });
    return updated;
  });
  return toFeed(row, now);
}

/** DELETE /api/feed/:id: its past runs stay listed with the imports (and can still be undone). */
async function removeFeed(ctx: AppContext, id: number, caller: Account | null): Promise<void> {
  await feedOf(ctx, id, caller);
  await ctx.db.transaction(async (tx) => {
    // Under the row's lock, which checks a DELETE's If-Match (core/record-version.ts).
    const before = await lockForWrite(tx, feeds, id);
    if (!before) throw notFound('Feed');
    await tx.delete(feeds).where(eq(feeds.id, id));
    await publishChange(tx, caller, {
      action: 'delete',
      entity: 'feed',
      entityId: id,
      family: before.familyId,
      before: snapshot(before),
      after: null,
    });
  });
}

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
 * Each app's scheduler, by the app's context: the routes' service methods and handlers are given
 * the context, and read the schedules' clock and start runs through its scheduler.
 */
const schedulers = new WeakMap<DataContext, { app: AppContext; scheduler: FeedScheduler }>();

function feedsOf(ctx: DataContext) {
  const found = schedulers.get(ctx);
  if (!found) throw new Error('feeds: this app registered no feed scheduler');
  return { ctx: found.app, scheduler: found.scheduler, now: found.scheduler.now() };
}

/** Sets up the app's scheduler, which every process runs (JOBS=off: only runs asked for by hand). */
function startScheduler(app: FastifyInstance, settings: FeedSettings) {
  const { ctx } = app;
  const scheduler = new FeedScheduler(
    ctx,
    app.log.child({ module: 'feeds' }),
    settings.clock ?? Date.now,
    settings.heartbeatMs,
  );
  schedulers.set(ctx, { app: ctx, scheduler });
  app.decorate('feedScheduler', scheduler);
  app.addHook('onReady', (done) => {
    if (ctx.config.jobs) scheduler.start(settings.pollMs ?? POLL_MS);
    done();
  });
  // Before the database closes: a run under way is cut short and recorded.
  app.addHook('preClose', async () => scheduler.stop());
}

/**
 * The scheduled feeds' module (docs/decisions/0052-scheduled-feeds.md): its list, create and delete
 * are the CRUD routes, its read, change and run the declaration's custom operations; its history
 * names a feed by its address without credentials or token. It starts the app's scheduler.
 */
export const feedModule = resourceModule(feedResource, {
  service: {
    list: (data, query, caller) => {
      const { ctx, now } = feedsOf(data);
      return listFeeds(ctx, caller, query, now);
    },
    create: async (data, body, caller) => {
      const { ctx, now } = feedsOf(data);
      return createFeed(ctx, body, caller, now);
    },
    remove: (data, id, caller) => removeFeed(feedsOf(data).ctx, id, caller),
  },
  names: {
    table: feeds,
    name: (row) => sameName(typeof row.url === 'string' ? shownAddress(row.url) : null),
  },
  operations: {
    show: async ({ ctx: data, params, account }) => {
      const { ctx, now } = feedsOf(data);
      return toFeed(await feedOf(ctx, params.id, account), now);
    },
    change: ({ ctx: data, params, body, account }) => {
      const { ctx, now } = feedsOf(data);
      return updateFeed(ctx, params.id, body, account, now);
    },
    run: async ({ ctx: data, params, account }) => {
      const { ctx, scheduler } = feedsOf(data);
      const claimed = await scheduler.runNow(await feedOf(ctx, params.id, account));
      return toFeed(claimed, scheduler.now());
    },
  },
  register: (app, { feeds: settings }) => startScheduler(app, settings ?? {}),
});
