import { and, eq, gt, lt, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { appState, families, products } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { periodicTask } from '../../lib/periodic-task';
import { enqueueWebhookEvents, type OutboxEvent } from '../../core/webhook-outbox';
import { toFamily } from '../families/families.service';
import { toProduct } from '../products/products.service';

/**
 * A draft with a publish date goes live when the date passes, with no write to announce it
 * (docs/decisions/0055-drafts-and-publish-dates.md). This task announces it: `product.published` and
 * `family.published`, with the record, for each draft whose date passed since the last look.
 *
 * The time up to which dates were announced is kept in `app_state`, and a look locks that row for its
 * transaction: of several processes, one looks at a time, and each date is announced once, in the
 * transaction that moves the mark past it. On a new database the first look counts from its process's
 * start, so a new server does not announce every date of the past (an imported catalogue's, say).
 */
const MARK = 'published_announced_until';
const EVERY_MS = 20_000;

/** Drafts whose publish date falls in (since, until] and which were not written after it. */
const wentLive = (
  table: { status: AnyPgColumn; publishAt: AnyPgColumn; updatedAt: AnyPgColumn },
  since: Date,
  until: Date,
): SQL =>
  and(
    eq(table.status, 'draft'),
    gt(table.publishAt, since),
    lte(table.publishAt, until),
    // A draft written after its date was already live when written: that write announced it.
    lt(table.updatedAt, table.publishAt),
  )!;

/**
 * Announces the publish dates passed since the last look; answers how many events it wrote. With no
 * look before (a new database), dates since `started` count: the process's start, before which it
 * wrote no draft, so a date passing before its first look is announced too.
 */
export async function announcePublished(
  ctx: Pick<DataContext, 'db' | 'now'>,
  started: Date = ctx.now(),
): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx.insert(appState).values({ key: MARK, value: started.getTime() }).onConflictDoNothing();
    const [mark] = await tx.select().from(appState).where(eq(appState.key, MARK)).for('update');
    const since = new Date(mark!.value);
    if (since.getTime() >= now.getTime()) return 0;
    const live = await tx
      .select()
      .from(products)
      .where(wentLive(products, since, now))
      .orderBy(products.id);
    const liveFamilies = await tx
      .select()
      .from(families)
      .where(wentLive(families, since, now))
      .orderBy(families.id);
    const events: OutboxEvent[] = [
      ...liveFamilies.map((row) => ({
        type: 'family.published' as const,
        family: row.id,
        data: { ...toFamily(row), family: row.id },
        key: `family:${row.id}`,
      })),
      ...live.map((row) => ({
        type: 'product.published' as const,
        family: row.familyId,
        data: toProduct(row),
        key: `product:${row.id}`,
      })),
    ];
    await enqueueWebhookEvents(tx, events);
    await tx.update(appState).set({ value: now.getTime() }).where(eq(appState.key, MARK));
    return events.length;
  });
}

/** Looks every 20 s in every process (JOBS=off: none), so a date is announced within a minute. */
export function publishDateAnnouncer(app: FastifyInstance) {
  const started = app.ctx.now();
  periodicTask(app, {
    firstRunMs: EVERY_MS,
    everyMs: EVERY_MS,
    failure: 'publish dates: announcing the drafts that went live failed; it tries again shortly',
    task: async () => {
      const announced = await announcePublished(app.ctx, started);
      if (announced > 0) app.log.info({ announced }, 'publish dates: drafts that went live announced');
    },
  });
}
