import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-columns';

/**
 * Scheduled feeds (docs/decisions/0052-scheduled-feeds.md): a family's catalogue file fetched from an
 * address on a cron schedule. Every server process polls this table and claims a due feed with one
 * UPDATE that moves `next_run_at` and sets `lease_until` and `lease_owner`; only the claimer gets the
 * row back, and renews the lease while the run lasts (lib/job-lease.ts).
 * `etag` and `last_modified` are the validators of the last file imported, sent back as
 * If-None-Match / If-Modified-Since. The last run is kept on the row; each run that fetched, or
 * failed, is also an import run (`import_runs.feed_id`).
 */
export const feeds = pgTable(
  'feeds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: a family in the recycle bin keeps its feeds, which wait until it is restored. */
    familyId: integer().notNull(),
    url: text().notNull(),
    schedule: text().notNull(),
    timeZone: text().notNull(),
    mode: text({ enum: ['all-or-nothing', 'valid-rows'] }).notNull(),
    etag: text(),
    lastModified: text(),
    nextRunAt: timestamp({ withTimezone: true }).notNull(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** The process running the feed (lib/job-lease.ts): kept after its lease ran out, to name it. */
    leaseOwner: text(),
    lastRunAt: timestamp({ withTimezone: true }),
    lastOutcome: text({ enum: ['imported', 'unchanged', 'failed'] }),
    lastImportId: integer(),
    lastMessage: text(),
    createdById: integer(),
    createdByUsername: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index('feeds_next_run_idx').on(t.nextRunAt),
    index('feeds_family_idx').on(t.familyId),
    check('feeds_mode_check', sql`${t.mode} in ('all-or-nothing', 'valid-rows')`),
  ],
);
