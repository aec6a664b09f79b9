import type { Activity } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { activity } from '../../db/schema';
import type { DataContext } from '../../lib/context';
import { withUniqueConflicts } from '../../lib/crud-service';
import { pgErrorCode } from '../../lib/database-errors';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { canWrite, requireWritable } from '../../lib/family-scope';
import { recordChange, type Snapshot } from '../../lib/history';
import { revertBinned } from '../bin/bin-revert';
import { toActivity } from './activity.service';
import { REVERT_TARGETS, type RevertTarget } from './revert-targets';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const HIDDEN = new Set(['id', 'name']);

/** 409 naming the fields someone changed after the entry: reverting would undo their change too. */
function changedSince(fields: string[]): HttpError {
  return new HttpError(
    409,
    `Changed since this entry: ${fields.join(', ')}. Revert the later change first.`,
    fields.map((path) => ({ path, message: 'was changed after this entry' })),
  );
}

async function lockRow(tx: Tx, target: RevertTarget, id: number) {
  const [row] = await tx.select().from(target.table).where(eq(target.table.id, id)).for('update');
  return row as ({ id: number; familyId?: number } & Record<string, unknown>) | undefined;
}

/**
 * Puts a recorded write back (docs/decisions/0030-history.md): an update's fields return to their
 * `before` values, a create is deleted, a delete brings the row back with the same id (its images
 * too, which stay stored). Refused with 409 when the fields were changed again since. The revert
 * is itself recorded, in the same transaction.
 */
export async function revertEntry(ctx: DataContext, id: number, caller: Account | null): Promise<Activity> {
  const [entry] = await ctx.db.select().from(activity).where(eq(activity.id, id));
  if (!entry || (entry.familyId !== null && !canWrite(caller, entry.familyId))) throw notFound('Entry');
  if (entry.familyId === null && caller?.role !== 'admin') throw notFound('Entry');
  // A delete that went to the recycle bin (or a product its sub-category handed over): restore the entry.
  if (entry.binEntryId !== null) return revertBinned(ctx, entry, caller);
  const target = REVERT_TARGETS[entry.entity as Activity['entity']];
  if (!target || entry.entityId === null) throw conflict(`A ${entry.entity} change cannot be reverted`);
  const changes = entry.changes as Activity['changes'];
  const before: Snapshot = Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.before]));
  const entityId = entry.entityId;
  const write = (tx: Tx) => revertIn(tx, { target, entityId, action: entry.action, changes, before }, caller);
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

async function revertIn(tx: Tx, r: Revert, caller: Account | null): Promise<number> {
  const { target, entityId } = r;
  const row = await lockRow(tx, target, entityId);
  const record = (before: Snapshot | null, after: Snapshot | null, family: number) =>
    recordChange(tx, caller, { entity: entityOf(target), action: 'revert', entityId, family, before, after });

  if (r.action === 'delete') {
    if (row) throw conflict(`The ${target.what.toLowerCase()} exists again: nothing to bring back`);
    const fields = Object.fromEntries(Object.entries(r.before).filter(([f]) => !HIDDEN.has(f)));
    requireWritable(caller, target.family({ id: entityId, familyId: fields.family as number }), target.what);
    try {
      const [back] = await tx
        .insert(target.table as PgTable)
        .overridingSystemValue()
        .values({ id: entityId, ...target.columns(fields, fields) } as never)
        .returning();
      const after = target.snapshot(back as never);
      return (await record(null, after, target.family(back as { id: number })))!;
    } catch (err) {
      if (pgErrorCode(err) === '23503')
        throw conflict('What it belonged to was deleted since: bring that back first');
      throw err;
    }
  }

  if (!row) throw conflict(`The ${target.what.toLowerCase()} was deleted since`);
  requireWritable(caller, target.family(row), target.what);
  const current = target.snapshot(row as never);
  const moved = Object.entries(r.changes)
    .filter(([field, change]) => !HIDDEN.has(field) && !same(current[field], change.after))
    .map(([field]) => field);
  if (moved.length > 0) throw changedSince(moved);

  if (r.action === 'create') {
    await tx.delete(target.table).where(eq(target.table.id, entityId));
    return (await record(current, null, target.family(row)))!;
  }
  const fields = Object.fromEntries(Object.entries(r.before).filter(([f]) => !HIDDEN.has(f)));
  const merged = { ...current, ...fields };
  if (fields.family !== undefined) requireWritable(caller, fields.family as number, target.what);
  const [updated] = await tx
    .update(target.table as PgTable)
    .set({ ...target.columns(fields, merged), updatedAt: new Date() })
    .where(eq(target.table.id, entityId))
    .returning();
  await target.afterUpdate?.(tx, entityId, merged);
  const after = target.snapshot(updated as never);
  return (await record(current, after, target.family(updated as { id: number })))!;
}

const entityOf = (target: RevertTarget) =>
  Object.entries(REVERT_TARGETS).find(([, t]) => t === target)![0] as Activity['entity'];
