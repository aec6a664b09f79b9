import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';

/**
 * Version counters in `app_state`, one per kind of cached data (the catalogue, the sessions). A write
 * bumps its counter in its own transaction; because the counter lives in the database, every server
 * process sharing it can tell, with one cheap read, whether its caches are still current.
 */
export async function bumpVersion(db: Executor, key: string): Promise<void> {
  await db.execute(sql`
    insert into app_state (key, value) values (${key}, 1)
    on conflict (key) do update set value = app_state.value + 1`);
}

export async function readVersion(db: Executor, key: string): Promise<number> {
  const result = await db.execute<{ value: string | number }>(
    sql`select value from app_state where key = ${key}`,
  );
  const row = (result as { rows: { value: string | number }[] }).rows[0];
  return row ? Number(row.value) : 0;
}

/**
 * The write path of one kind of cached data in this process. A write runs in one transaction that also
 * bumps the version; once it has committed, every listener hears of it, so this process's caches expire
 * at once. Other processes see the new version when they next read it from the database.
 */
export class VersionedWrites {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    readonly key: string,
  ) {}

  async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const value = await work(tx);
      await bumpVersion(tx, this.key);
      return value;
    });
    for (const listener of this.listeners) listener();
    return result;
  }

  /** Calls `listener` after each write this process commits; returns the unsubscribe. */
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
