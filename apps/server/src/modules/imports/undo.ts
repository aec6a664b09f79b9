import type { Account } from '@dalil/contracts/auth';
import type { UndoResult } from '@dalil/contracts/import-runs';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importChanges, importRuns } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { canWrite } from '../../core/family-scope';
import { inChangeSet } from '../../core/history';
import { publishChange } from '../../core/domain-events';
import { restoreBinEntryIn } from '../bin/bin.service';
import { recordImportedRows } from './import-history';
import { conflictsOf, UNDO_LEVELS, type Conflict } from './import-conflicts';
import { resultRows } from '../../lib/db-helpers';
import { recomputeCompleteness } from '../../core/completeness';
import { announceRows, anyoneWants, readRows, wantedRows, type WrittenRow } from '../../core/record-events';

/**
 * The undo's per-record events (docs/decisions/0051-webhooks.md): the records it deletes (those the
 * import created) announce `deleted` with their body before the undo, which is written now; those it
 * puts back announce `updated` with their body after it, by the returned function once putBack ran.
 * Nothing is read for a level no subscription wants.
 */
async function undoEvents(tx: Tx, run: number, skip: Conflict[]): Promise<() => Promise<void>> {
  const skipped = sql.param(skip.map((c) => `${c.entity}:${c.id}`));
  const later: (() => Promise<void>)[] = [];
  for (const level of [...UNDO_LEVELS].reverse()) {
    if (!(await anyoneWants(tx, level.entity, ['updated', 'deleted']))) continue;
    const family = level.entity === 'family' ? sql`t.id` : sql`t.family_id`;
    const rows = resultRows<WrittenRow & { family_id: number | null; created: boolean }>(
      await tx.execute(sql`select c.entity_id as id, ${family} as family_id, c.before is null as created
        from import_changes c join ${sql.identifier(level.table)} t on t.id = c.entity_id
        where c.import_id = ${run} and c.entity = ${level.entity}
          and not (c.entity || ':' || c.entity_id) = any(${skipped}::text[])
        order by c.entity_id`),
    ).map((r) => ({
      id: Number(r.id),
      family: r.family_id === null ? null : Number(r.family_id),
      created: r.created,
    }));
    const deleted = await wantedRows(
      tx,
      level.entity,
      'deleted',
      rows.filter((r) => r.created),
    );
    await announceRows(tx, level.entity, 'deleted', await readRows(tx, level.entity, deleted));
    const updated = await wantedRows(
      tx,
      level.entity,
      'updated',
      rows.filter((r) => !r.created),
    );
    later.push(async () =>
      announceRows(tx, level.entity, 'updated', await readRows(tx, level.entity, updated)),
    );
  }
  return async () => {
    for (const announce of later.reverse()) await announce();
  };
}

/**
 * Puts the import's updated rows back and deletes its created ones, except `skip`. An import recorded
 * by an earlier release lacks the columns added since: those keep today's values.
 */
async function putBack(tx: Tx, run: number, skip: Conflict[], caller: Account | null) {
  const skipped = sql.param(skip.map((c) => `${c.entity}:${c.id}`));
  const mine = (entity: string) => sql`c.import_id = ${run} and c.entity = ${entity}
    and not (c.entity || ':' || c.entity_id) = any(${skipped}::text[])`;
  // A bulk change set's deletes come back from the recycle bin first (their own history entries, as
  // undone with the change set); a row it updated before deleting is then put back below.
  const binned = resultRows<{ bin: number }>(
    await tx.execute(sql`select c.bin_entry_id as bin from import_changes c
      where ${mine('product')} and c.bin_entry_id is not null and c.before is not null
      order by c.entity_id`),
  );
  await inChangeSet(run, async () => {
    for (const { bin } of binned) await restoreBinEntryIn(tx, Number(bin), caller);
  });
  // A product the change set created and then deleted never was: its bin entry goes too.
  await tx.execute(sql`delete from bin_entries b using import_changes c
    where ${mine('product')} and c.before is null and c.bin_entry_id = b.id`);
  for (const level of UNDO_LEVELS) {
    const table = sql.identifier(level.table);
    // A column the record lacks was added by a later release: it is left as it is, not cleared.
    const set = level.columns.map(
      (col) => sql`${sql.identifier(col)} = case when c.before -> ${col} is null
        then t.${sql.identifier(col)} else b.${sql.identifier(col)} end`,
    );
    await tx.execute(sql`update ${table} t set ${sql.join(set, sql`, `)}, updated_at = now()
      from import_changes c, jsonb_populate_record(null::${table}, c.before) b
      where ${mine(level.entity)} and c.before is not null and t.id = c.entity_id`);
    await tx.execute(sql`delete from ${table} t using import_changes c
      where ${mine(level.entity)} and c.before is null and t.id = c.entity_id`);
  }
  // Attribute values put back change what is filled.
  await recomputeCompleteness(
    tx,
    sql`products.id in (select c.entity_id from import_changes c where ${mine('product')})`,
  );
}

/**
 * POST /api/import/:id/undo: reverts every create and update of one import in one transaction. Rows
 * changed since by anyone are conflicts: the undo is refused (409, each listed) unless
 * `skipConflicts`, which leaves them as they are and undoes the rest. `rows` (for the metrics, not
 * the answer) counts the records it put back or deleted.
 */
export async function undoImport(
  ctx: DataContext,
  id: number,
  caller: Account | null,
  skipConflicts: boolean,
): Promise<UndoResult & { rows: number }> {
  return ctx.catalogue.write(async (tx) => {
    const [run] = await tx.select().from(importRuns).where(eq(importRuns.id, id)).for('update');
    if (!run || !visible(run, caller)) throw notFound('Import');
    // Its author too must still manage every family it touched: access lost is access lost.
    if (!(await mayUndo(tx, id, run.familyId, caller))) throw notFound('Import');
    if (run.undoneAt) throw conflict('import.undoneAlready', {});
    if (run.failure !== null) throw conflict('import.failedRun', {});
    const conflicts = await conflictsOf(tx, id);
    if (conflicts.length > 0 && !skipConflicts) {
      throw new HttpError(
        409,
        'import.changedSince',
        { count: conflicts.length },
        { details: conflicts.slice(0, 100).map((c) => ({ path: `${c.entity} ${c.id}`, message: c.reason })) },
      );
    }
    await recordImportedRows(
      tx,
      caller,
      id,
      'undo',
      conflicts.map((c) => `${c.entity}:${c.id}`),
    );
    const [changed] = await tx
      .select({ n: count() })
      .from(importChanges)
      .where(eq(importChanges.importId, id));
    const announceUpdated = await undoEvents(tx, id, conflicts);
    await putBack(tx, id, conflicts, caller);
    await announceUpdated();
    await tx
      .update(importRuns)
      .set({ undoneAt: new Date() })
      .where(and(eq(importRuns.id, id)));
    await publishChange(tx, caller, {
      entity: 'import',
      action: 'undo',
      entityId: id,
      family: run.familyId,
      before: null,
      after: null,
      changes: {
        undone: { before: null, after: run.fileName },
        skipped: { before: null, after: conflicts.length },
      },
    });
    return {
      importId: id,
      rows: Math.max(0, (changed?.n ?? 0) - conflicts.length),
      skipped: conflicts.map((c) => ({ entity: c.entity, id: c.id, reason: c.reason })),
    };
  });
}

/**
 * The families an import wrote to: the rows it created or updated, where they are now and where
 * they were before it (a row since moved or deleted still counts).
 */
async function touchedFamilies(tx: Tx, run: number): Promise<number[]> {
  const rows = resultRows<{ family: number | null }>(
    await tx.execute(sql`
      select distinct coalesce(p.family_id, k.family_id, f.id) as family
      from import_changes c
      left join products p on c.entity = 'product' and p.id = c.entity_id
      left join categories k on c.entity = 'category' and k.id = c.entity_id
      left join families f on c.entity = 'family' and f.id = c.entity_id
      where c.import_id = ${run}
      union
      select distinct (case when c.entity = 'family' then c.before->>'id' else c.before->>'family_id' end)::int
      from import_changes c where c.import_id = ${run} and c.before is not null`),
  );
  return rows
    .map((r) => r.family)
    .filter((f): f is number => f !== null)
    .map(Number);
}

/** Admins undo any import; anyone else only one whose every family they may still write. */
export async function mayUndo(tx: Tx, run: number, family: number | null, caller: Account | null) {
  if (caller?.role === 'admin') return true;
  const families = await touchedFamilies(tx, run);
  if (family !== null) families.push(family);
  return families.every((f) => canWrite(caller, f));
}

/** Admins see every import; an editor their own and those of their families. */
function visible(run: { actorId: number | null; familyId: number | null }, caller: Account | null) {
  if (caller?.role === 'admin') return true;
  return run.actorId === caller?.id || (run.familyId !== null && canWrite(caller, run.familyId));
}
