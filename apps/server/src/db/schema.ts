import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProductAttributes } from '@dalil/contracts/attributes';
import { publication, timestamps } from './schema-columns';

// The accounts', the bulk image jobs', the recycle bin's, the API keys', the webhooks', the feeds' and
// the attributes' tables live beside this file; drizzle-kit reads them through these exports.
export { imageJobChanges, imageJobs } from './schema-image-jobs';
export { binEntries, binRows } from './schema-bin';
export { apiKeys } from './schema-api-keys';
export { webhookAttempts, webhookDeliveries, webhookMessages, webhookSubscriptions } from './schema-webhooks';
export { feeds } from './schema-feeds';
export { importLeases } from './schema-leases';
export { attributes } from './schema-attributes';
export { revokedTokens, signInFailures, users } from './schema-accounts';

export const families = pgTable(
  'families',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    logo: text(),
    image: text(),
    cover: text(),
    /**
     * Barcodes of the family's products must be valid GTINs (docs/decisions/0053-gtin-barcodes.md).
     * Off for the families that existed before the setting and for those an import creates; the API
     * creates families with it on unless told otherwise.
     */
    requireValidGtin: boolean().notNull().default(false),
    ...publication,
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
    /**
     * A sub-category's parent: a category of the same family that has no parent itself (one level).
     * Deleting the parent deletes its sub-categories.
     */
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    logo: text(),
    image: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_family_name_en_key').on(t.familyId, sql`lower(${t.nameEn})`),
    index('categories_parent_idx').on(t.parentId),
  ],
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
    /** Optional; always a sub-category of `categoryId`. Deleting it deletes its products. */
    subCategoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
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
    /**
     * Values of the family's attributes, by attribute key (docs/decisions/0056-typed-attributes.md).
     * May hold values of attributes deleted since: reads leave them out, reverting the delete shows them again.
     */
    attributes: jsonb()
      .$type<ProductAttributes>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Percent of the required fields filled in each language, kept by core/completeness.ts. */
    completenessAr: smallint().notNull().default(0),
    completenessEn: smallint().notNull().default(0),
    ...publication,
    ...timestamps,
  },
  (t) => [
    check('products_barcode_digits', sql`${t.barcode} ~ '^[0-9]{1,32}$'`),
    check('products_number_digits', sql`${t.number} ~ '^[0-9]{1,32}$'`),
    index('products_category_idx').on(t.categoryId),
    index('products_sub_category_idx').on(t.subCategoryId),
    index('products_family_name_idx').on(t.familyId, t.nameAr, t.id),
    uniqueIndex('products_family_barcode_key')
      .on(t.familyId, t.barcode)
      .where(sql`${t.barcode} is not null`),
    index('products_family_number_idx').on(t.familyId, t.number),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The drafts waiting for a publish date (core/publication.ts, PublishSchedule).
    // The list's `incomplete` filter and the family's complete counts.
    index('products_family_completeness_ar_idx').on(t.familyId, t.completenessAr),
    index('products_family_completeness_en_idx').on(t.familyId, t.completenessEn),
    index('products_draft_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.status} = 'draft'`),
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
 * The history: one row per write, with who made it, when, and the before and after value of each
 * changed field (`changes`), written in the write's own transaction (docs/decisions/0030-history.md).
 * No foreign keys: an entry outlives the account, family or row it names.
 */
export const activity = pgTable(
  'activity',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer(),
    actorUsername: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    familyId: integer(),
    changes: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The import run that made this change to the record (its entry links to the import). */
    importId: integer(),
    /** A delete's recycle bin entry: reverting the delete restores it (docs/decisions/0042-recycle-bin.md). */
    binEntryId: integer(),
    /** The API key that made the change (its name is in `actorUsername`); null when a person did. */
    apiKeyId: integer(),
  },
  (t) => [
    index('activity_entity_idx').on(t.entity, t.entityId, t.id),
    index('activity_family_idx').on(t.familyId, t.id),
    index('activity_actor_idx').on(t.actorId, t.id),
    index('activity_at_idx').on(t.at),
  ],
);

/**
 * One row per import that wrote something: who, when, which file, its counts; `undoneAt` once undone.
 * `at` is the import transaction's time, which is also the `updated_at` of every row it wrote: a row
 * whose `updated_at` differs was changed since (docs/decisions/0031-import-undo.md).
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer(),
    actorUsername: text().notNull(),
    fileName: text().notNull(),
    kind: text().notNull(),
    familyId: integer(),
    counts: jsonb().notNull(),
    undoneAt: timestamp({ withTimezone: true }),
    /** The scheduled feed that fetched the file (docs/decisions/0052-scheduled-feeds.md). */
    feedId: integer(),
    /** A feed run that imported nothing: why. */
    failure: text(),
    /** A feed run's import report (no one was waiting for the answer). */
    report: jsonb(),
  },
  (t) => [index('import_runs_family_idx').on(t.familyId, t.id)],
);

/**
 * The rows an import created (`before` null) or updated (`before`: the row as it was), filled by
 * statement triggers on families, categories and products while `dalil.import_run` is set.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    importId: integer()
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    entity: text().notNull(),
    entityId: integer().notNull(),
    before: jsonb(),
    /** The row as the import left it (null for imports before this was kept): what an undo compares. */
    after: jsonb(),
    /**
     * A bulk change set's delete: the recycle bin entry that holds the row (`before` is the row as
     * it was), which the undo restores. Null for every other change.
     */
    binEntryId: integer(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.entity, t.entityId] })],
);
