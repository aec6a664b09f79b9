import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { HttpError, notFound } from '../lib/errors';

/**
 * A record's version for `ETag` and `If-Match` (docs/decisions/0061-partial-updates-and-versions.md):
 * PostgreSQL's `xmin` of its row, the transaction that last wrote it. Every write path (a form, an
 * import's merge, a revert, a restore) makes a new row version, so none has to remember to bump a
 * counter, and no column or trigger is added. Reading it costs nothing beyond the row.
 */
type IdTable = PgTable & { id: AnyPgColumn };

const versionColumn = (table: PgTable) => sql<string>`${table}.xmin::text`;

/** The quoted entity tag of a version, as `ETag` carries it. */
export const entityTag = (version: string) => `"${version}"`;

/** The current version of one record, or undefined when there is none. */
export async function readVersion(db: Db, table: IdTable, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ version: versionColumn(table) })
    .from(table)
    .where(eq(table.id, id));
  return row?.version;
}

/**
 * What a conditional write expects: the versions `If-Match` names (`*` for any), checked once, on the
 * first lock of that record inside the write's own transaction, so no other write can come between
 * the check and the change.
 */
interface Expectation {
  table: PgTable;
  id: number;
  versions: string[] | '*';
  checked: boolean;
}
const expectations = new AsyncLocalStorage<Expectation>();

/** The versions an `If-Match` header names (`*`, or a list of strong tags); undefined without one. */
export function parseIfMatch(header: string | string[] | undefined): string[] | '*' | undefined {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined || text.trim() === '') return undefined;
  if (text.trim() === '*') return '*';
  // Weak tags never match If-Match (strong comparison): they are left out, so they cannot match.
  return [...text.matchAll(/(W\/)?"([^"]*)"/g)].filter((m) => !m[1]).map((m) => m[2]!);
}

export const preconditionFailed = (current: string) =>
  new HttpError(412, 'record.changed', {}, { headers: { etag: entityTag(current) } });

/** Runs a write that may change the record only when it is still at one of `versions`. */
export function whenVersion<T>(
  table: PgTable,
  id: number,
  versions: string[] | '*',
  write: () => Promise<T>,
): Promise<T> {
  return expectations.run({ table, id, versions, checked: false }, write);
}

/**
 * Locks one record for a write in the caller's transaction and answers it, or undefined when there is
 * none. When the write runs under `whenVersion` for this record, its version is checked here, under
 * the lock: a 412 naming the current version when it is not one of those expected.
 */
export async function lockForWrite<T extends IdTable>(
  tx: Tx,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const from: PgTable = table;
  const [found] = await tx
    .select({ row: table, version: versionColumn(table) })
    .from(from)
    .where(eq(table.id, id))
    .for('update');
  if (!found) return undefined;
  const expected = expectations.getStore();
  if (expected && !expected.checked && expected.table === table && expected.id === id) {
    expected.checked = true;
    const { version } = found;
    if (expected.versions !== '*' && !expected.versions.includes(version)) throw preconditionFailed(version);
  }
  return found.row;
}

/** `lockForWrite`, with a 404 naming `what` when there is no such record. */
export async function lockExisting<T extends IdTable>(
  tx: Tx,
  table: T,
  id: number,
  what: string,
): Promise<T['$inferSelect']> {
  const row = await lockForWrite(tx, table, id);
  if (!row) throw notFound(what);
  return row;
}
