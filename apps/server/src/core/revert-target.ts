import type { Account } from '@dalil/contracts/auth';
import type { ResourceDeclaration } from '@dalil/contracts/resources';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import type { DataContext } from './context';
import type { UniqueConflicts } from './crud-service';
import type { Snapshot } from './domain-events';

/**
 * Fields of a record that are not its own data: derived from others, or its identity. `name` is
 * derived too when the record has `nameAr` and `nameEn` (see `recordedFields`).
 */
const NOT_RECORDED = new Set(['id', 'counts', 'guest', 'completeness', 'attributeDefinitions']);

/**
 * What a revert needs to know of one kind of record: its table, its declaration (access, the form's
 * schema, the fields it answers with), its API form, its family, and its own update, so that a revert
 * is checked and carried out exactly as the same edit made by hand. Each resource module declares its
 * own beside its service.
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
  /** The resource's own delete: what it takes goes to the recycle bin, recorded as a delete. */
  remove: (ctx: DataContext, id: number, caller: Account | null) => Promise<void>;
  /** What follows from a record brought back by reverting its delete (stored figures of other rows). */
  restored?: (tx: Tx, row: never) => Promise<void>;
}

/** API field names whose column has another name; every other field is stored under its own name. */
const RENAMED: Record<string, string> = {
  family: 'familyId',
  category: 'categoryId',
  subCategory: 'subCategoryId',
  parent: 'parentId',
};

/** The table column (drizzle key) that stores an API field. */
const columnKey = (field: string) => RENAMED[field] ?? field;

const objectKeys = (schema: z.ZodType): string[] =>
  'shape' in schema && typeof schema.shape === 'object' && schema.shape !== null
    ? Object.keys(schema.shape)
    : [];

/** The fields a history entry of this resource can name: those its API form answers with. */
export function recordedFields(resource: ResourceDeclaration): string[] {
  const fields = objectKeys(resource.schemas.item);
  const namedTwice = fields.includes('nameAr');
  return fields.filter((f) => !NOT_RECORDED.has(f) && !(f === 'name' && namedTwice));
}

/** The fields the resource's form accepts, which a revert of an update can write back. */
export const formFields = (resource: ResourceDeclaration): string[] =>
  objectKeys(resource.schemas.updateBody);

/**
 * The API-field-to-column mapping of a table, derived from the fields the resource answers with.
 * Building it fails (at start) when a recorded field has no column, so no field can be forgotten.
 */
export function revertColumns(table: PgTable, resource: ResourceDeclaration) {
  const columns = getTableColumns(table);
  const mapping = new Map<string, string>();
  for (const field of recordedFields(resource)) {
    const column = columnKey(field);
    if (!(column in columns)) throw new Error(`${resource.name.one}.${field} has no column to revert`);
    mapping.set(field, column);
  }
  return (fields: Snapshot): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      const column = mapping.get(field);
      if (column === undefined) throw new Error(`${resource.name.one}.${field} has no column to revert`);
      out[column] =
        field === 'cost' && value !== null
          ? Number(value).toFixed(2)
          : field === 'publishAt' && typeof value === 'string'
            ? new Date(value)
            : value;
    }
    return out;
  };
}

/** A unique English name that another record took since: the conflict names the field. */
export const nameConflict = (key: string) => ({
  [key]: { field: 'nameEn', message: 'Another record now has this English name' },
});

/**
 * Refuses (at start) a target whose recorded fields the form does not take: a revert of an update
 * sends the record's form again with the recorded values, so such a field could never be put back.
 */
export function checkRevertTarget(target: RevertTarget): RevertTarget {
  const form = new Set(formFields(target.resource));
  const missing = recordedFields(target.resource).filter((f) => !form.has(f));
  if (missing.length > 0) throw new Error(`${target.what}: ${missing.join(', ')} cannot be reverted`);
  return target;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Each field a record of this kind answers with, and the SQL name of the column that stores it
 * (what a set-based writer, such as an import's history, compares before and after).
 */
export function storedColumns(
  table: PgTable,
  resource: ResourceDeclaration,
): [field: string, column: string][] {
  const columns = getTableColumns(table);
  return recordedFields(resource).map((field) => {
    const key = columnKey(field);
    return [field, columns[key]!.keyAsName ? snakeCase(key) : columns[key]!.name];
  });
}
