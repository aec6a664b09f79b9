import type { Account } from '@dalil/contracts/auth';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/errors';

/**
 * Which families an account sees and changes (docs/decisions/0029-company-scoped-staff.md). `null`
 * means every family. An administrator sees and changes every family; an editor sees and changes
 * the families assigned to them (none when the list is empty); a catalogue user sees every family
 * when their list is empty, otherwise only those, and changes none.
 */
function readableFamilies(caller: Account | null): readonly number[] | null {
  if (!caller || caller.role === 'admin') return null;
  if (caller.role === 'user' && caller.families.length === 0) return null;
  return caller.families;
}

/** The families an account may write to; `null` means every family. */
export function writableFamilies(caller: Account | null): readonly number[] | null {
  if (caller?.role === 'admin') return null;
  if (caller?.role === 'editor') return caller.families;
  return [];
}

const canRead = (caller: Account | null, familyId: number) => {
  const scope = readableFamilies(caller);
  return scope === null || scope.includes(familyId);
};

export const canWrite = (caller: Account | null, familyId: number) => {
  const scope = writableFamilies(caller);
  return scope === null || scope.includes(familyId);
};

/**
 * A row of another family answers as if it did not exist (404): an account never learns which
 * objects other companies have.
 */
export function requireReadable(caller: Account | null, familyId: number, what: string): void {
  if (!canRead(caller, familyId)) throw notFound(what);
}

export function requireWritable(caller: Account | null, familyId: number, what: string): void {
  if (!canRead(caller, familyId) || !canWrite(caller, familyId)) throw notFound(what);
}

/** The list filter for a family id column; undefined when the account sees every family. */
export function familyFilter(caller: Account | null, column: AnyPgColumn): SQL | undefined {
  const scope = readableFamilies(caller);
  if (scope === null) return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, [...scope]);
}
