import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './schema-columns';

/** Accounts, and what guards them: tokens signed out early and sign-in attempts counted. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ['admin', 'editor', 'user'] })
      .notNull()
      .default('user'),
    /** Families an editor manages, or a catalogue user is limited to (empty: every family). */
    families: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
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
    check('users_role_check', sql`${t.role} in ('admin', 'editor', 'user')`),
  ],
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
 * Sign-in attempts counted per key (address and username, address, username; guest sign-ins and
 * sign-outs per address) in a fixed window, in the database so that every server process shares them.
 * A sign-in is counted before its password is checked and taken back when it is right, so `failures`
 * holds failures and attempts still being checked (docs/decisions/0019 and 0041).
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
