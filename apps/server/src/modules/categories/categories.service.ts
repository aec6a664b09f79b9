import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Category, CategoryBodySchema, CategoryDetail, CategoryList } from '@dalil/contracts/categories';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import { bumpCatalogueVersion } from '../../lib/catalogue-version';
import { containsPattern, violatedUnique } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';
import { fieldError } from '../../lib/field-error';

type CategoryRow = typeof categories.$inferSelect;
export type CategoryInput = z.output<typeof CategoryBodySchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: { ar: row.nameAr, en: row.nameEn },
  nameAr: row.nameAr,
  nameEn: row.nameEn,
  family: row.familyId,
  logo: row.logo,
  image: row.image,
});

export async function listCategories(
  db: Db,
  query: { limit: number; skip: number; family?: number | undefined; search?: string | undefined },
): Promise<CategoryList> {
  const filters: SQL[] = [];
  if (query.family !== undefined) filters.push(eq(categories.familyId, query.family));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(categories.nameEn, pattern), ilike(categories.nameAr, pattern))!);
  }
  const where = and(...filters);
  const rows = await db
    .select()
    .from(categories)
    .where(where)
    .orderBy(categories.id)
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(categories).where(where);
  return { data: rows.map(toCategory), count: total?.n ?? 0 };
}

export async function getCategory(db: Db, id: number): Promise<CategoryDetail> {
  const [row] = await db
    .select({
      category: categories,
      products: sql<number>`(select count(*)::int from ${products} where ${products.categoryId} = ${id})`,
    })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw notFound('Category');
  return { ...toCategory(row.category), counts: { products: Number(row.products) } };
}

async function requireFamily(tx: Tx, id: number) {
  const [found] = await tx.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!found) throw fieldError(400, 'family', 'No family has this id');
}

function mapConflict(err: unknown): never {
  const constraint = violatedUnique(err);
  // Natural key: (family, English name), ignoring case (DESIGN.md "Data").
  if (constraint === 'categories_family_name_en_key') {
    throw fieldError(409, 'nameEn', 'This family already has a category with this English name');
  }
  if (constraint === 'products_family_barcode_key') {
    throw fieldError(409, 'family', 'A product of this category has a barcode already used in that family');
  }
  throw err;
}

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  try {
    return await db.transaction(async (tx) => {
      await requireFamily(tx, input.family);
      const { family, ...rest } = input;
      const [row] = await tx
        .insert(categories)
        .values({ ...rest, familyId: family })
        .returning();
      await bumpCatalogueVersion(tx);
      return toCategory(row!);
    });
  } catch (err) {
    mapConflict(err);
  }
}

/** Moving a category to another family moves its products too: a product's family is its category's. */
export async function updateCategory(db: Db, id: number, input: CategoryInput): Promise<Category> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw notFound('Category');
      const { family, ...rest } = input;
      if (family !== current.familyId) await requireFamily(tx, family);
      const [row] = await tx
        .update(categories)
        .set({ ...rest, familyId: family, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      if (family !== current.familyId) {
        await tx
          .update(products)
          .set({ familyId: family, updatedAt: new Date() })
          .where(eq(products.categoryId, id));
      }
      await bumpCatalogueVersion(tx);
      return toCategory(row!);
    });
  } catch (err) {
    mapConflict(err);
  }
}

/** Deletes the category; its products go with it (foreign key cascade). */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (deleted.length === 0) throw notFound('Category');
    await bumpCatalogueVersion(tx);
  });
}
