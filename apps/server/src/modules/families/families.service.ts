import { eq } from 'drizzle-orm';
import type { Family, FamilyDetail, familyResource } from '@dalil/contracts/families';
import { categories, families, products } from '../../db/schema';
import type { DataContext } from '../../lib/context';
import * as crud from '../../lib/crud-service';
import { containsAny } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';

export const toFamily = (row: typeof families.$inferSelect): Family => ({
  ...crud.named(row),
  logo: row.logo,
  image: row.image,
  cover: row.cover,
});

async function getFamily({ db }: DataContext, id: number): Promise<FamilyDetail> {
  const { row, counts } = await crud.readById(db, families, id, 'Family', {
    categories: crud.countWhere(categories.familyId, id),
    products: crud.countWhere(products.familyId, id),
  });
  return { ...toFamily(row), counts };
}

/** The family English name is its natural key, ignoring case (docs/architecture.md, "Data"). */
const CONFLICTS = {
  families_name_en_key: { field: 'nameEn', message: 'A family with this English name already exists' },
};

/** Families: deleting one deletes its categories and products (foreign keys cascade). */
export const familyService: crud.CrudService<typeof familyResource.schemas> = {
  list: ({ db }, query) =>
    crud.listPage(db, families, containsAny(query.search, families.nameEn, families.nameAr), query, toFamily),
  read: getFamily,
  create: (ctx, input) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        const [row] = await tx.insert(families).values(input).returning();
        return toFamily(row!);
      }),
    ),
  update: (ctx, id, input) =>
    crud.withUniqueConflicts(CONFLICTS, () =>
      ctx.catalogue.write(async (tx) => {
        const [row] = await tx
          .update(families)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(families.id, id))
          .returning();
        if (!row) throw notFound('Family');
        return toFamily(row);
      }),
    ),
  remove: (ctx, id) => crud.deleteById(ctx, families, id, 'Family'),
};
