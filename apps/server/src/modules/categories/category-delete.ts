import type { Account } from '@dalil/contracts/auth';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { deleteRecorded } from '../../core/crud-service';
import { recomputeCompleteness } from '../../core/completeness';
import { publishChange } from '../../core/domain-events';
import { copyToBin } from '../../core/recycle-bin';
import { toProduct } from '../products/products.service';
import { announceWhere } from '../../core/record-events';
import { toCategory } from './category-row';

/**
 * Deletes a category into the recycle bin (docs/decisions/0042-recycle-bin.md). A top-level category
 * takes its sub-categories and all their products with it. A sub-category takes nothing: its products
 * were in the parent category all along, so they stay there without it (each recorded as a change of
 * that product), and the entry remembers them so that a restore puts them back in it.
 */
export function deleteCategory(tx: Tx, id: number, caller: Account | null): Promise<void> {
  return deleteRecorded(tx, caller, id, {
    table: categories,
    what: 'Category',
    entity: 'category',
    family: (row) => row.familyId,
    snapshot: toCategory,
    toBin: (tx, row) => categoryIntoBin(tx, row, caller),
  });
}

/** Copies a category and what goes with it into the bin; a sub-category hands over its products. */
async function categoryIntoBin(tx: Tx, row: typeof categories.$inferSelect, caller: Account | null) {
  const { id } = row;
  const base = { entity: 'category' as const, row, family: row.familyId, parent: row.parentId };
  if (row.parentId === null) {
    const subs = tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id));
    const takes = {
      category: or(eq(categories.id, id), eq(categories.parentId, id))!,
      product: or(eq(products.categoryId, id), inArray(products.subCategoryId, subs))!,
    };
    // What goes along is deleted too: announced before it goes (the category as its own published change).
    await announceWhere(tx, 'product', 'deleted', takes.product);
    await announceWhere(tx, 'category', 'deleted', takes.category, id);
    return copyToBin(tx, caller, { ...base, takes });
  }
  const parent = row.parentId;
  const mine = or(eq(products.subCategoryId, id), eq(products.categoryId, id));
  const before = await tx.select().from(products).where(mine).orderBy(products.id).for('update');
  const takes = { category: eq(categories.id, id) };
  const entry = await copyToBin(tx, caller, { ...base, takes, movedProducts: before.map((p) => p.id) });
  await handProductsToParent(tx, { id, parent, entry, before }, caller);
  return entry;
}

interface Handover {
  id: number;
  parent: number;
  /** The sub-category's bin entry: each product's change names it, so reverting one restores it. */
  entry: number;
  before: (typeof products.$inferSelect)[];
}

/** Moves a sub-category's products to its parent, recording each change. */
async function handProductsToParent(tx: Tx, h: Handover, caller: Account | null) {
  const { id, parent, before } = h;
  if (before.length === 0) return;
  const mine = or(eq(products.subCategoryId, id), eq(products.categoryId, id));
  const moved = inArray(
    products.id,
    before.map((p) => p.id),
  );
  await tx
    .update(products)
    .set({ categoryId: parent, subCategoryId: null, updatedAt: new Date() })
    .where(mine);
  // Without the sub-category, its attributes no longer count (their values stay for a restore).
  await recomputeCompleteness(tx, moved);
  const after = await tx.select().from(products).where(moved);
  const byId = new Map(after.map((p) => [p.id, p]));
  for (const was of before) {
    const now = byId.get(was.id)!;
    await publishChange(tx, caller, {
      entity: 'product',
      action: 'update',
      entityId: was.id,
      family: was.familyId,
      before: toProduct(was),
      after: toProduct(now),
      binEntry: h.entry,
    });
  }
}

/** Restoring a sub-category gives it back the products it handed over that are still where it left them. */
export async function takeProductsBack(
  tx: Tx,
  id: number,
  parent: number,
  moved: number[],
  caller: Account | null,
): Promise<number> {
  if (moved.length === 0) return 0;
  const where = and(
    inArray(products.id, moved),
    eq(products.categoryId, parent),
    isNull(products.subCategoryId),
  );
  const back = await tx.select().from(products).where(where).orderBy(products.id).for('update');
  if (back.length === 0) return 0;
  const returning = inArray(
    products.id,
    back.map((p) => p.id),
  );
  await tx.update(products).set({ subCategoryId: id, updatedAt: new Date() }).where(returning);
  await recomputeCompleteness(tx, returning);
  const after = await tx.select().from(products).where(returning);
  const byId = new Map(after.map((p) => [p.id, p]));
  for (const was of back) {
    await publishChange(tx, caller, {
      entity: 'product',
      action: 'update',
      entityId: was.id,
      family: was.familyId,
      before: toProduct(was),
      after: toProduct(byId.get(was.id)!),
    });
  }
  return back.length;
}
