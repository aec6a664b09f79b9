import type { Account } from '@dalil/contracts/auth';
import {
  BIN_RECORDS_SHOWN,
  type BinEntry,
  type BinEntryDetail,
  type BinList,
  type BinQuerySchema,
  type BinRecord,
} from '@dalil/contracts/bin';
import { and, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { binEntries, binRows } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { writableFamilies } from '../../core/family-scope';
import { resultRows } from '../../lib/db-helpers';
import { mayUse } from './bin-restore';
import { binCounts } from '../../core/recycle-bin';

/** The activity log's revert of a delete restores the record from the bin. */
export { revertBinned } from './bin-revert';
/** A bulk change set's undo brings its deleted products back from the bin in its own transaction. */
export { binRestoreProblems, restoreBinEntryIn } from './bin-restore';

type Entry = typeof binEntries.$inferSelect;
const DAY_MS = 86_400_000;

/** The entries a caller may see: all for an administrator, an editor's families' but no family's. */
function scope(caller: Account | null): SQL | undefined {
  const families = writableFamilies(caller);
  if (families === null) return undefined;
  if (families.length === 0) return sql`false`;
  return and(inArray(binEntries.familyId, [...families]), ne(binEntries.entity, 'family'));
}

function toEntry(row: Entry, counts: BinEntry['counts'], days: number): BinEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, username: row.actorUsername },
    entity: row.entity,
    entityId: row.entityId,
    family: row.familyId,
    parent: row.parentId,
    name: { ar: row.nameAr, en: row.nameEn },
    counts,
    movedProducts: row.movedProducts.length,
    expiresAt: new Date(row.at.getTime() + days * DAY_MS).toISOString(),
  };
}

/** GET /api/bin: newest first; `days` is BIN_DAYS, which gives each entry its end. */
export async function listBin(
  db: Db,
  query: z.output<typeof BinQuerySchema>,
  caller: Account | null,
  days: number,
): Promise<BinList> {
  const where = and(
    scope(caller),
    query.family === undefined ? undefined : eq(binEntries.familyId, query.family),
    query.entity === undefined ? undefined : eq(binEntries.entity, query.entity),
  );
  const rows = await db
    .select()
    .from(binEntries)
    .where(where)
    .orderBy(desc(binEntries.id))
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(binEntries).where(where);
  const counts = await binCounts(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toEntry(r, counts.get(r.id)!, days)), count: total?.n ?? 0 };
}

/** GET /api/bin/:id: the entry with the records it holds, the deleted one first. */
export async function readBinEntry(
  db: Db,
  id: number,
  caller: Account | null,
  days: number,
): Promise<BinEntryDetail> {
  const [row] = await db.select().from(binEntries).where(eq(binEntries.id, id));
  if (!row || !mayUse(caller, row)) throw notFound('Bin entry');
  const counts = (await binCounts(db, [id])).get(id)!;
  const records = resultRows<{
    entity: BinRecord['entity'];
    id: number;
    en: string;
    ar: string;
    parent: string | null;
    barcode: string | null;
  }>(
    await db.execute(sql`select entity, entity_id as id,
        coalesce(row->>'name_en', (select string_agg(w, ', ') from jsonb_array_elements_text(row->'words') w)) as en,
        coalesce(row->>'name_ar', (select string_agg(w, '، ') from jsonb_array_elements_text(row->'words') w)) as ar,
        coalesce(row->>'parent_id', row->>'category_id') as parent, row->>'barcode' as barcode
      from ${binRows} where entry_id = ${id}
      order by (entity = ${row.entity} and entity_id = ${row.entityId}) desc,
        array_position(array['family', 'category', 'product', 'synonym'], entity), entity_id
      limit ${BIN_RECORDS_SHOWN}`),
  );
  return {
    ...toEntry(row, counts, days),
    records: records.map((r) => ({
      entity: r.entity,
      id: Number(r.id),
      name: { ar: r.ar ?? '', en: r.en ?? '' },
      parent: r.parent === null ? null : Number(r.parent),
      barcode: r.barcode,
    })),
  };
}

/** DELETE /api/bin/:id: the entry and what it holds are gone for good. */
export async function removeBinEntry(db: Db, id: number): Promise<void> {
  const gone = await db.delete(binEntries).where(eq(binEntries.id, id)).returning({ id: binEntries.id });
  if (gone.length === 0) throw notFound('Bin entry');
}

/** DELETE /api/bin: empties the bin; answers how many entries went. */
export async function emptyBin(db: Db): Promise<number> {
  const gone = await db.delete(binEntries).returning({ id: binEntries.id });
  return gone.length;
}

/** Removes the entries older than `days` days at `now`; answers how many went. */
export async function purgeBin(db: Db, days: number, now = new Date()): Promise<number> {
  const gone = await db
    .delete(binEntries)
    .where(lt(binEntries.at, new Date(now.getTime() - days * DAY_MS)))
    .returning({ id: binEntries.id });
  return gone.length;
}
