import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export const CATALOGUE_VERSION_KEY = 'catalogue_version';

type Executor = Pick<Db, 'execute'>;

/**
 * Every catalogue write (family, category, product, import) calls this inside its transaction. The
 * version lives in the database, so several server processes on one PostgreSQL agree on it, and read
 * caches keyed by it never serve a result older than the last committed write (DESIGN.md "Running").
 */
export async function bumpCatalogueVersion(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into app_state (key, value) values (${CATALOGUE_VERSION_KEY}, 1)
    on conflict (key) do update set value = app_state.value + 1`);
}

export async function readCatalogueVersion(db: Executor): Promise<number> {
  const result = await db.execute<{ value: string | number }>(
    sql`select value from app_state where key = ${CATALOGUE_VERSION_KEY}`,
  );
  const row = (result as { rows: { value: string | number }[] }).rows[0];
  return row ? Number(row.value) : 0;
}
