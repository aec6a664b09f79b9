import type { Activity } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import type { CrudOperation } from '@dalil/contracts/resources';
import { and, desc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { activity } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { withUniqueConflicts } from '../../core/crud-service';
import { pgErrorCode } from '../../lib/database-errors';
import { changedSince, conflict, HttpError, notFound } from '../../lib/errors';
import { canWrite, requireWritable } from '../../core/family-scope';
import { publishChange, type Snapshot } from '../../core/domain-events';
import { revertBinned } from '../bin/bin.service';
import { toActivity } from '../../core/history';
import { recordedFields, type RevertTarget } from '../../core/revert-target';
import type { RevertTargets } from './revert-targets';
import { mayCall, revertUpdate } from './revert-update';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** Whether a recorded field is the record's own data (not derived from others, not its id). */
const isRecorded = (target: RevertTarget, field: string) => recordedFields(target.resource).includes(field);

/** The request a revert of each kind of entry stands for. */
const REQUEST_OF: Partial<Record<string, CrudOperation>> = {
  create: 'delete',
  update: 'update',
  delete: 'create',
};

/**
 * A revert's own entry is reverted as an update (a revert that deleted or brought back a record is
 * put back by reverting the original entry again, or from the recycle bin).
 */
const kindOf = (action: string) => (action === 'revert' ? 'update' : action);

async function lockRow(tx: Tx, target: RevertTarget, id: number) {
  const [row] = await tx.select().from(target.table).where(eq(target.table.id, id)).for('update');
  return row as ({ id: number; familyId?: number } & Record<string, unknown>) | undefined;
}

/**
 * Puts a recorded write back (docs/decisions/0030-history.md, 0043): an update's fields return to
 * their `before` values through the resource's own update (revert-update.ts), a create is deleted, a
 * delete brings the row back with the same id (its images too, which stay stored). The caller needs
 * the access of the request the revert stands for. Refused with 409 when the fields were changed
 * again since. The revert is itself recorded, in the same transaction.
 */
export async function revertEntry(
  ctx: DataContext,
  targets: RevertTargets,
  id: number,
  caller: Account | null,
): Promise<Activity> {
  const [entry] = await ctx.db.select().from(activity).where(eq(activity.id, id));
  if (!entry || (entry.familyId !== null && !canWrite(caller, entry.familyId))) throw notFound('Entry');
  if (entry.familyId === null && caller?.role !== 'admin') throw notFound('Entry');
  const entity = entry.entity as Activity['entity'];
  const target = targets[entity];
  const changes = entry.changes as Activity['changes'];
  const action = kindOf(entry.action);
  if (!target || entry.entityId === null || !(action in REQUEST_OF)) {
    throw conflict('revert.notRevertable', { entity: entry.entity, action: entry.action });
  }
  // A revert is the opposite request (reverting a create deletes): it needs that request's access.
  const operation = REQUEST_OF[action]!;
  if (!mayCall(target.resource.access[operation], caller)) {
    throw new HttpError(403, 'revert.needsAdmin', { operation, what: target.what.toLowerCase() });
  }
  // A delete that went to the recycle bin (or a product its sub-category handed over): restore the entry.
  if (entry.binEntryId !== null) return revertBinned(ctx, entry, caller);
  const before: Snapshot = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.before]));
  const entityId = entry.entityId;
  if (action === 'create') return revertCreate(ctx, { target, entityId, action, changes, before }, caller);
  const write = (tx: Tx) =>
    action === 'update'
      ? revertUpdate(tx, { target, entity, entityId, changes }, caller)
      : revertIn(tx, { target, entityId, action, changes, before }, caller);
  const newId = await withUniqueConflicts(target.conflicts, () => ctx.catalogue.write(write));
  const [recorded] = await ctx.db.select().from(activity).where(eq(activity.id, newId));
  return toActivity(recorded!);
}

interface Revert {
  target: RevertTarget;
  entityId: number;
  action: string;
  changes: Activity['changes'];
  before: Snapshot;
}

/** Brings back a record whose delete was recorded without a recycle bin entry (before the bin existed). */
async function revertIn(tx: Tx, r: Revert, caller: Account | null): Promise<number> {
  const { target, entityId } = r;
  const row = await lockRow(tx, target, entityId);
  const record = (before: Snapshot | null, after: Snapshot | null, family: number) =>
    publishChange(tx, caller, {
      entity: entityOf(target),
      action: 'revert',
      entityId,
      family,
      before,
      after,
    });

  if (r.action === 'delete') {
    if (row) throw conflict('revert.existsAgain', { what: target.what.toLowerCase() });
    const fields = Object.fromEntries(Object.entries(r.before).filter(([f]) => isRecorded(target, f)));
    requireWritable(caller, target.family({ id: entityId, familyId: fields.family as number }), target.what);
    try {
      const [back] = await tx
        .insert(target.table as PgTable)
        .overridingSystemValue()
        .values({ id: entityId, ...target.columns(fields, fields) } as never)
        .returning();
      await target.restored?.(tx, back as never);
      const after = target.snapshot(back as never);
      return (await record(null, after, target.family(back as { id: number })))!;
    } catch (err) {
      if (pgErrorCode(err) === '23503') throw conflict('revert.ownerDeleted', {});
      throw err;
    }
  }

  throw conflict('revert.onlyChanges', {});
}

/**
 * Reverting a create deletes the record as the delete button would: into the recycle bin, with
 * whatever was added to it since (a family's categories, a category's products), recorded as a
 * delete that can itself be reverted. Refused with 409 when the record's own fields changed since.
 */
async function revertCreate(ctx: DataContext, r: Revert, caller: Account | null): Promise<Activity> {
  const { target, entityId } = r;
  await ctx.catalogue.write(async (tx) => {
    const row = await lockRow(tx, target, entityId);
    if (!row) throw conflict('revert.deleted', { what: target.what.toLowerCase() });
    const current = target.snapshot(row as never);
    const moved = Object.entries(r.changes)
      .filter(([field, change]) => isRecorded(target, field) && !same(current[field], change.after))
      .map(([field]) => field);
    if (moved.length > 0) throw changedSince(moved);
  });
  await target.remove(ctx, entityId, caller);
  const [recorded] = await ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.entity, entityOf(target)), eq(activity.entityId, entityId)))
    .orderBy(desc(activity.id))
    .limit(1);
  if (!recorded) throw conflict('revert.historyOff', {});
  return toActivity(recorded);
}

const entityOf = (target: RevertTarget) => target.resource.history.entity as Activity['entity'];
