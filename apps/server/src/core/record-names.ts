import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

export type Name = { ar: string; en: string };
type StoredRow = Record<string, unknown>;

/**
 * Where the history finds the name of a record of one kind: its table, and how a row names itself.
 * The same function names a record that is gone from the fields its last entry recorded.
 */
export interface RecordNames {
  table: PgTable & { id: AnyPgColumn };
  name: (row: StoredRow) => Name | null;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Its Arabic and English names, each standing in for the other when one is empty. */
export function bilingualName(row: StoredRow): Name | null {
  const a = text(row.nameAr) ?? text(row.nameEn);
  const e = text(row.nameEn) ?? text(row.nameAr);
  return a && e ? { ar: a, en: e } : null;
}

/** One text that reads the same in both languages (a username, a file name). */
export const sameName = (v: unknown): Name | null => (text(v) ? { ar: v as string, en: v as string } : null);

/** A list of words, joined with each language's comma. */
export const wordsName = (v: unknown): Name | null =>
  Array.isArray(v) && v.length > 0 ? { ar: v.join('، '), en: v.join(', ') } : null;
