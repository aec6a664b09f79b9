import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@dalil/contracts/webhooks';
import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { executeNamed } from '../db/prepared';
import { withShownStatus } from './publication';
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
 * The enabled subscriptions, read once per transaction by a write that records many changes (a
 * category's products moved to its parent).
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

const wants = (s: Subscription, event: Pick<OutboxEvent, 'type' | 'family'>) =>
  s.events.includes(event.type) &&
  (s.families.length === 0 || (event.family !== null && s.families.includes(event.family)));

/**
 * Which families' events of `type` an enabled subscription wants, from the subscriptions read once per
 * transaction: null when none wants any. A bulk write asks before it builds its records' bodies, so a
 * write nobody subscribed to reads nothing more.
 */
export async function eventWanted(
  tx: Db | Tx,
  type: WebhookEvent,
): Promise<((family: number | null) => boolean) | null> {
  const subscriptions = (await enabledSubscriptions(tx)).filter((s) => s.events.includes(type));
  if (subscriptions.length === 0) return null;
  return (family) => subscriptions.some((s) => wants(s, { type, family }));
}

/**
 * A product's or family's body as a reader sees it: a draft with a publish date is `scheduled` until
 * the date and `published` from it on (docs/decisions/0055-drafts-and-publish-dates.md).
 */
function shownBody(event: OutboxEvent): OutboxEvent {
  const { data } = event;
  if (!/^(product|family)\./.test(event.type) || typeof data.status !== 'string') return event;
  const publishAt = typeof data.publishAt === 'string' ? data.publishAt : null;
  return { ...event, data: withShownStatus({ ...data, status: data.status, publishAt }, new Date()) };
}

/**
 * Writes events and their deliveries to the subscriptions that want them (enabled, the event type,
 * the family: an empty list is every family), in the caller's transaction.
 *
 * A lone event (an API write's) costs one statement, subscribed to or not: the statement picks the
 * subscriptions itself and writes nothing when none wants the event, so announcing a change adds no
 * round trip to the write. Several events in one transaction (a bulk write's) read the subscriptions
 * first, once, and send only the events someone wants: a large write that nobody subscribed to does
 * not carry every record's body to the database.
 */
export async function enqueueWebhookEvents(tx: Db | Tx, announced: OutboxEvent[]): Promise<void> {
  if (announced.length === 0) return;
  const events = announced.map(shownBody);
  let written: number;
  if (events.length === 1 && !(tx instanceof PgTransaction && perTransaction.has(tx))) {
    written = await insertEvents(tx, events, null);
  } else {
    const subscriptions = await enabledSubscriptions(tx);
    const wanted = events
      .map((event) => ({ event, to: subscriptions.filter((s) => wants(s, event)).map((s) => s.id) }))
      .filter((w) => w.to.length > 0);
    if (wanted.length === 0) return;
    written = await insertEvents(
      tx,
      wanted.map((w) => w.event),
      wanted.map((w) => w.to),
    );
  }
  if (written > 0) for (const listener of listeners) listener();
}

/**
 * One statement for the messages and their deliveries; answers how many deliveries it wrote. `to`
 * lists each event's subscriptions; null lets the statement match the enabled subscriptions itself,
 * and an event no subscription wants is not written. Deliveries are numbered in the messages' order,
 * which keeps a record's events in order (the worker sends a record's delivery only after the
 * earlier ones).
 */
async function insertEvents(tx: Db | Tx, events: OutboxEvent[], to: number[][] | null): Promise<number> {
  const at = new Date().toISOString();
  const messages = events.map(
    (event, i) =>
      sql`(${i}::int, ${newMessageId()}::text, ${event.type}::text, ${event.family}::int, ${event.key}::text, ${JSON.stringify(
        { type: event.type, timestamp: at, data: event.data },
      )}::text)`,
  );
  const wanted = to
    ? sql`select * from (values ${sql.join(
        to.flatMap((ids, i) => ids.map((id) => sql`(${i}::int, ${id}::int)`)),
        sql`, `,
      )}) as w(n, subscription_id)`
    : sql`select e.n, s.id as subscription_id from e join ${webhookSubscriptions} s on s.enabled
        and e.event_type = any(s.events)
        and (cardinality(s.families) = 0 or e.family_id = any(s.families))`;
  const query = sql`
    with e(n, message_id, event_type, family_id, key, body) as (values ${sql.join(messages, sql`, `)}),
    w as (${wanted}),
    m as (
      insert into ${webhookMessages} (message_id, event_type, family_id, key, body, at)
      select message_id, event_type, family_id, key, body, ${at}::timestamptz from e
      where e.n in (select n from w) order by n
      returning id, message_id),
    d as (
      insert into ${webhookDeliveries} (subscription_id, message_id, key)
      select w.subscription_id, m.id, e.key from w join e on e.n = w.n join m on m.message_id = e.message_id
      order by m.id, w.subscription_id
      returning 1)
    select count(*)::int as written from d`;
  // A lone event matched by the statement itself (every API write's) has one text: prepared once per
  // connection on PostgreSQL, where parsing and planning it took longer than running it.
  const rows =
    events.length === 1 && to === null
      ? await executeNamed<{ written: number }>(tx, 'webhook-event', query)
      : ((await tx.execute(query)) as { rows: { written: number }[] }).rows;
  return rows[0]?.written ?? 0;
}
