import type { Account } from '@dalil/contracts/auth';
import type { ActivityAction, ActivityEntity, FieldChanges } from '@dalil/contracts/activity';
import type { Db, Tx } from '../db/client';

// The events of the domain event bus (core/domain-events.ts) and what a subscriber to them is. Kept
// apart from the bus so the subscribers (core/history.ts, core/webhook-events.ts) can name them
// without importing the bus that lists them.

/** A record's fields as the API shows them (its contract object), before or after a write. */
export type Snapshot = Record<string, unknown>;

/** One write to one record, published by the write in its own transaction. */
export interface RecordChanged {
  action: ActivityAction;
  entity: ActivityEntity;
  entityId: number | null;
  /** The family the record belongs to, which decides which editors see it and which webhooks hear of it. */
  family: number | null;
  before: Snapshot | null;
  after: Snapshot | null;
  /** Taken as is instead of the differences of `before` and `after` (imports: their counts). */
  changes?: FieldChanges;
  /** A delete's recycle bin entry, which reverting the delete restores. */
  binEntry?: number;
}

/** A RecordChanged as subscribers get it: with its changes (given, or `before` and `after` compared). */
export type PublishedChange = RecordChanged & { changes: FieldChanges };

export type RecordEntity = 'product' | 'category' | 'family';
export type RecordOutcome = 'created' | 'updated' | 'deleted';

/**
 * Records a set-based statement created, updated or deleted (imports, feed runs, an import's undo,
 * what a delete takes into the bin or a restore brings back), each with its id, family and body as the
 * API's read maps it. Only the records some subscriber wants (`recordsWanted`) are published.
 */
export interface RecordsChanged {
  entity: RecordEntity;
  what: RecordOutcome;
  records: { id: number; family: number | null; body: Snapshot }[];
}

/** Which families' records a subscriber wants to hear of. */
export type FamilyFilter = (family: number | null) => boolean;

/** What subscribers answer the publisher of RecordChanged events. */
export interface Receipt {
  /** The history entries written, one per published change, in their order. */
  historyEntries?: number[];
}

/**
 * A subscriber of the bus. Each handler runs in the publishing write's transaction (`tx`): what it
 * writes commits with the write or not at all, and a handler that throws rolls the whole write back.
 */
export interface DomainEventSubscriber {
  readonly name: string;
  recordChanged(tx: Db | Tx, actor: Account | null, changes: PublishedChange[]): Promise<Receipt | void>;
  recordsChanged?(tx: Db | Tx, event: RecordsChanged): Promise<void>;
  /** Which families' records `entity` `what` the subscriber's recordsChanged wants; null: none. */
  wantsRecords?(tx: Db | Tx, entity: RecordEntity, what: RecordOutcome): Promise<FamilyFilter | null>;
}
