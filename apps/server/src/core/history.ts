import { AsyncLocalStorage } from 'node:async_hooks';
import type { Account } from '@dalil/contracts/auth';
import type { Activity, ActivityAction, ActivityEntity, FieldChanges } from '@dalil/contracts/activity';
import type { Db, Tx } from '../db/client';
import { activity } from '../db/schema';
import { actorColumns } from '../lib/api-key-caller';
import { enqueueWebhookEvents, type OutboxEvent } from './webhook-outbox';
import { shownAddress } from '../lib/shown-address';

/** A record's fields as the API shows them (its contract object), before or after a write. */
export type Snapshot = Record<string, unknown>;

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

export interface HistoryEntry {
  action: ActivityAction;
  entity: ActivityEntity;
  entityId: number | null;
  /** The family the record belongs to, which decides which editors see the entry. */
  family: number | null;
  before: Snapshot | null;
  after: Snapshot | null;
  /** Recorded as is instead of the differences of `before` and `after` (imports: their counts). */
  changes?: FieldChanges;
  /** A delete's recycle bin entry, which reverting the delete restores. */
  binEntry?: number;
}

let recording = true;

/**
 * Turns the recording of writes on or off for this process (the HISTORY setting, applied when the
 * app is built). Off: recordChange writes nothing and imports are not noted for undo.
 */
export function setHistoryRecording(on: boolean): void {
  recording = on;
}

export const historyRecording = (): boolean => recording;

/**
 * Records one write in the history, in the write's own transaction (`tx`): the entry commits with the
 * change or not at all. An update that changed nothing records nothing. Returns the entry's id. The
 * write's webhook event is written here too, with the history on or off.
 */
export async function recordChange(
  tx: Db | Tx,
  actor: Account | null,
  entry: HistoryEntry,
): Promise<number | null> {
  const changes = entry.changes ?? differences(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return null;
  await enqueueWebhookEvents(tx, webhookEvents([entry]));
  if (!recording) return null;
  const [row] = await tx
    .insert(activity)
    .values(activityRow(actor, entry, changes))
    .returning({ id: activity.id });
  return row!.id;
}

/** The change set (import run) the writes of the running work belong to, when there is one. */
const changeSets = new AsyncLocalStorage<number>();

/**
 * Runs `work` with every entry it records linked to the import run `run` (a bulk change set,
 * docs/decisions/0065-bulk-operations-and-change-sets.md): the entries name it as an import's do, so
 * the history shows what the change set wrote and its undo goes with them.
 */
export const inChangeSet = <T>(run: number | null, work: () => Promise<T>): Promise<T> =>
  run === null ? work() : changeSets.run(run, work);

/** The activity row of one entry, whichever way it is written. */
const activityRow = (actor: Account | null, entry: HistoryEntry, changes: FieldChanges) => ({
  ...actorColumns(actor),
  importId: changeSets.getStore() ?? null,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId,
  familyId: entry.family,
  changes,
  binEntryId: entry.binEntry ?? null,
});

/**
 * Records several writes in one statement, in the writes' own transaction (a batch of a bulk job).
 * Updates that changed nothing are left out, as in recordChange.
 */
export async function recordChanges(
  tx: Db | Tx,
  actor: Account | null,
  entries: HistoryEntry[],
): Promise<void> {
  const changed = entries
    .map((entry) => ({ entry, changes: entry.changes ?? differences(entry.before, entry.after) }))
    .filter(({ entry, changes }) => entry.action !== 'update' || Object.keys(changes).length > 0);
  await enqueueWebhookEvents(tx, webhookEvents(changed.map(({ entry }) => entry)));
  if (!recording) return;
  const rows = changed.map(({ entry, changes }) => activityRow(actor, entry, changes));
  if (rows.length > 0) await tx.insert(activity).values(rows);
}

const ANNOUNCED = new Set<ActivityEntity>(['product', 'category', 'family']);

/** What a write did to its record, as a webhook names it: a revert or undo brings back or removes too. */
function outcome(entry: HistoryEntry): 'created' | 'updated' | 'deleted' | null {
  switch (entry.action) {
    case 'create':
      return 'created';
    case 'update':
      return 'updated';
    case 'delete':
      return 'deleted';
    case 'revert':
    case 'undo':
      if (entry.before === null && entry.after !== null) return 'created';
      if (entry.after === null && entry.before !== null) return 'deleted';
      return entry.after === null ? null : 'updated';
    default:
      return null;
  }
}

/**
 * The webhook events of recorded writes to products, categories and families (docs/decisions/0051-webhooks.md),
 * announced whether or not the history is kept: the record as the API shows it (a deleted one as it was),
 * with its family. Writes made with set-based SQL (imports, an import's undo, what a delete takes into
 * the bin) announce their records through record-events.ts instead.
 */
function webhookEvents(entries: HistoryEntry[]): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  for (const entry of entries) {
    const what = outcome(entry);
    if (!what || !ANNOUNCED.has(entry.entity) || entry.entityId === null) continue;
    const record = what === 'deleted' ? entry.before : entry.after;
    if (!record) continue;
    const family = entry.entity === 'family' ? entry.entityId : entry.family;
    events.push({
      type: `${entry.entity as 'product' | 'category' | 'family'}.${what}`,
      family,
      data: entry.entity === 'family' ? { ...record, family } : record,
      key: `${entry.entity}:${entry.entityId}`,
    });
  }
  return events;
}

/** A feed's recorded address as shown (entries written before it was kept without its query). */
const feedChanges = (changes: Activity['changes']): Activity['changes'] => {
  const url = changes.url;
  if (!url) return changes;
  const shown = (v: unknown) => (typeof v === 'string' ? shownAddress(v) : v);
  return { ...changes, url: { ...url, before: shown(url.before), after: shown(url.after) } };
};

/**
 * An entry; `fileName` is its import's file, when an import made the change (a feed's address, shown
 * without its credentials or token).
 */
export const toActivity = (row: typeof activity.$inferSelect, fileName?: string | null): Activity => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, username: row.actorUsername, apiKey: row.apiKeyId },
  action: row.action as Activity['action'],
  entity: row.entity as Activity['entity'],
  entityId: row.entityId,
  family: row.familyId,
  changes:
    row.entity === 'feed'
      ? feedChanges(row.changes as Activity['changes'])
      : (row.changes as Activity['changes']),
  import: row.importId === null ? null : { id: row.importId, fileName: shownAddress(fileName ?? '') },
  binEntry: row.binEntryId,
});
