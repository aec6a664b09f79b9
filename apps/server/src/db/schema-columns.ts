import { text, timestamp } from 'drizzle-orm/pg-core';

/** When a row was created and last written; most tables carry both. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * Whether visitors see a product or family (docs/decisions/0055-drafts-and-publish-dates.md): a draft
 * counts as published from `publishAt` on, when it has one. Existing rows are published.
 */
export const publication = {
  status: text({ enum: ['draft', 'published'] })
    .notNull()
    .default('published'),
  publishAt: timestamp({ withTimezone: true }),
};
