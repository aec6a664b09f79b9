import type { ActivityEntity } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import type { ResourceSchemas } from '@dalil/contracts/resources';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { DataContext } from './context';
import { violatedUnique } from '../lib/database-errors';
import { fieldProblem, notFound } from '../lib/errors';
import { requireWritable } from './family-scope';
import { publishChange, type Snapshot } from './domain-events';
import { lockExisting } from './record-version';

/** A table with an integer `id` primary key: every catalogue and user table. */
type IdTable = PgTable & { id: AnyPgColumn };

/** The id and both names of a catalogue row, as every contract carries them (`name: { ar, en }` too). */
export const named = (row: { id: number; nameAr: string; nameEn: string }) => ({
  id: row.id,
  name: { ar: row.nameAr, en: row.nameEn },
  nameAr: row.nameAr,
  nameEn: row.nameEn,
});

/**
 * One page of a list in id order, with the number of rows matching `where` in all: the `{ data, count }`
 * every admin list answers.
 */
export async function listPage<T extends IdTable, Item>(
  db: Db,
  table: T,
  where: SQL | undefined,
  paging: { limit: number; skip: number },
  toItem: (row: T['$inferSelect']) => Item,
): Promise<{ data: Item[]; count: number }> {
  const from = table as PgTable;
  const rows = await db
    .select()
    .from(from)
    .where(where)
    .orderBy(table.id)
    .limit(paging.limit)
    .offset(paging.skip);
  const [total] = await db.select({ n: count() }).from(from).where(where);
  return { data: (rows as T['$inferSelect'][]).map(toItem), count: total?.n ?? 0 };
}

/** How many rows of `column`'s table have `id` in it: the linked counts shown before a delete. */
export const countWhere = (column: AnyPgColumn, id: number) =>
  sql<number>`(select count(*)::int from ${column.table} where ${column} = ${id})`;

/** One row by id, with the counts asked for (`countWhere`); 404 naming `what` when there is none. */
export async function readById<T extends IdTable, C extends string = never>(
  db: Db,
  table: T,
  id: number,
  what: string,
  counts = {} as Record<C, SQL<number>>,
): Promise<{ row: T['$inferSelect']; counts: Record<C, number> }> {
  const from = table as PgTable;
  const [found] = await db
    .select({ row: from, ...counts } as Record<string, PgTable | SQL<number>>)
    .from(from)
    .where(eq(table.id, id));
  if (!found) throw notFound(what);
  const numbers = Object.fromEntries(Object.keys(counts).map((k) => [k, Number(found[k])]));
  return { row: found.row as T['$inferSelect'], counts: numbers as Record<C, number> };
}

/** How one resource is deleted: the parts that differ between families, categories, products... */
export interface RecordedDelete<T extends IdTable> {
  table: T;
  /** The record's name in the 404 ("Product" not found). */
  what: string;
  entity: ActivityEntity;
  /**
   * The family the record belongs to: the history entry's, and the one the caller must be allowed to
   * write (otherwise a 404, as for a record they cannot see); null for a record of no family.
   */
  family: (row: T['$inferSelect']) => number | null;
  /** The record as its history keeps it. */
  snapshot: (row: T['$inferSelect']) => Snapshot;
  /** Further refusals (the last administrator...), thrown with the row locked. */
  check?: (tx: Tx, row: T['$inferSelect']) => Promise<void> | void;
  /**
   * Copies the record and what goes with it into the recycle bin, before the delete, and answers the
   * bin entry (which reverting the delete restores). Without it the row is deleted outright.
   */
  toBin?: (tx: Tx, row: T['$inferSelect']) => Promise<number>;
}

/**
 * Deletes one record by id in the caller's transaction: locks its row (404 when there is none or the
 * caller may not write its family), runs the resource's checks, copies it into the recycle bin when the
 * resource has one, deletes it (foreign keys cascade to what hangs off it) and records the delete in
 * the history, naming the bin entry.
 */
export async function deleteRecorded<T extends IdTable>(
  tx: Tx,
  caller: Account | null,
  id: number,
  spec: RecordedDelete<T>,
): Promise<void> {
  const { table } = spec;
  const from = table as PgTable;
  const row = await lockExisting(tx, table, id, spec.what);
  const family = spec.family(row);
  if (family !== null) requireWritable(caller, family, spec.what);
  await spec.check?.(tx, row);
  const binEntry = spec.toBin ? await spec.toBin(tx, row) : undefined;
  await tx.delete(from).where(eq(table.id, id));
  await publishChange(tx, caller, {
    entity: spec.entity,
    action: 'delete',
    entityId: id,
    family,
    before: spec.snapshot(row),
    after: null,
    ...(binEntry === undefined ? {} : { binEntry }),
  });
}

/** A unique constraint and the body field a person should change when a write breaks it. */
export type UniqueConflicts = Record<string, { field: string; message: string }>;

/**
 * Runs a write; a unique violation of one of `conflicts` becomes a 409 naming the field, so a form
 * can show it next to that field. Any other error passes through.
 */
export async function withUniqueConflicts<T>(
  conflicts: UniqueConflicts,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = violatedUnique(err);
    const known = constraint === undefined ? undefined : conflicts[constraint];
    if (known) throw fieldProblem(409, known.field, known.message);
    throw err;
  }
}

/**
 * What a declared resource's routes call. Each function takes the data context first, then what the
 * request carries (id, query or body, validated by the declaration's schemas), then the signed-in
 * account making the call (null only on a public operation).
 */
export interface CrudService<S extends ResourceSchemas> {
  list(
    ctx: DataContext,
    query: z.output<S['listQuery']>,
    caller: Account | null,
  ): Promise<z.input<S['list']>>;
  read(ctx: DataContext, id: number, caller: Account | null): Promise<z.input<S['detail']>>;
  create(
    ctx: DataContext,
    body: z.output<S['createBody']>,
    caller: Account | null,
  ): Promise<z.input<S['item']>>;
  update(
    ctx: DataContext,
    id: number,
    body: z.output<S['updateBody']>,
    caller: Account | null,
  ): Promise<z.input<S['item']>>;
  remove(ctx: DataContext, id: number, caller: Account | null): Promise<void>;
}
