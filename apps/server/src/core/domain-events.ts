import type { Account } from '@dalil/contracts/auth';
import type { FieldChanges } from '@dalil/contracts/activity';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import type {
  DomainEventSubscriber,
  FamilyFilter,
  PublishedChange,
  Receipt,
  RecordChanged,
  RecordEntity,
  RecordOutcome,
  RecordsChanged,
  Snapshot,
} from './domain-event-types';
import { historySubscriber } from './history';
import { webhookSubscriber } from './webhook-events';

// The domain event bus (docs/decisions/0066-domain-events.md): a write publishes what it did, in its
// own transaction, and the subscribers below handle it there. The history and the webhooks are two
// subscribers; neither knows of the other.

export type { RecordChanged, Snapshot } from './domain-event-types';

/**
 * The subscribers, in the order every event reaches them. The history comes first: its entry is the
 * write's own record, and its id is what a publisher gets back. The webhook outbox comes last: the
 * event it writes wakes the delivery worker before the transaction commits, so it is written as late
 * as it can be. A subscriber that throws rolls the write back, with what earlier ones wrote.
 */
export const SUBSCRIBERS: readonly DomainEventSubscriber[] = [historySubscriber, webhookSubscriber];

/** Fields never shown as a difference: derived from others, or the same in every entry. */
const IGNORED = new Set(['id', 'counts', 'guest', 'completeness']);

/** `name` is derived when the record also has `nameAr` and `nameEn`; otherwise it is the record's own. */
const derivedName = (record: Snapshot | null) => record !== null && 'nameAr' in record;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose value differs between `before` and `after`, each with both values. A create has no
 * `before` (every field goes from null), a delete no `after`.
 */
function differences(before: Snapshot | null, after: Snapshot | null): FieldChanges {
  const changes: FieldChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (IGNORED.has(field) || (field === 'name' && derivedName(before ?? after))) continue;
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!same(was, now)) changes[field] = { before: was, after: now };
  }
  return changes;
}

/** Runs `work` in `tx`, or in a transaction of its own when `tx` is the database: subscribers commit together. */
const inTransaction = <T>(tx: Db | Tx, work: (tx: Db | Tx) => Promise<T>): Promise<T> =>
  tx instanceof PgTransaction ? work(tx) : tx.transaction(work);

async function publish(tx: Db | Tx, actor: Account | null, changes: RecordChanged[]): Promise<Receipt> {
  const published: PublishedChange[] = changes
    .map((change) => ({ ...change, changes: change.changes ?? differences(change.before, change.after) }))
    .filter((change) => change.action !== 'update' || Object.keys(change.changes).length > 0);
  if (published.length === 0) return {};
  return inTransaction(tx, async (t) => {
    const receipt: Receipt = {};
    for (const subscriber of SUBSCRIBERS) {
      Object.assign(receipt, await subscriber.recordChanged(t, actor, published));
    }
    return receipt;
  });
}

/**
 * Publishes one write to one record, in the write's transaction (`tx`; given the database, in a
 * transaction of its own): the history records it and the webhook outbox announces it. An update that
 * changed nothing is not published. Returns the history entry's id (null with the history off or
 * nothing published).
 */
export async function publishChange(
  tx: Db | Tx,
  actor: Account | null,
  change: RecordChanged,
): Promise<number | null> {
  return (await publish(tx, actor, [change])).historyEntries?.[0] ?? null;
}

/** Publishes several writes at once (a batch of a bulk job): each subscriber handles them together. */
export async function publishChanges(
  tx: Db | Tx,
  actor: Account | null,
  changes: RecordChanged[],
): Promise<void> {
  await publish(tx, actor, changes);
}

/**
 * Which families' records `entity` `what` some subscriber wants from a set-based write (null: none).
 * The write asks before it reads any body, so a write nobody listens to reads nothing more.
 */
export async function recordsWanted(
  tx: Db | Tx,
  entity: RecordEntity,
  what: RecordOutcome,
): Promise<FamilyFilter | null> {
  const filters: FamilyFilter[] = [];
  for (const subscriber of SUBSCRIBERS) {
    const wanted = await subscriber.wantsRecords?.(tx, entity, what);
    if (wanted) filters.push(wanted);
  }
  return filters.length === 0 ? null : (family) => filters.some((wanted) => wanted(family));
}

/** Publishes the records a set-based statement wrote (core/record-events.ts), in its transaction. */
export async function publishRecords(tx: Db | Tx, event: RecordsChanged): Promise<void> {
  if (event.records.length === 0) return;
  await inTransaction(tx, async (t) => {
    for (const subscriber of SUBSCRIBERS) await subscriber.recordsChanged?.(t, event);
  });
}
