import { ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export { resultRows } from '../db/result-rows';

/** An ILIKE / LIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `text`, ignoring case; no condition when there is no text. */
export function containsAny(text: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
