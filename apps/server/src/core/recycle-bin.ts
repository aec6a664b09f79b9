import type { Account } from '@dalil/contracts/auth';
import type { BinCounts, BinEntity } from '@dalil/contracts/bin';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { attributes, binEntries, binRows, categories, families, products, synonymGroups } from '../db/schema';
import { actorOf } from '../lib/api-key-caller';
import { resultRows } from '../lib/db-helpers';

// The recycle bin's storage: each resource's delete copies into it and the bin module restores from
// it, so it sits below both.

/** The tables a bin entry holds rows of, by the entity name its rows carry. */
export const BIN_TABLES = {
  family: families,
  category: categories,
  product: products,
  synonym: synonymGroups,
  attribute: attributes,
} as const;
export type BinRowEntity = keyof typeof BIN_TABLES;

/** What a delete takes: the record, and the condition on each table that picks what goes with it. */
export interface BinDelete {
  entity: BinEntity;
  row: { id: number; nameEn: string; nameAr: string };
  family: number;
  parent?: number | null;
  /** Per table, the rows that go with the record (the record itself included). */
  takes: Partial<Record<BinRowEntity, SQL>>;
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
  for (const [entity, where] of Object.entries(d.takes) as [BinRowEntity, SQL][]) {
    const table = BIN_TABLES[entity];
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
