import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** The rows of a raw query: both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
