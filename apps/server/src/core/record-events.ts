import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { categories, families, products } from '../db/schema';
import type { RecordEntity, RecordOutcome } from './domain-event-types';
import { publishRecords, recordsWanted } from './domain-events';
import { toCategory, toFamily, toProduct } from './record-rows';

/**
 * The per-record events of writes made with set-based SQL (imports and scheduled feed runs, an import's
 * undo, what a delete takes into the bin or a restore brings back), which publish no change per record
 * (docs/decisions/0066-domain-events.md): each statement returns the ids and families it wrote, and
 * only the records a subscriber of the domain event bus wants (today the webhook outbox, for the
 * subscriptions' events) have their bodies read, in one select per batch, mapped as the API's read
 * maps them (the same body a published change carries), and published as one RecordsChanged.
 */

export type { RecordEntity } from './domain-event-types';

/** A row a statement wrote: its id and family (a family's own id). */
export interface WrittenRow {
  id: number;
  family: number | null;
}

type AnyRow = typeof products.$inferSelect | typeof categories.$inferSelect | typeof families.$inferSelect;

const LEVELS = {
  product: {
    table: products,
    body: (row: AnyRow) => toProduct(row as typeof products.$inferSelect),
    family: (row: AnyRow) => (row as typeof products.$inferSelect).familyId,
  },
  category: {
    table: categories,
    body: (row: AnyRow) => toCategory(row as typeof categories.$inferSelect),
    family: (row: AnyRow) => (row as typeof categories.$inferSelect).familyId,
  },
  family: {
    table: families,
    body: (row: AnyRow) => ({ ...toFamily(row as typeof families.$inferSelect), family: row.id }),
    family: (row: AnyRow) => row.id,
  },
} as const;

/** Bodies read per select (well under the parameter limit). */
const BATCH = 2000;

/** Whether any subscriber wants any of these records: a statement returns its ids only then. */
export async function anyoneWants(tx: Db | Tx, entity: RecordEntity, outcomes: RecordOutcome[]) {
  for (const what of outcomes) if (await recordsWanted(tx, entity, what)) return true;
  return false;
}

/** Of the rows a statement wrote, those a subscriber wants (none read when nobody does). */
export async function wantedRows(
  tx: Db | Tx,
  entity: RecordEntity,
  what: RecordOutcome,
  written: WrittenRow[],
): Promise<number[]> {
  const wanted = await recordsWanted(tx, entity, what);
  if (!wanted) return [];
  return written.filter((w) => wanted(w.family === null ? null : Number(w.family))).map((w) => Number(w.id));
}

/** The rows `ids` as stored now, in the ids' order: one select per batch. */
export async function readRows(tx: Db | Tx, entity: RecordEntity, ids: number[]): Promise<AnyRow[]> {
  const { table } = LEVELS[entity];
  const found: AnyRow[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const rows: AnyRow[] = await tx
      .select()
      .from(table)
      .where(sql`${table.id} = any(${sql.param(batch)}::int[])`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) found.push(row);
    }
  }
  return found;
}

/** Publishes the rows as records `entity` `what` (read before a delete, after a create or update). */
export async function announceRows(
  tx: Db | Tx,
  entity: RecordEntity,
  what: RecordOutcome,
  rows: AnyRow[],
): Promise<void> {
  const level = LEVELS[entity];
  const records = rows.map((row) => ({ id: row.id, family: level.family(row), body: level.body(row) }));
  await publishRecords(tx, { entity, what, records });
}

/** Publishes the rows a statement created or updated, reading the bodies of only those wanted. */
export async function announceWritten(
  tx: Db | Tx,
  entity: RecordEntity,
  what: RecordOutcome,
  written: WrittenRow[],
): Promise<void> {
  const ids = await wantedRows(tx, entity, what, written);
  if (ids.length === 0) return;
  await announceRows(tx, entity, what, await readRows(tx, entity, ids));
}

/**
 * Publishes the rows of `entity` that `where` (a condition on its table) holds for as records `what`,
 * but `except` (the record the write publishes as its own change): the records a delete takes
 * along into the recycle bin, read before it, or those a restore brings back, read after it.
 */
export async function announceWhere(
  tx: Db | Tx,
  entity: RecordEntity,
  what: RecordOutcome,
  where: SQL,
  except?: number,
): Promise<void> {
  const wanted = await recordsWanted(tx, entity, what);
  if (!wanted) return;
  const level = LEVELS[entity];
  const rows: AnyRow[] = await tx.select().from(level.table).where(where).orderBy(level.table.id);
  await announceRows(
    tx,
    entity,
    what,
    rows.filter((row) => row.id !== except && wanted(level.family(row))),
  );
}
