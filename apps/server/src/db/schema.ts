import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const families = pgTable(
  'families',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    logo: text(),
    image: text(),
    cover: text(),
    ...timestamps,
  },
  // Natural key for imports: family by English name, case-insensitive
  // (docs/architecture.md, "Import pipeline").
  (t) => [uniqueIndex('families_name_en_key').on(sql`lower(${t.nameEn})`)],
);

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    familyId: integer()
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    logo: text(),
    image: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_family_name_en_key').on(t.familyId, sql`lower(${t.nameEn})`)],
);

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    familyId: integer()
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    descriptionEn: text(),
    descriptionAr: text(),
    cost: numeric({ precision: 12, scale: 2 }),
    /** Digit strings, so leading zeros and 14-digit GTINs survive; the API accepts numbers too. */
    barcode: text(),
    number: text(),
    netWeight: text(),
    drainedWeight: text(),
    unitsPerCarton: integer(),
    cartonPerPalate: integer(),
    shelfLife: text(),
    logo: text(),
    image: text(),
    /** normalizeSearchText(nameAr + nameEn), written with the row. */
    searchText: text().notNull(),
    ...timestamps,
  },
  (t) => [
    check('products_barcode_digits', sql`${t.barcode} ~ '^[0-9]{1,32}$'`),
    check('products_number_digits', sql`${t.number} ~ '^[0-9]{1,32}$'`),
    index('products_category_idx').on(t.categoryId),
    index('products_family_name_idx').on(t.familyId, t.nameAr, t.id),
    uniqueIndex('products_family_barcode_key')
      .on(t.familyId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    index('products_family_number_idx').on(t.familyId, t.number),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    /** Bumped when the user is deleted or their password or role changes: old tokens then fail. */
    tokenVersion: integer().notNull().default(0),
    /**
     * The guest catalogue account, whose credentials /api/config publishes while guest access is on:
     * it can never become an admin, be renamed or be deleted (docs/reliability.md).
     */
    isGuest: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
  ],
);

/** One row per setting; `catalogue_version` is bumped by every catalogue write (cache invalidation). */
export const appState = pgTable('app_state', {
  key: text().primaryKey(),
  value: bigint({ mode: 'number' }).notNull(),
});

/**
 * Synonym groups of a family: words its search treats as one (a broken plural and its singular, an
 * English name and its Arabic spelling), as the admin typed them; search normalizes and stems them
 * like the built-in groups (docs/decisions/0024-word-search.md, "Synonyms per family"). A family's
 * writes lock its row, so a word is in at most one group of a family.
 */
export const synonymGroups = pgTable(
  'synonym_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    familyId: integer()
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    words: text().array().notNull(),
    ...timestamps,
  },
  (t) => [index('synonym_groups_family_idx').on(t.familyId, t.id)],
);

/**
 * Tokens signed out before they expire (POST /api/logout), by token id. A row is useless once the
 * token would have expired anyway, and is then removed.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins counted per key (address and username, address, username) in a fixed window, in the
 * database so that every server process shares them (docs/decisions/0019-sign-in-limits.md).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    windowSeconds: integer().notNull(),
    failures: integer().notNull(),
  },
  (t) => [index('sign_in_failures_window_start_idx').on(t.windowStart)],
);
