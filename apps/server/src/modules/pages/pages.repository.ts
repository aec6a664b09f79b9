import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import { visibleFamilies, visibleProducts } from '../../core/publication';

/** What a visitor page's head names of a family. */
export interface PageFamily {
  id: number;
  nameAr: string;
  nameEn: string;
  logo: string | null;
  image: string | null;
  cover: string | null;
}

export interface PageCategory {
  id: number;
  nameAr: string;
  nameEn: string;
}

export interface PageProduct {
  id: number;
  nameAr: string;
  nameEn: string;
  descriptionAr: string | null;
  descriptionEn: string | null;
  /** Numeric text, as stored ("12.50"). */
  cost: string | null;
  barcode: string | null;
  number: string | null;
  image: string | null;
  family: PageFamily;
  /** The category, then the sub-category when it has one. */
  categories: PageCategory[];
}

const familyColumns = {
  id: families.id,
  nameAr: families.nameAr,
  nameEn: families.nameEn,
  logo: families.logo,
  image: families.image,
  cover: families.cover,
};
const categoryColumns = { id: categories.id, nameAr: categories.nameAr, nameEn: categories.nameEn };

/** Visitor pages show only what is published at `now` (a draft answers 404, as an unknown id). */
export async function findFamily(db: Db, id: number, now: Date): Promise<PageFamily | null> {
  const [row] = await db
    .select(familyColumns)
    .from(families)
    .where(and(eq(families.id, id), visibleFamilies(null, now)));
  return row ?? null;
}

/** A category of the family, or null when the family has no such category. */
export async function findCategory(db: Db, family: number, id: number): Promise<PageCategory | null> {
  const [row] = await db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.familyId, family)));
  return row ?? null;
}

export async function findProduct(db: Db, id: number, now: Date): Promise<PageProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      nameAr: products.nameAr,
      nameEn: products.nameEn,
      descriptionAr: products.descriptionAr,
      descriptionEn: products.descriptionEn,
      cost: products.cost,
      barcode: products.barcode,
      number: products.number,
      image: products.image,
      categoryId: products.categoryId,
      subCategoryId: products.subCategoryId,
      family: familyColumns,
    })
    .from(products)
    .innerJoin(families, eq(families.id, products.familyId))
    .where(and(eq(products.id, id), visibleProducts(null, now)));
  if (!row) return null;
  const { categoryId, subCategoryId, ...product } = row;
  const ids = subCategoryId === null ? [categoryId] : [categoryId, subCategoryId];
  const found = await db.select(categoryColumns).from(categories).where(inArray(categories.id, ids));
  const ordered = ids.flatMap((cid) => found.filter((c) => c.id === cid));
  return { ...product, categories: ordered };
}
