import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { categoryResource, type Category, type CategoryDetail } from '@dalil/contracts/categories';
import { resourceModule } from '../../core/app-module';
import { bilingualName } from '../../core/record-names';
import { nameConflict, revertColumns } from '../../core/revert-target';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import type { DataContext } from '../../core/context';
import * as crud from '../../core/crud-service';
import { containsAny } from '../../lib/db-helpers';
import { fieldError, notFound } from '../../lib/errors';
import { canWrite, familyFilter, requireReadable, requireWritable } from '../../core/family-scope';
import { recomputeCompleteness } from '../../core/completeness';
import { publishChange } from '../../core/domain-events';
import { lockForWrite } from '../../core/record-version';
import {
  familyPublishedNow,
  productPublished,
  seesDrafts,
  seesDraftsOfCategory,
  visibleCategories,
} from '../../core/publication';
import { deleteCategory } from './category-delete';
import { toCategory } from './category-row';
import type { Account } from '@dalil/contracts/auth';

/** Other modules answer with categories as this one does; the bin's restore hands a sub-category's products back. */
export { takeProductsBack } from './category-delete';
export { toCategory };

type CategoryInput = z.output<typeof categoryResource.schemas.updateBody>;

async function getCategory(
  { db, now }: DataContext,
  id: number,
  caller: Account | null,
): Promise<CategoryDetail> {
  const at = now();
  // A visitor's count leaves out drafts (decided per family below, once the row is read).
  const { row, counts } = await crud.readById(db, categories, id, 'Category', {
    // A sub-category's products have the parent as their category: counted once.
    products: sql<number>`(select count(*)::int from ${products}
      where (${products.categoryId} = ${id} or ${products.subCategoryId} = ${id})
        and (${seesDraftsOfCategory(caller, id)} or ${productPublished('products', at)}))`,
    subCategories: crud.countWhere(categories.parentId, id),
  });
  requireReadable(caller, row.familyId, 'Category');
  if (!seesDrafts(caller, row.familyId) && !(await familyPublishedNow(db, row.familyId, at))) {
    throw notFound('Category');
  }
  return { ...toCategory(row), counts };
}

/** The family a category is put in: one that exists and the caller may write to (else it is unknown). */
async function requireFamily(tx: Tx, id: number, caller: Account | null) {
  if (!canWrite(caller, id)) throw fieldError(400, 'family', 'family.unknown', {});
  const [found] = await tx.select({ id: families.id }).from(families).where(eq(families.id, id));
  if (!found) throw fieldError(400, 'family', 'family.unknown', {});
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

/**
 * Moving a category to another family moves its sub-categories and products too: a product's family
 * is its category's. When its parent changes, its products stay in it: those that had it as their
 * sub-category follow it to its new parent (or have it as their category once it is top level), and
 * those that had it as their category get the new parent as category and it as sub-category.
 */
async function updateCategory(
  tx: Tx,
  id: number,
  input: CategoryInput,
  caller: Account | null,
  action: 'update' | 'revert' = 'update',
): Promise<Category> {
  const current = await lockForWrite(tx, categories, id);
  if (!current) throw notFound('Category');
  requireWritable(caller, current.familyId, 'Category');
  const { family, parent: given, ...rest } = input;
  // Left out, the parent stays as it is.
  const parent = given === undefined ? current.parentId : given;
  if (family !== current.familyId) await requireFamily(tx, family, caller);
  await checkParent(tx, id, family, parent);
  const [row] = await tx
    .update(categories)
    .set({ ...rest, familyId: family, parentId: parent, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  const now = new Date();
  if (family !== current.familyId) {
    await tx.update(categories).set({ familyId: family, updatedAt: now }).where(eq(categories.parentId, id));
    await tx.update(products).set({ familyId: family, updatedAt: now }).where(eq(products.categoryId, id));
  }
  if (parent !== current.parentId) {
    if (parent === null) {
      await tx
        .update(products)
        .set({ categoryId: id, subCategoryId: null, updatedAt: now })
        .where(eq(products.subCategoryId, id));
    } else {
      await tx
        .update(products)
        .set({ categoryId: parent, subCategoryId: id, updatedAt: now })
        .where(or(eq(products.subCategoryId, id), eq(products.categoryId, id)));
    }
  }
  if (family !== current.familyId || parent !== current.parentId) {
    // Its products now have the attributes of another family or parent.
    await recomputeCompleteness(tx, or(eq(products.categoryId, id), eq(products.subCategoryId, id))!);
  }
  const after = toCategory(row!);
  await publishChange(tx, caller, {
    ...HISTORY,
    action,
    entityId: id,
    family,
    before: toCategory(current),
    after,
  });
  return after;
}

const HISTORY = { entity: 'category' } as const;

/**
 * Sub-categories go one level deep: the parent is another top-level category of the same family, and
 * a category with sub-categories cannot become one.
 */
async function checkParent(tx: Tx, id: number | null, family: number, parent: number | null) {
  if (parent === null) return;
  if (parent === id) throw fieldError(400, 'parent', 'category.ownParent', {});
  const [found] = await tx
    .select({ familyId: categories.familyId, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, parent));
  if (!found) throw fieldError(400, 'parent', 'category.unknown', {});
  if (found.familyId !== family) {
    throw fieldError(400, 'parent', 'category.parentOtherFamily', {});
  }
  if (found.parentId !== null) {
    throw fieldError(400, 'parent', 'category.parentIsSub', {});
  }
  if (id === null) return;
  const [child] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1);
  if (child) throw fieldError(400, 'parent', 'category.hasSubs', {});
}

const parentFilter = (parent: number | 'none' | undefined) =>
  parent === undefined
    ? undefined
    : parent === 'none'
      ? isNull(categories.parentId)
      : eq(categories.parentId, parent);

/** Categories: a delete goes to the recycle bin (`deleteCategory`). */
const categoryService: crud.CrudService<typeof categoryResource.schemas> = {
  list: ({ db, now }, query, caller) => {
    const filters: (SQL | undefined)[] = [
      familyFilter(caller, categories.familyId),
      visibleCategories(caller, now()),
      query.family === undefined ? undefined : eq(categories.familyId, query.family),
      parentFilter(query.parent),
      containsAny(query.search, categories.nameEn, categories.nameAr),
    ];
    return crud.listPage(db, categories, and(...filters), query, toCategory);
  },
  read: getCategory,
  create: (ctx, input, caller) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        await requireFamily(tx, input.family, caller);
        await checkParent(tx, null, input.family, input.parent);
        const { family, parent, ...rest } = input;
        const [row] = await tx
          .insert(categories)
          .values({ ...rest, familyId: family, parentId: parent })
          .returning();
        const after = toCategory(row!);
        await publishChange(tx, caller, {
          ...HISTORY,
          action: 'create',
          entityId: row!.id,
          family,
          before: null,
          after,
        });
        return after;
      }),
    ),
  update: (ctx, id, input, caller) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write((tx) => updateCategory(tx, id, input, caller)),
    ),
  remove: (ctx, id, caller) => ctx.catalogue.write((tx) => deleteCategory(tx, id, caller)),
};

/** The categories' routes and what a revert of a category's history entry needs. */
export const categoryModule = resourceModule(categoryResource, {
  service: categoryService,
  names: { table: categories, name: bilingualName },
  revert: {
    table: categories,
    what: 'Category',
    snapshot: toCategory,
    family: (row) => row.familyId!,
    columns: revertColumns(categories, categoryResource),
    conflicts: {
      ...nameConflict('categories_family_name_en_key'),
      products_family_barcode_key: {
        field: 'family',
        message: 'A product of this category has a barcode now used in that family',
      },
    },
    update: updateCategory,
    remove: (ctx, id, caller) => categoryService.remove(ctx, id, caller),
  },
});
