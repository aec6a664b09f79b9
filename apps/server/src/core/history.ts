import { AsyncLocalStorage } from 'node:async_hooks';
import type { Account } from '@dalil/contracts/auth';
import type { Activity } from '@dalil/contracts/activity';
import { activity } from '../db/schema';
import { actorColumns } from '../lib/api-key-caller';
import type { DomainEventSubscriber, PublishedChange } from './domain-event-types';
import { shownAddress } from '../lib/shown-address';

let recording = true;

/**
 * Turns the recording of writes on or off for this process (the HISTORY setting, applied when the
 * app is built). Off: the history subscriber writes nothing and imports are not noted for undo.
 */
export function setHistoryRecording(on: boolean): void {
  recording = on;
}

export const historyRecording = (): boolean => recording;

/** The change set (import run) the writes of the running work belong to, when there is one. */
const changeSets = new AsyncLocalStorage<number>();

/**
 * Runs `work` with every entry it records linked to the import run `run` (a bulk change set,
 * docs/decisions/0065-bulk-operations-and-change-sets.md): the entries name it as an import's do, so
 * the history shows what the change set wrote and its undo goes with them.
 */
export const inChangeSet = <T>(run: number | null, work: () => Promise<T>): Promise<T> =>
  run === null ? work() : changeSets.run(run, work);

/** The activity row of one published change. */
const activityRow = (actor: Account | null, change: PublishedChange) => ({
  ...actorColumns(actor),
  importId: changeSets.getStore() ?? null,
  action: change.action,
  entity: change.entity,
  entityId: change.entityId,
  familyId: change.family,
  changes: change.changes,
  binEntryId: change.binEntry ?? null,
});

/**
 * The history's subscriber to the domain event bus (core/domain-events.ts): each published change
 * becomes an activity entry, in the write's own transaction and in one statement however many there
 * are (a batch of a bulk job), unless the history is off. Answers the entries' ids. Set-based writes
 * (imports, an import's undo) write their entries themselves, one statement per level
 * (modules/imports/import-history.ts), so it has no handler for their records.
 */
export const historySubscriber: DomainEventSubscriber = {
  name: 'history',
  async recordChanged(tx, actor, changes) {
    if (!recording) return {};
    const rows = await tx
      .insert(activity)
      .values(changes.map((change) => activityRow(actor, change)))
      .returning({ id: activity.id });
    return { historyEntries: rows.map((row) => row.id) };
  },
};

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
