import { readError } from '@dalil/contracts/error-codes';
import type { WebhookAttemptList, WebhookEvent } from '@dalil/contracts/webhooks';
import { and, count, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { DataContext } from '../../core/context';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookMessages, webhookSubscriptions } from '../../db/schema';
import { notFound } from '../../lib/errors';

// A subscription's delivery log: its attempts, a message sent again, and old messages forgotten.

/** A stored sentence's code and params, read back from the error catalogue's templates. */
export const coded = (sentence: string | null) => (sentence === null ? null : readError(sentence));

/** A subscription's delivery attempts, newest first. */
export async function listAttempts(
  { db }: DataContext,
  id: number,
  page: { limit: number; skip: number },
): Promise<WebhookAttemptList> {
  const [found] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id));
  if (!found) throw notFound('Webhook');
  const mine = eq(webhookAttempts.subscriptionId, id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: webhookAttempts.id,
        messageId: webhookMessages.messageId,
        eventType: webhookMessages.eventType,
        attempt: webhookAttempts.attempt,
        ok: webhookAttempts.ok,
        responseCode: webhookAttempts.responseCode,
        error: webhookAttempts.error,
        attemptedAt: webhookAttempts.attemptedAt,
        durationMs: webhookAttempts.durationMs,
        nextAttemptAt: webhookAttempts.nextAttemptAt,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(mine)
      .orderBy(desc(webhookAttempts.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(webhookAttempts).where(mine),
  ]);
  return {
    data: rows.map((r) => ({
      ...r,
      eventType: r.eventType as WebhookEvent,
      errorCode: coded(r.error)?.code ?? null,
      errorParams: coded(r.error)?.params ?? null,
      attemptedAt: r.attemptedAt.toISOString(),
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    })),
    count: total!.n,
  };
}

/**
 * Sends a message to a subscription again, with the same webhook-id: its delivery becomes pending and
 * due at once, with a new day of retries. 404 when the subscription never had that message.
 */
export async function resendMessage({ db }: DataContext, id: number, messageId: string): Promise<void> {
  const updated = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', nextAttemptAt: null, firstAttemptAt: null, leasedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, id),
        eq(
          webhookDeliveries.messageId,
          sql`(select ${webhookMessages.id} from ${webhookMessages} where ${webhookMessages.messageId} = ${messageId})`,
        ),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (updated.length === 0) throw notFound('Message');
}

/** Old messages removed per statement: one sweep never holds a long transaction. */
const FORGET_BATCH = 1000;

/**
 * Removes the messages older than `days` days that no delivery waits for any more (each delivered,
 * or failed for good), with their deliveries and attempts; answers how many went. A message still
 * pending for some subscription (one turned off keeps its deliveries pending) stays, however old.
 */
export async function forgetOldWebhookMessages(db: Db, days: number): Promise<number> {
  const pending = db
    .select({ one: sql`1` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.messageId, webhookMessages.id), eq(webhookDeliveries.state, 'pending')));
  const oldest = db
    .select({ id: webhookMessages.id })
    .from(webhookMessages)
    .where(and(lt(webhookMessages.at, sql`now() - make_interval(days => ${days})`), notExists(pending)))
    .orderBy(webhookMessages.id)
    .limit(FORGET_BATCH);
  let removed = 0;
  for (;;) {
    const gone = await db
      .delete(webhookMessages)
      .where(inArray(webhookMessages.id, oldest))
      .returning({ id: webhookMessages.id });
    removed += gone.length;
    if (gone.length < FORGET_BATCH) return removed;
  }
}
