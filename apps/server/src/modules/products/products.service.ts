import { and, eq, like, lt, or, type SQL } from 'drizzle-orm';
import { gtinProblem } from '@dalil/contracts/gtin';
import { productResource, type Product } from '@dalil/contracts/products';
import { resourceModule } from '../../core/app-module';
import { bilingualName } from '../../core/record-names';
import { revertColumns } from '../../core/revert-target';
import { normalizeSearchText, toAsciiDigits } from '@dalil/contracts/search-text';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  attributesByFamily,
  familyAttributes,
  shownDefinitions,
  shownValues,
  type AttributeRow,
} from '../attributes/attributes.service';
import { categories, families, products } from '../../db/schema';
import type { DataContext } from '../../core/context';
import * as crud from '../../core/crud-service';
import { toProduct } from '../../core/record-rows';
import { containsPattern } from '../../lib/db-helpers';
import { fieldError, fieldProblem, notFound } from '../../lib/errors';
import { productSearchText } from './product-search-text';
import { toColumns, valuesToStore, withCompleteness, type ProductInput } from './product-columns';
import { canWrite, familyFilter, requireReadable, requireWritable } from '../../core/family-scope';
import { publishChange } from '../../core/domain-events';
import { lockExisting } from '../../core/record-version';
import {
  isPublished,
  seesDrafts,
  statusFilter,
  visibleProducts,
  withShownStatus,
} from '../../core/publication';
import { copyToBin } from '../../core/recycle-bin';
import type { Account } from '@dalil/contracts/auth';

/** Other modules write and query the search column the same way products do, and map rows alike. */
export { productSearchText, toProduct };

/**
 * A product as the caller reads it, with its shown status (`scheduled` while its publish date is ahead): the values of its category's attributes they may see, and with
 * `definitions`, what a catalogue page needs to show them (`attributeDefinitions`).
 */
const shown = (
  row: typeof products.$inferSelect,
  all: AttributeRow[],
  caller: Account | null,
  definitions = false,
  now = new Date(),
): Product => {
  const product = toProduct(row);
  const attributes = shownValues(row.attributes, all, product, caller);
  return {
    ...withShownStatus(product, now),
    attributes,
    ...(definitions ? { attributeDefinitions: shownDefinitions(attributes, all) } : {}),
  };
};

/** A page of products as the caller reads them (one query for their families' attributes). */
async function shownPage(
  db: Db | Tx,
  rows: (typeof products.$inferSelect)[],
  caller: Account | null,
  definitions: boolean,
  now: Date,
) {
  const byFamily = await attributesByFamily(
    db,
    rows.map((r) => r.familyId),
  );
  return rows.map((row) => shown(row, byFamily.get(row.familyId) ?? [], caller, definitions, now));
}

/** Admin list: id order; search matches either name (normalized as search text is) or an exact code. */
function productFilter(
  query: z.output<typeof productResource.schemas.listQuery>,
  caller: Account | null,
  now: Date,
): SQL | undefined {
  const filters: SQL[] = [];
  const scope = familyFilter(caller, products.familyId);
  if (scope) filters.push(scope);
  const visible = visibleProducts(caller, now);
  if (visible) filters.push(visible);
  if (query.status !== undefined)
    filters.push(statusFilter(query.status, products.status, products.publishAt, now));
  if (query.family !== undefined) filters.push(eq(products.familyId, query.family));
  if (query.incomplete === 'ar') filters.push(lt(products.completenessAr, 100));
  if (query.incomplete === 'en') filters.push(lt(products.completenessEn, 100));
  if (query.category !== undefined) {
    filters.push(or(eq(products.categoryId, query.category), eq(products.subCategoryId, query.category))!);
  }
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

async function getProduct({ db, now }: DataContext, id: number, caller: Account | null): Promise<Product> {
  const { row } = await crud.readById(db, products, id, 'Product');
  requireReadable(caller, row.familyId, 'Product');
  if (!seesDrafts(caller, row.familyId)) {
    const at = now();
    const [family] = await db
      .select({ status: families.status, publishAt: families.publishAt })
      .from(families)
      .where(eq(families.id, row.familyId));
    // A visitor learns nothing of a draft: it answers as if it did not exist.
    if (!isPublished(row, at) || !family || !isPublished(family, at)) throw notFound('Product');
  }
  return shown(row, await familyAttributes(db, row.familyId), caller, true, now());
}

/** A product's family is always its category's family, and one the caller may write to; its
 * sub-category, a child of its category. */
async function checkReferences(tx: Tx, input: ProductInput, caller: Account | null) {
  if (!canWrite(caller, input.family)) throw fieldError(400, 'family', 'family.unknown', {});
  const [family] = await tx
    .select({ requireValidGtin: families.requireValidGtin })
    .from(families)
    .where(eq(families.id, input.family));
  if (!family) throw fieldError(400, 'family', 'family.unknown', {});
  // The family's barcode rule (docs/decisions/0053-gtin-barcodes.md): an empty barcode is always allowed.
  const gtin = family.requireValidGtin && input.barcode !== null ? gtinProblem(input.barcode) : null;
  if (gtin) throw fieldProblem(400, 'barcode', gtin);
  const [category] = await tx
    .select({ familyId: categories.familyId })
    .from(categories)
    .where(eq(categories.id, input.category));
  if (!category) throw fieldError(400, 'category', 'category.unknown', {});
  if (category.familyId !== input.family) {
    throw fieldError(400, 'category', 'category.notInFamily', {});
  }
  if (input.subCategory === null) return;
  const [sub] = await tx
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, input.subCategory));
  if (!sub) throw fieldError(400, 'subCategory', 'category.unknown', {});
  if (sub.parentId !== input.category) {
    throw fieldError(400, 'subCategory', 'category.subNotInCategory', {});
  }
}

/** A product's natural key is (family, barcode) when it has a barcode (docs/architecture.md, "Import pipeline"). */
export const PRODUCT_CONFLICTS = {
  products_family_barcode_key: {
    field: 'barcode',
    message: 'Another product of this family already has this barcode',
  },
};

/** A product as its PATCH reads it before laying the patch over it: what the caller may see. */
export const productAsRead = async (tx: Tx, row: typeof products.$inferSelect, caller: Account | null) =>
  shown(row, await familyAttributes(tx, row.familyId), caller);

/** One product's update in the caller's transaction; a revert records it as `revert`. */
async function updateProduct(
  tx: Tx,
  id: number,
  input: ProductInput,
  caller: Account | null,
  action: 'update' | 'revert' = 'update',
) {
  const row = await writeProductUpdate(tx, id, input, caller, action);
  return shown(row, await familyAttributes(tx, row.familyId), caller);
}

/**
 * One product's update in the caller's transaction, answering its row as written: its lock, family
 * scope, references, attribute values, completeness and history entry, as every product write does.
 */
export async function writeProductUpdate(
  tx: Tx,
  id: number,
  input: ProductInput,
  caller: Account | null,
  action: 'update' | 'revert' = 'update',
) {
  const current = await lockExisting(tx, products, id, 'Product');
  requireWritable(caller, current.familyId, 'Product');
  await checkReferences(tx, input, caller);
  const values = await valuesToStore(tx, input, current, action);
  await tx
    .update(products)
    .set({ ...toColumns(input, values), updatedAt: new Date() })
    .where(eq(products.id, id));
  const row = await withCompleteness(tx, id);
  const after = toProduct(row);
  const before = toProduct(current);
  await publishChange(tx, caller, {
    ...HISTORY,
    action,
    entityId: id,
    family: after.family,
    before,
    after,
  });
  return row;
}

/** One product's create in the caller's transaction, answering its row as written. */
export async function writeProductCreate(tx: Tx, input: ProductInput, caller: Account | null) {
  await checkReferences(tx, input, caller);
  const values = await valuesToStore(tx, input, undefined, 'create');
  const [inserted] = await tx
    .insert(products)
    .values({ status: 'published', ...toColumns(input, values) })
    .returning({ id: products.id });
  const row = await withCompleteness(tx, inserted!.id);
  const after = toProduct(row);
  await publishChange(tx, caller, {
    ...HISTORY,
    action: 'create',
    entityId: row.id,
    family: after.family,
    before: null,
    after,
  });
  return row;
}

/**
 * One product's delete in the caller's transaction: into the recycle bin, recorded; answers the bin
 * entry that holds it.
 */
export async function writeProductDelete(tx: Tx, id: number, caller: Account | null): Promise<number> {
  let entry = 0;
  await crud.deleteRecorded(tx, caller, id, {
    table: products,
    what: 'Product',
    entity: 'product',
    family: (row) => row.familyId,
    snapshot: toProduct,
    toBin: async (tx, row) => {
      entry = await copyToBin(tx, caller, {
        entity: 'product',
        row,
        family: row.familyId,
        takes: { product: eq(products.id, id) },
      });
      return entry;
    },
  });
  return entry;
}

const HISTORY = { entity: 'product' } as const;

const productService: crud.CrudService<typeof productResource.schemas> = {
  list: async ({ db, now }, query, caller) => {
    const at = now();
    const page = await crud.listPage(db, products, productFilter(query, caller, at), query, (r) => r);
    return { ...page, data: await shownPage(db, page.data, caller, query.definitions === 'shown', at) };
  },
  read: getProduct,
  create: (ctx, input, caller) =>
    crud.withUniqueConflicts(PRODUCT_CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        const row = await writeProductCreate(tx, input, caller);
        return shown(row, await familyAttributes(tx, row.familyId), caller);
      }),
    ),
  update: (ctx, id, input, caller) =>
    crud.withUniqueConflicts(PRODUCT_CONFLICTS, () =>
      ctx.catalogue.write((tx) => updateProduct(tx, id, input, caller)),
    ),
  remove: (ctx, id, caller) =>
    ctx.catalogue.write(async (tx) => {
      await writeProductDelete(tx, id, caller);
    }),
};

const productColumns = revertColumns(products, productResource);

/** The products' routes and what a revert of a product's history entry needs. */
export const productModule = resourceModule(productResource, {
  service: productService,
  names: { table: products, name: bilingualName },
  revert: {
    table: products,
    what: 'Product',
    snapshot: toProduct,
    family: (row) => row.familyId!,
    // The search text follows the names.
    columns: (fields, merged) => ({
      ...productColumns(fields),
      searchText: productSearchText(String(merged.nameAr), String(merged.nameEn)),
    }),
    conflicts: {
      products_family_barcode_key: {
        field: 'barcode',
        message: 'Another product of this family now has this barcode',
      },
    },
    update: updateProduct,
    remove: (ctx, id, caller) => productService.remove(ctx, id, caller),
  },
});
