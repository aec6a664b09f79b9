import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Signed webhooks with an outbox (docs/decisions/0051-webhooks.md). A subscription keeps its secret
 * (it signs with it, so it cannot keep only a hash); the list never shows it.
 */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  url: text().notNull(),
  secret: text().notNull(),
  events: text().array().notNull(),
  /** Empty: every family. */
  families: integer()
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  enabled: boolean().notNull().default(true),
  disabledAt: timestamp({ withTimezone: true }),
  disabledReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdById: integer(),
  createdByUsername: text().notNull(),
});

/**
 * One event, written in the transaction of the change it reports: `body` is the exact JSON sent (and
 * signed) on every attempt; `key` orders the messages of one record (`product:5`), null for events
 * that need no order.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: text().notNull(),
    eventType: text().notNull(),
    familyId: integer(),
    key: text(),
    body: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_messages_message_id_idx').on(t.messageId)],
);

/**
 * One message to one subscription: `pending` until a 2xx answer (`delivered`) or until a day of
 * failed attempts (`failed`). `nextAttemptAt` null: due at once. A worker holds a delivery while it
 * sends it by setting `leasedUntil` and `leasedBy`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    messageId: integer()
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    /** The message's key, copied so the order check reads one table. */
    key: text(),
    state: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    firstAttemptAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }),
    leasedUntil: timestamp({ withTimezone: true }),
    /** The process that holds the lease (lib/job-lease.ts). */
    leasedBy: text(),
  },
  (t) => [
    check('webhook_deliveries_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
    // One delivery of a message per subscription. The message leads, so the cascade that removes an
    // old message's deliveries finds them here: no second index for every delivery to maintain.
    uniqueIndex('webhook_deliveries_message_subscription_idx').on(t.messageId, t.subscriptionId),
    index('webhook_deliveries_pending_idx')
      .on(t.subscriptionId, t.key, t.id)
      .where(sql`${t.state} = 'pending'`),
    // The claim takes the oldest due deliveries: in id order it stops after a round's worth, where
    // the index above made it read every pending delivery (an import's 300 000) to sort them.
    index('webhook_deliveries_due_idx')
      .on(t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Every attempt to deliver, kept with its answer for the deliveries list (for WEBHOOK_LOG_DAYS once
 * its message waits for no delivery).
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    subscriptionId: integer().notNull(),
    attempt: integer().notNull(),
    ok: boolean().notNull(),
    responseCode: integer(),
    error: text(),
    attemptedAt: timestamp({ withTimezone: true }).notNull(),
    durationMs: integer().notNull(),
    nextAttemptAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('webhook_attempts_subscription_idx').on(t.subscriptionId, t.id),
    // A delivery's attempts, for the cascade when a delivery goes (with its subscription or message).
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);
