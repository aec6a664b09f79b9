import { and, eq, type SQL } from 'drizzle-orm';
import type { Category, CategoryDetail, categoryResource } from '@dalil/contracts/categories';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import type { DataContext } from '../../lib/context';
import * as crud from '../../lib/crud-service';
import { containsAny } from '../../lib/db-helpers';
import { fieldError, notFound } from '../../lib/errors';

type CategoryInput = z.output<typeof categoryResource.schemas.updateBody>;

export const toCategory = (row: typeof categories.$inferSelect): Category => ({
  ...crud.named(row),
  family: row.familyId,
  logo: row.logo,
  image: row.image,
});

async function getCategory({ db }: DataContext, id: number): Promise<CategoryDetail> {
  const { row, counts } = await crud.readById(db, categories, id, 'Category', {
    products: crud.countWhere(products.categoryId, id),
  });
  return { ...toCategory(row), counts };
}

async function requireFamily(tx: Tx, id: number) {
  const [found] = await tx.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!found) throw fieldError(400, 'family', 'No family has this id');
}

/**
 * A category's natural key is (family, English name), ignoring case; moving a category moves its
 * products, whose barcodes must then be free in the new family (docs/architecture.md, "Import pipeline").
 */
const CONFLICTS = {
  categories_family_name_en_key: {
    field: 'nameEn',
    message: 'This family already has a category with this English name',
  },
  products_family_barcode_key: {
    field: 'family',
    message: 'A product of this category has a barcode already used in that family',
  },
};

/** Moving a category to another family moves its products too: a product's family is its category's. */
async function updateCategory(tx: Tx, id: number, input: CategoryInput): Promise<Category> {
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
  return toCategory(row!);
}

/** Categories: deleting one deletes its products (foreign key cascade). */
export const categoryService: crud.CrudService<typeof categoryResource.schemas> = {
  list: ({ db }, query) => {
    const filters: (SQL | undefined)[] = [
      query.family === undefined ? undefined : eq(categories.familyId, query.family),
      containsAny(query.search, categories.nameEn, categories.nameAr),
    ];
    return crud.listPage(db, categories, and(...filters), query, toCategory);
  },
  read: getCategory,
  create: (ctx, input) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        await requireFamily(tx, input.family);
        const { family, ...rest } = input;
        const [row] = await tx
          .insert(categories)
          .values({ ...rest, familyId: family })
          .returning();
        return toCategory(row!);
      }),
    ),
  update: (ctx, id, input) =>
    crud.withUniqueConflicts(CONFLICTS, () => ctx.catalogue.write((tx) => updateCategory(tx, id, input))),
  remove: (ctx, id) => crud.deleteById(ctx, categories, id, 'Category'),
};
