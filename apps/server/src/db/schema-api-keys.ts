import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * API keys for other systems (docs/decisions/0049-api-keys.md). Only the SHA-256 of the secret is kept
 * (`secret_hash`, hex), never the secret; `prefix` is its first characters, shown to tell keys apart.
 * A revoked key stays, with `revoked_at`, so the list and the history keep naming it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    role: text({ enum: ['editor', 'reader'] }).notNull(),
    families: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    prefix: text().notNull(),
    secretHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdById: integer(),
    createdByUsername: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    check('api_keys_role_check', sql`${t.role} in ('editor', 'reader')`),
  ],
);
