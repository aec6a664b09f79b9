import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ATTRIBUTE_REQUIRED,
  ATTRIBUTE_TYPES,
  ATTRIBUTE_UNITS,
  type AttributeOption,
} from '@dalil/contracts/attributes';
import { timestamps } from './schema-columns';

/**
 * A family's typed product fields (docs/decisions/0056-typed-attributes.md). Products keep their values
 * in `products.attributes`, keyed by `key`. `category_ids` are the categories whose products have the
 * attribute; an id with no foreign key, so that deleting a category into the recycle bin and restoring
 * it brings its assignments back with it (reads only count the ids of the family's live categories).
 */
export const attributes = pgTable(
  'attributes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign key (this file stays below schema.ts): the family's delete copies its attributes into
     * the recycle bin and removes them, and its restore brings them back.
     */
    familyId: integer().notNull(),
    key: text().notNull(),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    groupAr: text(),
    groupEn: text(),
    type: text({ enum: ATTRIBUTE_TYPES }).notNull(),
    unit: text({ enum: ATTRIBUTE_UNITS }),
    options: jsonb()
      .$type<AttributeOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    visible: boolean().notNull().default(true),
    required: text({ enum: ATTRIBUTE_REQUIRED }).notNull().default('none'),
    categoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    position: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attributes_family_key_key').on(t.familyId, t.key),
    index('attributes_family_position_idx').on(t.familyId, t.position, t.id),
  ],
);
