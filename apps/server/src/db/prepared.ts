import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

const dialect = new PgDialect();

/**
 * Runs a statement whose text is always the same under a name of its own: node-postgres prepares it
 * the first time each connection runs it, and PostgreSQL then neither parses it again nor, once its
 * generic plan proves as good, plans it again. For statements that run many times a second and
 * whose parsing and planning cost about as much as running them, or more: the webhook worker's, and
 * those every product write runs (its completeness, its outbox event). In a transaction, `tx` runs
 * it on the transaction's connection. PGlite runs it as any other statement.
 *
 * `name` must stand for one text only: a connection refuses a name it prepared with another text.
 */
export async function executeNamed<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return ((await prepared.execute()) as { rows: T[] }).rows;
}
