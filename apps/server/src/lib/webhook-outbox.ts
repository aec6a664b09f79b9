import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@dalil/contracts/webhooks';
import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { webhookDeliveries, webhookMessages, webhookSubscriptions } from '../db/schema';

// The webhooks' outbox (docs/decisions/0051-webhooks.md): an event is written in the transaction of
// the change it reports, with one delivery per matching subscription, so it commits with the change or
// not at all. The delivery worker (modules/webhooks) sends what has committed.

/** One event to announce: its type, family, the record or summary it carries, and its order key. */
export interface OutboxEvent {
  type: WebhookEvent;
  family: number | null;
  data: Record<string, unknown>;
  /** Events with the same key reach a subscription in the order they were written (`product:5`). */
  key: string | null;
}

/** A Standard Webhooks message id: `msg_` and 22 random base64url characters. */
const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

const listeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process wrote an event (before its transaction commits: the worker
 * it wakes looks a moment later and, if the event has not committed yet, finds it on its next poll).
 * Returns the unsubscribe.
 */
export function onEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Subscription = { id: number; events: string[]; families: number[] };

/**
 * The enabled subscriptions, read once per transaction: a write that records many changes (a
 * category's products moved to its parent) asks once.
 */
const perTransaction = new WeakMap<Tx, Promise<Subscription[]>>();

function enabledSubscriptions(tx: Db | Tx): Promise<Subscription[]> {
  const read = () =>
    tx
      .select({
        id: webhookSubscriptions.id,
        events: webhookSubscriptions.events,
        families: webhookSubscriptions.families,
      })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.enabled, true));
  if (!(tx instanceof PgTransaction)) return read();
  let found = perTransaction.get(tx);
  if (!found) {
    found = read();
    perTransaction.set(tx, found);
  }
  return found;
}

/**
 * Writes events and their deliveries to the subscriptions that want them (enabled, the event type,
 * the family: an empty list is every family), in the caller's transaction. Costs one query when no
 * subscription matches.
 */
export async function enqueueWebhookEvents(tx: Db | Tx, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  const subscriptions = await enabledSubscriptions(tx);
  if (subscriptions.length === 0) return;
  const at = new Date();
  const wanted = events
    .map((event) => ({
      event,
      to: subscriptions.filter(
        (s) =>
          s.events.includes(event.type) &&
          (s.families.length === 0 || (event.family !== null && s.families.includes(event.family))),
      ),
    }))
    .filter((w) => w.to.length > 0);
  if (wanted.length === 0) return;
  // One statement for the messages and their deliveries: a round trip fewer in every write that
  // announces something. Deliveries are numbered in the messages' order, which keeps a record's events
  // in order (the worker sends a record's delivery only after the earlier ones).
  const ids = wanted.map(newMessageId);
  const messages = wanted.map(
    ({ event }, i) =>
      sql`(${i}::int, ${ids[i]!}::text, ${event.type}::text, ${event.family}::int, ${event.key}::text, ${JSON.stringify(
        { type: event.type, timestamp: at.toISOString(), data: event.data },
      )}::text)`,
  );
  const deliveries = wanted.flatMap(({ to }, i) => to.map((s) => sql`(${i}::int, ${s.id}::int)`));
  await tx.execute(sql`
    with e(n, message_id, event_type, family_id, key, body) as (values ${sql.join(messages, sql`, `)}),
    m as (
      insert into ${webhookMessages} (message_id, event_type, family_id, key, body, at)
      select message_id, event_type, family_id, key, body, ${at.toISOString()}::timestamptz from e order by n
      returning id, message_id)
    insert into ${webhookDeliveries} (subscription_id, message_id, key)
    select d.subscription_id, m.id, e.key
    from (values ${sql.join(deliveries, sql`, `)}) as d(n, subscription_id)
      join e on e.n = d.n join m on m.message_id = e.message_id
    order by m.id, d.subscription_id`);
  for (const listener of listeners) listener();
}
