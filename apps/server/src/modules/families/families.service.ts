import { eq, sql } from 'drizzle-orm';
import type { Account } from '@dalil/contracts/auth';
import { familyResource, type Family, type FamilyDetail } from '@dalil/contracts/families';
import { resourceModule } from '../../core/app-module';
import { bilingualName } from '../../core/record-names';
import { nameConflict, revertColumns } from '../../core/revert-target';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { categories, families, products } from '../../db/schema';
import { recomputeCompleteness } from '../../core/completeness';
import type { DataContext } from '../../core/context';
import * as crud from '../../core/crud-service';
import { toFamily } from '../../core/record-rows';
import { containsAny } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';
import { familyFilter, requireReadable, requireWritable } from '../../core/family-scope';
import { publishChange } from '../../core/domain-events';
import { lockForWrite } from '../../core/record-version';
import {
  isPublished,
  productPublished,
  publicationColumns,
  seesDrafts,
  statusFilter,
  visibleFamilies,
  withShownStatus,
} from '../../core/publication';
import { copyToBin, familyRowsOf, removeFamilyRows } from '../../core/recycle-bin';
import { announceWhere } from '../../core/record-events';
import { and } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export { toFamily };

/** The family's products complete (100%) in one language; a visitor's count leaves out the drafts. */
const completeCount = (id: number, column: AnyPgColumn, staff: boolean, at: Date) =>
  sql<number>`(select count(*)::int from ${products} where ${products.familyId} = ${id} and ${column} = 100
    ${staff ? sql`` : sql`and ${productPublished('products', at)}`})`;

async function getFamily(
  { db, now }: DataContext,
  id: number,
  caller: Account | null,
): Promise<FamilyDetail> {
  requireReadable(caller, id, 'Family');
  const at = now();
  const staff = seesDrafts(caller, id);
  const { row, counts } = await crud.readById(db, families, id, 'Family', {
    categories: crud.countWhere(categories.familyId, id),
    completeAr: completeCount(id, products.completenessAr, staff, at),
    completeEn: completeCount(id, products.completenessEn, staff, at),
    // A visitor's count leaves out the drafts.
    products: staff
      ? crud.countWhere(products.familyId, id)
      : sql<number>`(select count(*)::int from ${products}
          where ${products.familyId} = ${id} and ${productPublished('products', at)})`,
  });
  // A visitor learns nothing of a draft family: it answers as if it did not exist.
  if (!staff && !isPublished(row, at)) throw notFound('Family');
  const { completeAr, completeEn, ...linked } = counts;
  return {
    ...withShownStatus(toFamily(row), at),
    counts: { ...linked, complete: { ar: completeAr, en: completeEn } },
  };
}

type FamilyInput = z.output<typeof familyResource.schemas.updateBody>;

/** The family English name is its natural key, ignoring case (docs/architecture.md, "Data"). */
const CONFLICTS = {
  families_name_en_key: { field: 'nameEn', message: 'A family with this English name already exists' },
};

const HISTORY = { entity: 'family' } as const;

/** One family's update in the caller's transaction; a revert records it as `revert`. */
async function updateFamily(
  tx: Tx,
  id: number,
  input: FamilyInput,
  caller: Account | null,
  action: 'update' | 'revert' = 'update',
): Promise<Family> {
  requireWritable(caller, id, 'Family');
  const current = await lockForWrite(tx, families, id);
  if (!current) throw notFound('Family');
  // A body without the GTIN setting leaves it as it is (older clients of the API do not send it).
  const { requireValidGtin = current.requireValidGtin, status, publishAt, ...rest } = input;
  const [row] = await tx
    .update(families)
    .set({ ...rest, ...publicationColumns({ status, publishAt }), requireValidGtin, updatedAt: new Date() })
    .where(eq(families.id, id))
    .returning();
  // A barcode that is not a GTIN counts against completeness only where the family allows one.
  if (requireValidGtin !== current.requireValidGtin) {
    await recomputeCompleteness(tx, eq(products.familyId, id));
  }
  const after = toFamily(row!);
  await publishChange(tx, caller, {
    ...HISTORY,
    action,
    entityId: id,
    family: id,
    before: toFamily(current),
    after,
  });
  return withShownStatus(after, new Date());
}

/**
 * Families: deleting one moves it, its categories, products, synonym groups and attributes into the recycle bin
 * as one entry (docs/decisions/0042-recycle-bin.md).
 */
const familyService: crud.CrudService<typeof familyResource.schemas> = {
  list: ({ db, now }, query, caller) => {
    const at = now();
    return crud.listPage(
      db,
      families,
      and(
        familyFilter(caller, families.id),
        visibleFamilies(caller, at),
        query.status === undefined
          ? undefined
          : statusFilter(query.status, families.status, families.publishAt, at),
        containsAny(query.search, families.nameEn, families.nameAr),
      ),
      query,
      (row) => withShownStatus(toFamily(row), at),
    );
  },
  read: getFamily,
  create: (ctx, input, caller) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        const { status, publishAt, ...rest } = input;
        const [row] = await tx
          .insert(families)
          .values({ ...rest, status: 'published', ...publicationColumns({ status, publishAt }) })
          .returning();
        const after = toFamily(row!);
        await publishChange(tx, caller, {
          ...HISTORY,
          action: 'create',
          entityId: row!.id,
          family: row!.id,
          before: null,
          after,
        });
        return withShownStatus(after, new Date());
      }),
    ),
  update: (ctx, id, input, caller) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write((tx) => updateFamily(tx, id, input, caller)),
    ),
  remove: (ctx, id, caller) =>
    ctx.catalogue.write((tx) =>
      crud.deleteRecorded(tx, caller, id, {
        table: families,
        what: 'Family',
        entity: 'family',
        family: (row) => row.id,
        snapshot: toFamily,
        toBin: async (tx, row) => {
          const catalogue = {
            family: eq(families.id, id),
            category: eq(categories.familyId, id),
            product: eq(products.familyId, id),
          };
          // Its categories and products are deleted too: announced before they go.
          await announceWhere(tx, 'product', 'deleted', catalogue.product);
          await announceWhere(tx, 'category', 'deleted', catalogue.category);
          // With them, the rows of every resource kept with its family (synonyms, attributes, ...).
          const takes = { ...catalogue, ...familyRowsOf(id) };
          const entry = await copyToBin(tx, caller, { entity: 'family', row, family: id, takes });
          await removeFamilyRows(tx, id);
          return entry;
        },
      }),
    ),
};

/** The families' routes and what a revert of a family's history entry needs. */
export const familyModule = resourceModule(familyResource, {
  service: familyService,
  names: { table: families, name: bilingualName },
  revert: {
    table: families,
    what: 'Family',
    snapshot: toFamily,
    family: (row) => row.id,
    columns: revertColumns(families, familyResource),
    conflicts: nameConflict('families_name_en_key'),
    update: updateFamily,
    remove: (ctx, id, caller) => familyService.remove(ctx, id, caller),
  },
});
