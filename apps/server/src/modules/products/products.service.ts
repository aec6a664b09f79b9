import { and, eq, like, or, type SQL } from 'drizzle-orm';
import type { Product, productResource } from '@dalil/contracts/products';
import { normalizeSearchText, toAsciiDigits } from '@dalil/contracts/search-text';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import type { DataContext } from '../../lib/context';
import * as crud from '../../lib/crud-service';
import { containsPattern } from '../../lib/db-helpers';
import { fieldError, notFound } from '../../lib/errors';
import { productSearchText } from './product-search-text';

type ProductInput = z.output<typeof productResource.schemas.updateBody>;

export const toProduct = (row: typeof products.$inferSelect): Product => ({
  ...crud.named(row),
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

/** Admin list: id order; search matches either name (normalized as search text is) or an exact code. */
function productFilter(query: z.output<typeof productResource.schemas.listQuery>): SQL | undefined {
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
  return and(...filters);
}

async function getProduct({ db }: DataContext, id: number): Promise<Product> {
  return toProduct((await crud.readById(db, products, id, 'Product')).row);
}

/** A product's family is always its category's family. */
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

/** A product's natural key is (family, barcode) when it has a barcode (docs/architecture.md, "Import pipeline"). */
const CONFLICTS = {
  products_family_barcode_key: {
    field: 'barcode',
    message: 'Another product of this family already has this barcode',
  },
};

async function updateProduct(tx: Tx, id: number, input: ProductInput): Promise<Product> {
  const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!current) throw notFound('Product');
  await checkReferences(tx, input);
  const [row] = await tx
    .update(products)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return toProduct(row!);
}

export const productService: crud.CrudService<typeof productResource.schemas> = {
  list: ({ db }, query) => crud.listPage(db, products, productFilter(query), query, toProduct),
  read: getProduct,
  create: (ctx, input) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        await checkReferences(tx, input);
        const [row] = await tx.insert(products).values(toColumns(input)).returning();
        return toProduct(row!);
      }),
    ),
  update: (ctx, id, input) =>
    crud.withUniqueConflicts(CONFLICTS, () => ctx.catalogue.write((tx) => updateProduct(tx, id, input))),
  remove: (ctx, id) => crud.deleteById(ctx, products, id, 'Product'),
};
