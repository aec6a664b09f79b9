import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The recycle bin: one entry per delete of a family, category, sub-category or product, with what it
 * took (`bin_rows`). The rows leave the live tables, so no catalogue read has to filter them; a
 * restore puts them back with their ids (docs/decisions/0042-recycle-bin.md). No foreign key to the
 * family: the entry outlives it.
 */
export const binEntries = pgTable(
  'bin_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer(),
    actorUsername: text().notNull(),
    entity: text({ enum: ['family', 'category', 'product'] }).notNull(),
    entityId: integer().notNull(),
    /** The family the deleted record belonged to, which decides which editors see the entry. */
    familyId: integer().notNull(),
    /** A sub-category's parent when it was deleted. */
    parentId: integer(),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    /** Products a deleted sub-category handed to its parent; a restore gives them back. */
    movedProducts: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    index('bin_entries_at_idx').on(t.at),
    index('bin_entries_family_idx').on(t.familyId, t.id),
    check('bin_entries_entity_check', sql`${t.entity} in ('family', 'category', 'product')`),
  ],
);

/** Each row a delete took, whole, as `to_jsonb` of its table row (column names in snake_case). */
export const binRows = pgTable(
  'bin_rows',
  {
    entryId: integer()
      .notNull()
      .references(() => binEntries.id, { onDelete: 'cascade' }),
    /** `family`, `category`, `product`, `synonym` or `attribute`. */
    entity: text().notNull(),
    entityId: integer().notNull(),
    row: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.entity, t.entityId] })],
);
