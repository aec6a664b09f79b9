import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Runs a statement whose text is always the same under a name of its own: node-postgres prepares it
 * the first time each connection runs it, and PostgreSQL then neither parses it again nor, once its
 * generic plan proves as good, plans it again. For the background statements that run many times a
 * second beside the API's writes (the webhook worker's), whose parsing and planning cost about as
 * much as running them. PGlite runs it as any other statement.
 */
export async function executeNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}
