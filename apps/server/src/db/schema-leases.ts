import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per import under way, whose staging rows (`import_rows`, keyed by the same id) are alive
 * while `lease_until` is ahead: the importing process renews it (lib/job-lease.ts) and deletes the
 * row when the import ends. Staging rows with no live lease belong to a process that died; every
 * start removes them.
 */
export const importLeases = pgTable('import_leases', {
  importId: bigint({ mode: 'number' }).primaryKey(),
  leaseOwner: text().notNull(),
  leaseUntil: timestamp({ withTimezone: true }).notNull(),
});
