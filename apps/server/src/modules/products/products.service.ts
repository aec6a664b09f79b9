import { and, count, eq, like, or, type SQL } from 'drizzle-orm';
import type { Product, ProductBodySchema, ProductList } from '@dalil/contracts/products';
import { normalizeSearchText, toAsciiDigits } from '@dalil/contracts/search-text';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import { bumpCatalogueVersion } from '../../lib/catalogue-version';
import { containsPattern, violatedUnique } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';
import { fieldError } from '../../lib/field-error';
import { productSearchText } from './product-search-text';

type ProductRow = typeof products.$inferSelect;
export type ProductInput = z.output<typeof ProductBodySchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: { ar: row.nameAr, en: row.nameEn },
  nameAr: row.nameAr,
  nameEn: row.nameEn,
  family: row.familyId,
  category: row.categoryId,
  barcode: row.barcode,
  number: row.number,
  netWeight: row.netWeight,
  drainedWeight: row.drainedWeight,
  unitsPerCarton: row.unitsPerCarton,
  cartonPerPalate: row.cartonPerPalate,
  descriptionEn: row.descriptionEn,
  descriptionAr: row.descriptionAr,
  cost: row.cost === null ? null : Number(row.cost),
  shelfLife: row.shelfLife,
  logo: row.logo,
  image: row.image,
});

export interface ProductQuery {
  limit: number;
  skip: number;
  family?: number | undefined;
  category?: number | undefined;
  search?: string | undefined;
}

/** Admin list: id order; search matches either name (normalized, DESIGN.md "Data") or an exact code. */
export async function listProducts(db: Db, query: ProductQuery): Promise<ProductList> {
  const filters: SQL[] = [];
  if (query.family !== undefined) filters.push(eq(products.familyId, query.family));
  if (query.category !== undefined) filters.push(eq(products.categoryId, query.category));
  const text = query.search ? normalizeSearchText(query.search) : '';
  if (text) {
    const digits = toAsciiDigits(text);
    const byName = like(products.searchText, containsPattern(text));
    filters.push(
      /^[0-9]+$/.test(digits)
        ? or(byName, eq(products.barcode, digits), eq(products.number, digits))!
        : byName,
    );
  }
  const where = and(...filters);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(products.id)
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { data: rows.map(toProduct), count: total?.n ?? 0 };
}

export async function getProduct(db: Db, id: number): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product');
  return toProduct(row);
}

/** A product's family is always its category's family (DESIGN.md "Data"). */
async function checkReferences(tx: Tx, input: ProductInput) {
  const [family] = await tx.select({ id: families.id }).from(families).where(eq(families.id, input.family));
  if (!family) throw fieldError(400, 'family', 'No family has this id');
  const [category] = await tx
    .select({ familyId: categories.familyId })
    .from(categories)
    .where(eq(categories.id, input.category));
  if (!category) throw fieldError(400, 'category', 'No category has this id');
  if (category.familyId !== input.family) {
    throw fieldError(400, 'category', 'The category does not belong to the chosen family');
  }
}

function toColumns(input: ProductInput) {
  const { family, category, cost, ...rest } = input;
  return {
    ...rest,
    familyId: family,
    categoryId: category,
    cost: cost === null ? null : cost.toFixed(2),
    searchText: productSearchText(input.nameAr, input.nameEn),
  };
}

function mapConflict(err: unknown): never {
  // Natural key: (family, barcode) when there is a barcode (DESIGN.md "Data").
  if (violatedUnique(err) === 'products_family_barcode_key') {
    throw fieldError(409, 'barcode', 'Another product of this family already has this barcode');
  }
  throw err;
}

export async function createProduct(db: Db, input: ProductInput): Promise<Product> {
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, input);
      const [row] = await tx.insert(products).values(toColumns(input)).returning();
      await bumpCatalogueVersion(tx);
      return toProduct(row!);
    });
  } catch (err) {
    mapConflict(err);
  }
}

export async function updateProduct(db: Db, id: number, input: ProductInput): Promise<Product> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id));
      if (!current) throw notFound('Product');
      await checkReferences(tx, input);
      const [row] = await tx
        .update(products)
        .set({ ...toColumns(input), updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      await bumpCatalogueVersion(tx);
      return toProduct(row!);
    });
  } catch (err) {
    mapConflict(err);
  }
}

export async function deleteProduct(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (deleted.length === 0) throw notFound('Product');
    await bumpCatalogueVersion(tx);
  });
}
