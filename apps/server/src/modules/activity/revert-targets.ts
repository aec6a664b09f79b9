import type { ActivityEntity } from '@dalil/contracts/activity';
import { categoryResource } from '@dalil/contracts/categories';
import { familyResource } from '@dalil/contracts/families';
import { productResource } from '@dalil/contracts/products';
import type { ResourceDeclaration } from '@dalil/contracts/resources';
import { synonymResource } from '@dalil/contracts/synonyms';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { categories, families, products, synonymGroups } from '../../db/schema';
import type { Account } from '@dalil/contracts/auth';
import type { UniqueConflicts } from '../../lib/crud-service';
import type { Snapshot } from '../../lib/history';
import { toCategory, updateCategory } from '../categories/categories.service';
import { toFamily, updateFamily } from '../families/families.service';
import { productSearchText } from '../products/product-search-text';
import { toProduct, updateProduct } from '../products/products.service';
import { toSynonym, updateSynonym } from '../synonyms/synonyms.service';

/** Fields of a record that are not its own data: derived from others, or its identity. */
export const NOT_RECORDED = new Set(['id', 'name', 'counts', 'guest']);

/**
 * What a revert needs to know of one kind of record: its table, its declaration (access, the form's
 * schema, the fields it answers with), its API form, its family, and its own update, so that a revert
 * is checked and carried out exactly as the same edit made by hand.
 */
export interface RevertTarget {
  table: PgTable & { id: AnyPgColumn };
  resource: ResourceDeclaration;
  what: string;
  snapshot: (row: never) => Snapshot;
  family: (row: { id: number; familyId?: number }) => number;
  /** The stored columns that give the record these API fields (a deleted record is re-inserted). */
  columns: (fields: Snapshot, merged: Snapshot) => Record<string, unknown>;
  conflicts: UniqueConflicts;
  /** The resource's own update in the revert's transaction, recorded as a revert. */
  update: (tx: Tx, id: number, input: never, caller: Account | null, action: 'revert') => Promise<unknown>;
}

/** API field names whose column has another name; every other field is stored under its own name. */
const RENAMED: Record<string, string> = {
  family: 'familyId',
  category: 'categoryId',
  subCategory: 'subCategoryId',
  parent: 'parentId',
};

const objectKeys = (schema: z.ZodType): string[] =>
  'shape' in schema && typeof schema.shape === 'object' && schema.shape !== null
    ? Object.keys(schema.shape)
    : [];

/** The fields a history entry of this resource can name: those its API form answers with. */
export const recordedFields = (resource: ResourceDeclaration): string[] =>
  objectKeys(resource.schemas.item).filter((f) => !NOT_RECORDED.has(f));

/** The fields the resource's form accepts, which a revert of an update can write back. */
export const formFields = (resource: ResourceDeclaration): string[] =>
  objectKeys(resource.schemas.updateBody);

/**
 * The API-field-to-column mapping of a table, derived from the fields the resource answers with.
 * Building it fails (at start) when a recorded field has no column, so no field can be forgotten.
 */
function columnMapping(table: PgTable, resource: ResourceDeclaration) {
  const columns = getTableColumns(table);
  const mapping = new Map<string, string>();
  for (const field of recordedFields(resource)) {
    const column = RENAMED[field] ?? field;
    if (!(column in columns)) throw new Error(`${resource.name.one}.${field} has no column to revert`);
    mapping.set(field, column);
  }
  return (fields: Snapshot): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      const column = mapping.get(field);
      if (column === undefined) throw new Error(`${resource.name.one}.${field} has no column to revert`);
      out[column] = field === 'cost' && value !== null ? Number(value).toFixed(2) : value;
    }
    return out;
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Each field a record of this kind answers with, and the SQL name of the column that stores it
 * (what a set-based writer, such as an import's history, compares before and after).
 */
export function storedColumns(entity: 'family' | 'category' | 'product'): [field: string, column: string][] {
  const target = REVERT_TARGETS[entity]!;
  const columns = getTableColumns(target.table);
  return recordedFields(target.resource).map((field) => {
    const key = RENAMED[field] ?? field;
    return [field, columns[key]!.keyAsName ? snakeCase(key) : columns[key]!.name];
  });
}

const nameConflict = (key: string) => ({
  [key]: { field: 'nameEn', message: 'Another record now has this English name' },
});

const familyColumns = columnMapping(families, familyResource);
const categoryColumns = columnMapping(categories, categoryResource);
const productColumns = columnMapping(products, productResource);
const synonymColumns = columnMapping(synonymGroups, synonymResource);

export const REVERT_TARGETS: Partial<Record<ActivityEntity, RevertTarget>> = {
  family: {
    table: families,
    resource: familyResource,
    what: 'Family',
    snapshot: toFamily,
    family: (row) => row.id,
    columns: familyColumns,
    conflicts: nameConflict('families_name_en_key'),
    update: updateFamily,
  },
  category: {
    table: categories,
    resource: categoryResource,
    what: 'Category',
    snapshot: toCategory,
    family: (row) => row.familyId!,
    columns: categoryColumns,
    conflicts: {
      ...nameConflict('categories_family_name_en_key'),
      products_family_barcode_key: {
        field: 'family',
        message: 'A product of this category has a barcode now used in that family',
      },
    },
    update: updateCategory,
  },
  product: {
    table: products,
    resource: productResource,
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
  },
  synonym: {
    table: synonymGroups,
    resource: synonymResource,
    what: 'Synonym group',
    snapshot: toSynonym,
    family: (row) => row.familyId!,
    columns: synonymColumns,
    conflicts: {},
    update: updateSynonym,
  },
};

// A revert of an update sends the record's form again with the recorded values: a recorded field the
// form does not take could never be put back, so the start fails instead.
for (const target of Object.values(REVERT_TARGETS)) {
  const form = new Set(formFields(target.resource));
  const missing = recordedFields(target.resource).filter((f) => !form.has(f));
  if (missing.length > 0) throw new Error(`${target.what}: ${missing.join(', ')} cannot be reverted`);
}
