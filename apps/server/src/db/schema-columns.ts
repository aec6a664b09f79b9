import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was created and last written; most tables carry both. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};
