import type { Activity } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import type { Access } from '@dalil/contracts/resources';
import { and, eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activity } from '../../db/schema';
import { changedSince, conflict, HttpError, toDetail } from '../../lib/errors';
import { requireWritable } from '../../core/family-scope';
import type { Snapshot } from '../../core/domain-events';
import { formFields, recordedFields, type RevertTarget } from '../../core/revert-target';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether the caller may make the request a revert stands for (the resource's declared access). */
export const mayCall = (access: Access, caller: Account | null): boolean =>
  access === 'admin' ? caller?.role === 'admin' : caller?.role === 'admin' || caller?.role === 'editor';

/** A recorded value the form or the catalogue no longer accepts: the revert conflicts with today's data. */
const noLongerFits = (reason: string, details: HttpError['details']) =>
  new HttpError(409, 'revert.noLongerFits', { reason }, details ? { details } : {});

async function lastEntry(tx: Tx, entity: string, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: max(activity.id) })
    .from(activity)
    .where(and(eq(activity.entity, entity), eq(activity.entityId, id)));
  return row?.id ?? null;
}

export interface UpdateRevert {
  target: RevertTarget;
  entity: Activity['entity'];
  entityId: number;
  changes: Activity['changes'];
}

/**
 * Puts an update's fields back by sending the record's own form again, with the recorded `before`
 * values over today's others, through the resource's own update: the same validation, links
 * (a product's category in its family, a sub-category under its category, a parent in the same
 * family) and family permissions as the edit made by hand, and every field the entry names is
 * written. A value that no longer fits is a 409 naming the field. Returns the revert's entry id.
 */
export async function revertUpdate(tx: Tx, r: UpdateRevert, caller: Account | null): Promise<number> {
  const { target, entityId } = r;
  const [row] = await tx.select().from(target.table).where(eq(target.table.id, entityId)).for('update');
  if (!row) throw conflict('revert.deleted', { what: target.what.toLowerCase() });
  const locked = row as { id: number; familyId?: number };
  requireWritable(caller, target.family(locked), target.what);
  const current = target.snapshot(row as never);
  const fields = new Set(recordedFields(target.resource));
  const recorded = Object.entries(r.changes).filter(([field]) => fields.has(field));
  const moved = recorded.filter(([field, change]) => !same(current[field], change.after)).map(([f]) => f);
  if (moved.length > 0) throw changedSince(moved);

  const merged: Snapshot = { ...current, ...Object.fromEntries(recorded.map(([f, c]) => [f, c.before])) };
  const form = Object.fromEntries(formFields(target.resource).map((f) => [f, merged[f] ?? null]));
  const parsed = target.resource.schemas.updateBody.safeParse(form);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) =>
      toDetail({ path: `body.${i.path.join('.')}`, message: i.message }),
    );
    throw noLongerFits(details.map((d) => `${d.path.slice(5)} ${d.message}`).join('; '), details);
  }
  const previous = await lastEntry(tx, r.entity, entityId);
  try {
    await target.update(tx, entityId, parsed.data as never, caller, 'revert');
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) throw noLongerFits(err.message, err.details);
    throw err;
  }
  const entry = await lastEntry(tx, r.entity, entityId);
  if (entry === null || entry === previous) throw conflict('revert.nothing', {});
  return entry;
}
