import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export const CATALOGUE_VERSION_KEY = 'catalogue_version';

type Executor = Pick<Db, 'execute'>;

/**
 * Moves the catalogue version on, inside the caller's transaction. The version lives in the database,
 * so several server processes on one PostgreSQL agree on it, and read caches keyed by it never serve a
 * result older than the last committed write (docs/architecture.md, "Caching"). Catalogue writes go
 * through `CatalogueWrites.write`, which calls this.
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

/**
 * The one write path of the catalogue (families, categories, products, imports) in this process. A
 * write runs in one transaction that also bumps the version; once it has committed, every listener
 * hears of it, so this process's read caches expire at once. Other processes see the new version when
 * they next read it from the database.
 */
export class CatalogueWrites {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const value = await work(tx);
      await bumpCatalogueVersion(tx);
      return value;
    });
    for (const listener of this.listeners) listener();
    return result;
  }

  /** Calls `listener` after each catalogue write this process commits; returns the unsubscribe. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
