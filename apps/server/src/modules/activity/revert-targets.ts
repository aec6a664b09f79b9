import type { ActivityEntity } from '@dalil/contracts/activity';
import { and, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { categories, families, products, synonymGroups } from '../../db/schema';
import type { Snapshot } from '../../lib/history';
import type { UniqueConflicts } from '../../lib/crud-service';
import { toCategory } from '../categories/categories.service';
import { toFamily } from '../families/families.service';
import { productSearchText } from '../products/product-search-text';
import { toProduct } from '../products/products.service';
import { toSynonym } from '../synonyms/synonyms.service';

/** What a revert needs to know of one kind of record: its table, its API form, its family. */
export interface RevertTarget {
  table: PgTable & { id: AnyPgColumn };
  what: string;
  snapshot: (row: never) => Snapshot;
  family: (row: { id: number; familyId?: number }) => number;
  /** The stored columns that give the record these API fields (a revert writes them back). */
  columns: (fields: Snapshot, merged: Snapshot) => Record<string, unknown>;
  conflicts: UniqueConflicts;
  /** What else a revert's update must keep consistent (a category's products follow its family). */
  afterUpdate?: (tx: Tx, id: number, merged: Snapshot) => Promise<void>;
}

/** API field names to column names: `family` is `familyId`, `category` is `categoryId`, cost is text. */
function renamed(fields: Snapshot): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'family') out.familyId = value;
    else if (field === 'category') out.categoryId = value;
    else if (field === 'cost') out.cost = value === null ? null : Number(value).toFixed(2);
    else out[field] = value;
  }
  return out;
}

const nameConflict = (key: string) => ({
  [key]: { field: 'nameEn', message: 'Another record now has this English name' },
});

export const REVERT_TARGETS: Partial<Record<ActivityEntity, RevertTarget>> = {
  family: {
    table: families,
    what: 'Family',
    snapshot: toFamily,
    family: (row) => row.id,
    columns: renamed,
    conflicts: nameConflict('families_name_en_key'),
  },
  category: {
    table: categories,
    what: 'Category',
    snapshot: toCategory,
    family: (row) => row.familyId!,
    columns: renamed,
    conflicts: nameConflict('categories_family_name_en_key'),
    afterUpdate: async (tx, id, merged) => {
      await tx
        .update(products)
        .set({ familyId: Number(merged.family), updatedAt: new Date() })
        .where(and(eq(products.categoryId, id), ne(products.familyId, Number(merged.family))));
    },
  },
  product: {
    table: products,
    what: 'Product',
    snapshot: toProduct,
    family: (row) => row.familyId!,
    // The search text follows the names.
    columns: (fields, merged) => ({
      ...renamed(fields),
      searchText: productSearchText(String(merged.nameAr), String(merged.nameEn)),
    }),
    conflicts: {
      products_family_barcode_key: {
        field: 'barcode',
        message: 'Another product of this family now has this barcode',
      },
    },
  },
  synonym: {
    table: synonymGroups,
    what: 'Synonym group',
    snapshot: toSynonym,
    family: (row) => row.familyId!,
    columns: renamed,
    conflicts: {},
  },
};
