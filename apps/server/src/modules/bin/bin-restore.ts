import type { Account } from '@dalil/contracts/auth';
import type { BinRestored } from '@dalil/contracts/bin';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { binEntries, binRows, categories, families, products } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { HttpError, notFound, toDetail } from '../../lib/errors';
import { canWrite } from '../../core/family-scope';
import { publishChange, type Snapshot } from '../../core/domain-events';
import { takeProductsBack, toCategory } from '../categories/categories.service';
import { toFamily } from '../families/families.service';
import { resultRows } from '../../lib/db-helpers';
import { productSearchText, toProduct } from '../products/products.service';
import { restoreConflicts } from './bin-conflicts';
import { announceWhere } from '../../core/record-events';
import { recomputeCompleteness } from '../../core/completeness';
import { binCounts, binTable, familyRowEntities } from '../../core/recycle-bin';

type Entry = typeof binEntries.$inferSelect;

/** Family entries are the administrators'; an editor sees the entries of their families. */
export const mayUse = (caller: Account | null, entry: Pick<Entry, 'entity' | 'familyId'>) =>
  (entry.entity !== 'family' || caller?.role === 'admin') && canWrite(caller, entry.familyId);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Puts the entry's rows of one table back, with their ids and every stored column as it was. A row
 * binned by an earlier release lacks the columns added since: those take their defaults.
 */
async function reinsert(tx: Tx, entry: number, entity: string, extra?: SQL) {
  const table = binTable(entity);
  const stored: Record<string, AnyPgColumn> = getTableColumns(table as PgTable);
  const recorded = new Set(
    resultRows<{ key: string }>(
      await tx.execute(sql`select distinct jsonb_object_keys(b.row) as key from ${binRows} b
        where b.entry_id = ${entry} and b.entity = ${entity}`),
    ).map((r) => r.key),
  );
  const columns = Object.values(stored)
    .map((c) => snake(c.name))
    .filter((name) => recorded.has(name))
    .map((name) => `"${name}"`);
  if (columns.length === 0) return;
  await tx.execute(sql`insert into ${table} (${sql.raw(columns.join(', '))}) overriding system value
    select ${sql.raw(columns.map((c) => `r.${c}`).join(', '))}
    from ${binRows} b, jsonb_populate_record(null::${table}, b.row) r
    where b.entry_id = ${entry} and b.entity = ${entity} ${extra ?? sql``}`);
}

/**
 * A product restored on its own goes back into its category; if its sub-category is gone or no longer
 * under that category, it comes back without one (as a deleted sub-category's products do).
 */
async function dropLostSubCategory(tx: Tx, entry: number) {
  await tx.execute(sql`update ${binRows} b set row = jsonb_set(b.row, '{sub_category_id}', 'null')
    where b.entry_id = ${entry} and b.entity = 'product' and b.row->>'sub_category_id' is not null
      and not exists (select 1 from categories c where c.id = (b.row->>'sub_category_id')::int
        and c.parent_id = (b.row->>'category_id')::int)`);
}

/** The search text is written the way the products service writes it, in case its analysis changed. */
async function reindexProducts(tx: Tx, entry: number) {
  const rows = resultRows<{ id: number; name_ar: string; name_en: string; search_text: string }>(
    await tx.execute(sql`select p.id, p.name_ar, p.name_en, p.search_text from ${products} p
      join ${binRows} b on b.entity = 'product' and b.entity_id = p.id and b.entry_id = ${entry}`),
  );
  for (const r of rows) {
    const text = productSearchText(r.name_ar, r.name_en);
    if (text !== r.search_text) {
      await tx
        .update(products)
        .set({ searchText: text })
        .where(eq(products.id, Number(r.id)));
    }
  }
}

async function rootSnapshot(tx: Tx, entry: Entry): Promise<Snapshot> {
  const id = entry.entityId;
  if (entry.entity === 'family') {
    const [row] = await tx.select().from(families).where(eq(families.id, id));
    return toFamily(row!);
  }
  if (entry.entity === 'category') {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id));
    return toCategory(row!);
  }
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  return toProduct(row!);
}

export interface Restored extends BinRestored {
  /** The history entry that records the restore (null with the history off). */
  activity: number | null;
}

/**
 * Brings a bin entry back whole, in one transaction: the rows with their ids, a sub-category's
 * products from its parent, the search text, a history entry; then the entry leaves the bin. Anything
 * in the way (a name or barcode taken since, a family or category gone) is a 409 naming the record and
 * field, and nothing changes.
 */
export function restoreBinEntry(ctx: DataContext, id: number, caller: Account | null): Promise<Restored> {
  return ctx.catalogue.write(async (tx) => {
    const [entry] = await tx.select().from(binEntries).where(eq(binEntries.id, id)).for('update');
    if (!entry || !mayUse(caller, entry)) throw notFound('Bin entry');
    const problems = await restoreConflicts(tx, entry);
    if (problems.length > 0) {
      const details = problems.map(toDetail);
      const reason = details[0]!.message;
      throw problems.length > 1
        ? new HttpError(409, 'bin.cannotRestoreMore', { reason, more: problems.length - 1 }, { details })
        : new HttpError(409, 'bin.cannotRestore', { reason }, { details });
    }
    return restoreChecked(tx, entry, caller);
  });
}

/**
 * What would keep a bin entry from coming back (a barcode taken since, its category gone), each as
 * a sentence; none when there is no such entry. For an undo that restores entries in its own
 * transaction (a bulk change set's deletes).
 */
export async function binRestoreProblems(tx: Tx, id: number): Promise<string[]> {
  const [entry] = await tx.select().from(binEntries).where(eq(binEntries.id, id));
  if (!entry) return [];
  return (await restoreConflicts(tx, entry)).map((p) => toDetail(p).message);
}

/**
 * Restores a bin entry in the caller's transaction once its problems were found to be none, its
 * history entry recorded as an `undo`.
 */
export async function restoreBinEntryIn(tx: Tx, id: number, caller: Account | null): Promise<void> {
  const [entry] = await tx.select().from(binEntries).where(eq(binEntries.id, id)).for('update');
  if (entry) await restoreChecked(tx, entry, caller, 'undo');
}

async function restoreChecked(
  tx: Tx,
  entry: Entry,
  caller: Account | null,
  action: 'revert' | 'undo' = 'revert',
): Promise<Restored> {
  const id = entry.id;
  const counts = (await binCounts(tx, [id])).get(id)!;
  await reinsert(tx, id, 'family');
  await reinsert(tx, id, 'category', sql`and b.row->>'parent_id' is null`);
  await reinsert(tx, id, 'category', sql`and b.row->>'parent_id' is not null`);
  if (entry.entity === 'product') await dropLostSubCategory(tx, id);
  await reinsert(tx, id, 'product');
  for (const entity of familyRowEntities()) await reinsert(tx, id, entity);
  await reindexProducts(tx, id);
  const movedBack =
    entry.entity === 'category' && entry.parentId !== null
      ? await takeProductsBack(tx, entry.entityId, entry.parentId, entry.movedProducts, caller)
      : 0;
  // The restored products' attributes may have changed while they were in the bin.
  await recomputeCompleteness(
    tx,
    sql`${products.id} in (select entity_id from ${binRows} where entry_id = ${id} and entity = 'product')`,
  );
  // What came back with the record is created again (the record itself as its own published change).
  for (const [entity, table] of [
    ['category', categories],
    ['product', products],
  ] as const) {
    await announceWhere(
      tx,
      entity,
      'created',
      sql`${table.id} in (select entity_id from ${binRows} where entry_id = ${id} and entity = ${entity})`,
      entry.entity === entity ? entry.entityId : undefined,
    );
  }
  const activity = await publishChange(tx, caller, {
    entity: entry.entity,
    action,
    entityId: entry.entityId,
    family: entry.familyId,
    before: null,
    after: await rootSnapshot(tx, entry),
  });
  await tx.delete(binEntries).where(eq(binEntries.id, id));
  return {
    entity: entry.entity,
    entityId: entry.entityId,
    family: entry.familyId,
    counts,
    movedBack,
    activity,
  };
}
