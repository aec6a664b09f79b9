import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './schema-columns';

/**
 * Bulk image jobs, in the database so that a reopened screen, any server process and a restarted
 * one see them. At most one active job per family (family 0: across all families).
 */
export const imageJobs = pgTable(
  'image_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    familyKey: integer().notNull(),
    state: text().notNull(),
    done: integer().notNull().default(0),
    total: integer().notNull().default(0),
    counts: jsonb().notNull(),
    files: jsonb().notNull(),
    error: text(),
    /** Set when the job's image changes were put back (image_job_changes). */
    undoneAt: timestamp({ withTimezone: true }),
    /**
     * Written while the job runs: a job silent for IMAGE_JOB_STALE_AFTER lost its process, and any
     * process marks it failed (lib/job-lease.ts).
     */
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The process that runs the job (lib/job-lease.ts). */
    leaseOwner: text(),
    ...timestamps,
  },
  (t) => [
    check('image_jobs_state', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    uniqueIndex('image_jobs_active_family_key')
      .on(t.familyKey)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('image_jobs_created_idx').on(t.createdAt),
  ],
);

/**
 * What a bulk image job changed, for its history and its undo: each product's logo or image name
 * before the job (null: none) and after it.
 */
export const imageJobChanges = pgTable(
  'image_job_changes',
  {
    jobId: integer()
      .notNull()
      .references(() => imageJobs.id, { onDelete: 'cascade' }),
    productId: integer().notNull(),
    slot: text().notNull(),
    before: text(),
    after: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.productId, t.slot] })],
);
