import type { Account } from '@dalil/contracts/auth';
import type { ResourceSchemas } from '@dalil/contracts/resources';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { DataContext } from './context';
import { violatedUnique } from './database-errors';
import { fieldError, notFound } from './errors';

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

/**
 * Deletes one catalogue row by id (foreign keys cascade to what hangs off it); 404 when there is none.
 * `record` is given the deleted row in the same transaction (the history entry).
 */
export function deleteById<T extends IdTable>(
  ctx: DataContext,
  table: T,
  id: number,
  what: string,
  record: (tx: Tx, row: T['$inferSelect']) => Promise<unknown>,
): Promise<void> {
  return ctx.catalogue.write(async (tx) => {
    const deleted = await tx
      .delete(table as PgTable)
      .where(eq(table.id, id))
      .returning();
    if (deleted.length === 0) throw notFound(what);
    await record(tx, deleted[0] as T['$inferSelect']);
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
    if (known) throw fieldError(409, known.field, known.message);
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
