import type { Account } from '@dalil/contracts/auth';
import type { BinCounts, BinEntity } from '@dalil/contracts/bin';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { binEntries, binRows, categories, families, products } from '../db/schema';
import { actorOf } from '../lib/api-key-caller';
import { resultRows } from '../lib/db-helpers';

// The recycle bin's storage: each resource's delete copies into it and the bin module restores from
// it, so it sits below both.

type IdTable = PgTable & { id: AnyPgColumn };

/** The catalogue's own tables in a bin entry, by the entity name their rows carry. */
const CATALOGUE_TABLES: Record<string, IdTable> = {
  family: families,
  category: categories,
  product: products,
};

/** A resource's rows that a family's delete takes with it, and its restore brings back. */
interface FamilyRows {
  entity: string;
  table: IdTable;
  /** The table's column naming the family. */
  family: AnyPgColumn;
}

const keptWithFamily: FamilyRows[] = [];

/**
 * Says that a resource's rows belong to their family: a family's delete copies them into its bin
 * entry (and removes them, whether or not a foreign key would), its restore puts them back after the
 * family's categories and products. A resource's module says so when it is made (core/app-module.ts,
 * `keptWithFamily`), before the server takes its first request.
 */
export function keepWithFamily(entity: string, family: AnyPgColumn) {
  if (entity in CATALOGUE_TABLES || keptWithFamily.some((k) => k.entity === entity)) {
    throw new Error(`the recycle bin already keeps ${entity} rows`);
  }
  keptWithFamily.push({ entity, table: family.table as IdTable, family });
}

/** The entity names of the rows kept with a family (in the order their modules were made: restores do not depend on it). */
export const familyRowEntities = (): string[] => keptWithFamily.map((k) => k.entity);

/** The table a bin entry's rows of one entity came from. */
export function binTable(entity: string): IdTable {
  const table = CATALOGUE_TABLES[entity] ?? keptWithFamily.find((k) => k.entity === entity)?.table;
  if (!table) throw new Error(`the recycle bin keeps no ${entity} rows`);
  return table;
}

/** What a family's delete takes beside its categories and products: each kept resource's rows of it. */
export const familyRowsOf = (familyId: number): Record<string, SQL> =>
  Object.fromEntries(keptWithFamily.map((k) => [k.entity, eq(k.family, familyId)]));

/** Removes a family's kept rows once they are in its bin entry: some have no foreign key to cascade. */
export async function removeFamilyRows(tx: Tx, familyId: number) {
  for (const k of keptWithFamily) await tx.delete(k.table).where(eq(k.family, familyId));
}

/** What a delete takes: the record, and the condition on each table that picks what goes with it. */
export interface BinDelete {
  entity: BinEntity;
  row: { id: number; nameEn: string; nameAr: string };
  family: number;
  parent?: number | null;
  /** Per entity, the rows that go with the record (the record itself included). */
  takes: Record<string, SQL>;
  movedProducts?: number[];
}

/**
 * Copies the rows a delete is about to remove into a new bin entry, whole (`to_jsonb` of each row,
 * less the generated search words), in the delete's transaction; answers the entry's id. The caller
 * then deletes the record, and the foreign keys remove what hangs off it: the same rows.
 */
export async function copyToBin(tx: Tx, caller: Account | null, d: BinDelete): Promise<number> {
  const [entry] = await tx
    .insert(binEntries)
    .values({
      ...actorOf(caller),
      entity: d.entity,
      entityId: d.row.id,
      familyId: d.family,
      parentId: d.parent ?? null,
      nameEn: d.row.nameEn,
      nameAr: d.row.nameAr,
      movedProducts: d.movedProducts ?? [],
    })
    .returning({ id: binEntries.id });
  const id = entry!.id;
  for (const [entity, where] of Object.entries(d.takes)) {
    const table = binTable(entity);
    await tx.execute(sql`insert into ${binRows} (entry_id, entity, entity_id, row)
      select ${id}, ${entity}, ${table.id}, to_jsonb(${table}.*) - 'search_words' from ${table} where ${where}`);
  }
  return id;
}

/** How many rows of each kind entries hold, by entry id. */
export async function binCounts(tx: Pick<Tx, 'execute'>, ids: number[]): Promise<Map<number, BinCounts>> {
  const counts = new Map<number, BinCounts>();
  if (ids.length === 0) return counts;
  const rows = resultRows<{
    entry_id: number;
    families: number;
    categories: number;
    subs: number;
    products: number;
    synonyms: number;
  }>(
    await tx.execute(sql`select entry_id,
        count(*) filter (where entity = 'family')::int as families,
        count(*) filter (where entity = 'category' and row->>'parent_id' is null)::int as categories,
        count(*) filter (where entity = 'category' and row->>'parent_id' is not null)::int as subs,
        count(*) filter (where entity = 'product')::int as products,
        count(*) filter (where entity = 'synonym')::int as synonyms
      from ${binRows} where ${inArray(binRows.entryId, ids)} group by entry_id`),
  );
  for (const id of ids) {
    const r = rows.find((x) => Number(x.entry_id) === id);
    counts.set(id, {
      families: Number(r?.families ?? 0),
      categories: Number(r?.categories ?? 0),
      subCategories: Number(r?.subs ?? 0),
      products: Number(r?.products ?? 0),
      synonyms: Number(r?.synonyms ?? 0),
    });
  }
  return counts;
}
