import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import { binRestoreProblems } from '../bin/bin.service';

/** Per level: its table, and the columns an undo puts back (what an import may have changed). */
export const UNDO_LEVELS = [
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
      'status',
      'cost',
      'description_en',
      'description_ar',
      'publish_at',
      'image',
      'logo',
      'attributes',
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
 * Notes each row as the import left it, at the end of the import: an undo compares the rows with it
 * by value, so a later edit that was reverted (the row is as the import left it again) is no
 * conflict. A row the import created is noted by the insert's trigger as it was inserted, and that
 * note is cleared if the import writes the row again: only the rows without a note are read here.
 */
export async function rememberImportResult(tx: Tx, run: number): Promise<void> {
  for (const level of UNDO_LEVELS) {
    await tx.execute(sql`update import_changes c set after = to_jsonb(t)
      from ${sql.identifier(level.table)} t
      where c.import_id = ${run} and c.entity = ${level.entity} and c.after is null and t.id = c.entity_id`);
  }
}

/**
 * The rows a bulk change set deleted (into the recycle bin) that its undo cannot bring back: one
 * that exists again (restored or reverted since), one whose bin entry is gone (removed for good), or
 * one the bin would refuse to restore (its barcode taken since, its category gone). A row the change
 * set created and then deleted has nothing to bring back.
 */
async function deleteConflicts(tx: Tx, run: number): Promise<Conflict[]> {
  const rows = resultRows<{ entity: string; id: number; bin: number; reason: string | null }>(
    await tx.execute(sql`
      select c.entity, c.entity_id as id, c.bin_entry_id as bin,
        case when t.id is not null then 'changed since' when b.id is null then 'deleted since' end as reason
      from import_changes c
      left join products t on t.id = c.entity_id
      left join bin_entries b on b.id = c.bin_entry_id
      where c.import_id = ${run} and c.entity = 'product' and c.bin_entry_id is not null
        and c.before is not null`),
  );
  const conflicts: Conflict[] = [];
  for (const row of rows) {
    const reason = row.reason ?? (await binRestoreProblems(tx, Number(row.bin)))[0];
    if (reason) conflicts.push({ entity: row.entity, id: Number(row.id), reason });
  }
  return conflicts;
}

/**
 * The rows of the import that someone changed or deleted since, and the families and categories it
 * created that have gained rows it did not write. A row the import updated conflicts when a column
 * the undo puts back differs from what the import left; a row it created (which the undo deletes)
 * when any column it recorded differs. Columns an earlier release did not record (added since) are
 * not compared. Imports noted before the import's result was kept compare the row's
 * `updated_at` with the import's time instead.
 */
export async function conflictsOf(tx: Tx, run: number): Promise<Conflict[]> {
  const conflicts: Conflict[] = [];
  for (const level of UNDO_LEVELS) {
    const columns = sql.param([...level.columns]);
    const rows = resultRows<Conflict>(
      await tx.execute(sql`
        select c.entity, c.entity_id as id,
          case when t.id is null then 'deleted since' else 'changed since' end as reason
        from import_changes c
        left join ${sql.identifier(level.table)} t on t.id = c.entity_id
        where c.import_id = ${run} and c.entity = ${level.entity} and c.bin_entry_id is null
          and (t.id is null or case
            when c.after is null
              then t.updated_at is distinct from (select at from import_runs where id = ${run})
            when c.before is null
              then exists (select 1 from jsonb_object_keys(c.after) col where col <> 'updated_at'
                and (to_jsonb(t) -> col) is distinct from (c.after -> col))
            else exists (select 1 from unnest(${columns}::text[]) col
              where c.after -> col is not null and (to_jsonb(t) -> col) is distinct from (c.after -> col))
          end)`),
    );
    conflicts.push(...rows);
  }
  const holding = resultRows<Conflict>(
    await tx.execute(sql`
      select c.entity, c.entity_id as id, 'holds rows added since' as reason
      from import_changes c
      where c.import_id = ${run} and c.before is null and c.entity in ('family', 'category')
        and exists (select 1 from products p where
          (case when c.entity = 'family' then p.family_id else p.category_id end) = c.entity_id
          and not exists (select 1 from import_changes o where o.import_id = ${run}
            and o.entity = 'product' and o.entity_id = p.id))`),
  );
  return [...conflicts, ...holding, ...(await deleteConflicts(tx, run))]
    .map((r) => ({ ...r, id: Number(r.id) }))
    .sort((a, b) => a.entity.localeCompare(b.entity) || a.id - b.id);
}
