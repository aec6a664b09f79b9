import type { Account } from '@dalil/contracts/auth';
import type { ImportRun, UndoResult } from '@dalil/contracts/import-runs';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importRuns } from '../../db/schema';
import type { DataContext } from '../../lib/context';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { canWrite } from '../../lib/family-scope';
import { recordChange } from '../../lib/history';
import { recordImportedRows } from './import-history';
import { resultRows } from './merge';

/** Per level: its table, and the columns an undo puts back (what an import may have changed). */
const LEVELS = [
  {
    entity: 'product',
    table: 'products',
    columns: [
      'name_en',
      'name_ar',
      'family_id',
      'category_id',
      'sub_category_id',
      'number',
      'shelf_life',
      'net_weight',
      'drained_weight',
      'units_per_carton',
      'carton_per_palate',
      'search_text',
    ],
  },
  { entity: 'category', table: 'categories', columns: ['name_en', 'name_ar', 'parent_id'] },
  { entity: 'family', table: 'families', columns: ['name_en', 'name_ar'] },
] as const;

export interface Conflict {
  entity: string;
  id: number;
  reason: string;
}

/**
 * The rows of the import that someone changed or deleted since (their `updated_at` is no longer the
 * import's time), and the families and categories it created that have gained rows it did not write.
 */
async function conflictsOf(tx: Tx, run: number): Promise<Conflict[]> {
  const rows = resultRows<Conflict>(
    await tx.execute(sql`
      select c.entity, c.entity_id as id,
        case when coalesce(p.id, k.id, f.id) is null then 'deleted since' else 'changed since' end as reason
      from import_changes c
      left join products p on c.entity = 'product' and p.id = c.entity_id
      left join categories k on c.entity = 'category' and k.id = c.entity_id
      left join families f on c.entity = 'family' and f.id = c.entity_id
      where c.import_id = ${run}
        and coalesce(p.updated_at, k.updated_at, f.updated_at) is distinct from (select at from import_runs where id = ${run})
      union all
      select c.entity, c.entity_id, 'holds rows added since'
      from import_changes c
      where c.import_id = ${run} and c.before is null and c.entity in ('family', 'category')
        and exists (select 1 from products p where
          (case when c.entity = 'family' then p.family_id else p.category_id end) = c.entity_id
          and not exists (select 1 from import_changes o where o.import_id = ${run}
            and o.entity = 'product' and o.entity_id = p.id))
      order by 1, 2`),
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Puts the import's updated rows back and deletes its created ones, except `skip`. */
async function putBack(tx: Tx, run: number, skip: Conflict[]) {
  const skipped = sql.param(skip.map((c) => `${c.entity}:${c.id}`));
  const mine = (entity: string) => sql`c.import_id = ${run} and c.entity = ${entity}
    and not (c.entity || ':' || c.entity_id) = any(${skipped}::text[])`;
  for (const level of LEVELS) {
    const table = sql.identifier(level.table);
    const set = level.columns.map((col) => sql`${sql.identifier(col)} = b.${sql.identifier(col)}`);
    await tx.execute(sql`update ${table} t set ${sql.join(set, sql`, `)}, updated_at = now()
      from import_changes c, jsonb_populate_record(null::${table}, c.before) b
      where ${mine(level.entity)} and c.before is not null and t.id = c.entity_id`);
    await tx.execute(sql`delete from ${table} t using import_changes c
      where ${mine(level.entity)} and c.before is null and t.id = c.entity_id`);
  }
}

/**
 * POST /api/import/:id/undo: reverts every create and update of one import in one transaction. Rows
 * changed since by anyone are conflicts: the undo is refused (409, each listed) unless
 * `skipConflicts`, which leaves them as they are and undoes the rest.
 */
export async function undoImport(
  ctx: DataContext,
  id: number,
  caller: Account | null,
  skipConflicts: boolean,
): Promise<UndoResult> {
  return ctx.catalogue.write(async (tx) => {
    const [run] = await tx.select().from(importRuns).where(eq(importRuns.id, id)).for('update');
    if (!run || !visible(run, caller)) throw notFound('Import');
    if (run.undoneAt) throw conflict('This import was undone already');
    const conflicts = await conflictsOf(tx, id);
    if (conflicts.length > 0 && !skipConflicts) {
      throw new HttpError(
        409,
        `${conflicts.length} row${conflicts.length === 1 ? ' was' : 's were'} changed since the import; undo with skipConflicts=true to leave ${conflicts.length === 1 ? 'it' : 'them'} as ${conflicts.length === 1 ? 'it is' : 'they are'}`,
        conflicts.slice(0, 100).map((c) => ({ path: `${c.entity} ${c.id}`, message: c.reason })),
      );
    }
    await recordImportedRows(
      tx,
      caller,
      id,
      'undo',
      conflicts.map((c) => `${c.entity}:${c.id}`),
    );
    await putBack(tx, id, conflicts);
    await tx
      .update(importRuns)
      .set({ undoneAt: new Date() })
      .where(and(eq(importRuns.id, id)));
    await recordChange(tx, caller, {
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
      skipped: conflicts.map((c) => ({ entity: c.entity, id: c.id, reason: c.reason })),
    };
  });
}

/** Admins see every import; an editor their own and those of their families. */
export function visible(run: { actorId: number | null; familyId: number | null }, caller: Account | null) {
  if (caller?.role === 'admin') return true;
  return run.actorId === caller?.id || (run.familyId !== null && canWrite(caller, run.familyId));
}

export type { ImportRun };
