import { count, eq, ilike, or, sql } from 'drizzle-orm';
import type { FamilyBodySchema, Family, FamilyDetail, FamilyList } from '@dalil/contracts/families';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import { bumpCatalogueVersion } from '../../lib/catalogue-version';
import { containsPattern, violatedUnique } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';
import { fieldError } from '../../lib/field-error';

type FamilyRow = typeof families.$inferSelect;
export type FamilyInput = z.output<typeof FamilyBodySchema>;

export const toFamily = (row: FamilyRow): Family => ({
  id: row.id,
  name: { ar: row.nameAr, en: row.nameEn },
  nameAr: row.nameAr,
  nameEn: row.nameEn,
  logo: row.logo,
  image: row.image,
  cover: row.cover,
});

export async function listFamilies(
  db: Db,
  query: { limit: number; skip: number; search?: string | undefined },
): Promise<FamilyList> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = pattern ? or(ilike(families.nameEn, pattern), ilike(families.nameAr, pattern)) : undefined;
  const rows = await db
    .select()
    .from(families)
    .where(where)
    .orderBy(families.id)
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(families).where(where);
  return { data: rows.map(toFamily), count: total?.n ?? 0 };
}

export async function getFamily(db: Db, id: number): Promise<FamilyDetail> {
  const [row] = await db
    .select({
      family: families,
      categories: sql<number>`(select count(*)::int from ${categories} where ${categories.familyId} = ${id})`,
      products: sql<number>`(select count(*)::int from ${products} where ${products.familyId} = ${id})`,
    })
    .from(families)
    .where(eq(families.id, id));
  if (!row) throw notFound('Family');
  return {
    ...toFamily(row.family),
    counts: { categories: Number(row.categories), products: Number(row.products) },
  };
}

/** The family English name is its natural key, ignoring case (DESIGN.md "Data"). */
function duplicateName(err: unknown): never {
  if (violatedUnique(err) === 'families_name_en_key') {
    throw fieldError(409, 'nameEn', 'A family with this English name already exists');
  }
  throw err;
}

export async function createFamily(db: Db, input: FamilyInput): Promise<Family> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(families).values(input).returning();
      await bumpCatalogueVersion(tx);
      return toFamily(row!);
    });
  } catch (err) {
    duplicateName(err);
  }
}

export async function updateFamily(db: Db, id: number, input: FamilyInput): Promise<Family> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(families)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(families.id, id))
        .returning();
      if (!row) throw notFound('Family');
      await bumpCatalogueVersion(tx);
      return toFamily(row);
    });
  } catch (err) {
    duplicateName(err);
  }
}

/** Deletes the family; its categories and products go with it (foreign keys cascade). */
export async function deleteFamily(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(families).where(eq(families.id, id)).returning({ id: families.id });
    if (deleted.length === 0) throw notFound('Family');
    await bumpCatalogueVersion(tx);
  });
}
