import { randomBytes } from 'node:crypto';
import type { Account } from '@dalil/contracts/auth';
import {
  WEBHOOK_SECRET_PREFIX,
  webhookResource,
  type Webhook,
  type WebhookCreated,
  type WebhookCreateBodySchema,
  type WebhookEvent,
  type WebhookUpdateBodySchema,
} from '@dalil/contracts/webhooks';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { z } from 'zod';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { resourceModule } from '../../core/app-module';
import type { AppContext, DataContext } from '../../core/context';
import { publishChange } from '../../core/domain-events';
import { sameName } from '../../core/record-names';
import { lockExisting } from '../../core/record-version';
import { containsAny } from '../../lib/db-helpers';
import { notFound } from '../../lib/errors';
import { checkOutboundAddress } from '../../lib/outbound';
import { requireFamilies } from '../users/users.service';
import { webhookDelivery } from './webhook-delivery';
import { coded, listAttempts, resendMessage } from './webhook-attempts';

/** The retention sweep forgets old messages through the module's service. */
export { forgetOldWebhookMessages } from './webhook-attempts';

type Row = typeof webhookSubscriptions.$inferSelect;

/** The last attempt of each subscription, for the list. */
const lastAttempt = sql<{ at: string; ok: boolean; responseCode: number | null } | null>`(
  select json_build_object('at', a.attempted_at, 'ok', a.ok, 'responseCode', a.response_code)
  from webhook_attempts a where a.subscription_id = webhook_subscriptions.id
  order by a.id desc limit 1)`;

const toWebhook = (
  row: Row & { last: { at: string; ok: boolean; responseCode: number | null } | null },
): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  families: row.families,
  createdAt: row.createdAt.toISOString(),
  createdBy: { id: row.createdById, username: row.createdByUsername },
  enabled: row.enabled,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  disabledReason: row.disabledReason,
  disabledReasonCode: coded(row.disabledReason)?.code ?? null,
  disabledReasonParams: coded(row.disabledReason)?.params ?? null,
  lastDelivery: row.last && { ...row.last, at: new Date(row.last.at).toISOString() },
});

const HISTORY = { entity: 'webhook', family: null } as const;

/**
 * What a history entry records of a subscription: what a person set and the state it is in, never
 * its secret; not its last delivery (which changes with each attempt, not with a write), nor who
 * created it when (the create's entry says so).
 */
const recorded = ({
  lastDelivery: _last,
  disabledReasonCode: _c,
  disabledReasonParams: _p,
  createdAt: _at,
  createdBy: _by,
  ...rest
}: Webhook) => rest;

/** Every column but the secret, which only the delivery worker reads. */
const { secret: _secret, ...listed } = getTableColumns(webhookSubscriptions);

/** A subscription as the API shows it, read in `db` (a write's transaction too), or 404. */
async function readWebhook(db: Db | Tx, id: number): Promise<Webhook> {
  const [row] = await db
    .select({ ...listed, last: lastAttempt })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.id, id));
  if (!row) throw notFound('Webhook');
  return toWebhook(row as never);
}

/** A subscription as the API shows it, or 404. */
const getWebhook = ({ db }: DataContext, id: number): Promise<Webhook> => readWebhook(db, id);

/**
 * Subscriptions newest first whose address contains `search`; a page of them when `limit` is given,
 * else every one. Never a secret.
 */
async function listWebhooks(
  { db }: DataContext,
  query: z.output<typeof webhookResource.schemas.listQuery>,
): Promise<{ data: Webhook[]; count: number }> {
  const where = containsAny(query.search, webhookSubscriptions.url);
  const rows = db
    .select({ ...listed, last: lastAttempt })
    .from(webhookSubscriptions)
    .where(where)
    .orderBy(desc(webhookSubscriptions.id))
    .offset(query.skip);
  const [found, [total]] = await Promise.all([
    query.limit === undefined ? rows : rows.limit(query.limit),
    db.select({ n: count() }).from(webhookSubscriptions).where(where),
  ]);
  return { data: found.map((row) => toWebhook(row as never)), count: total?.n ?? 0 };
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * Subscribes an address (https and public unless its host is allowed: 400 naming `url`) to events of
 * some families (each must exist: 400 naming `families`), and answers its secret this once.
 */
async function createWebhook(
  ctx: AppContext,
  body: z.output<typeof WebhookCreateBodySchema>,
  caller: Account | null,
): Promise<WebhookCreated> {
  const url = await checkOutboundAddress(body.url, ctx.config.outbound.allowedHosts, 'url');
  const secret = newSecret();
  const id = await ctx.db.transaction(async (tx) => {
    await requireFamilies(tx, body.families);
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({
        url: url.href,
        secret,
        events: body.events,
        families: body.families,
        createdAt: ctx.tokens.now(),
        createdById: caller?.id ?? null,
        createdByUsername: caller?.username ?? 'system',
      })
      .returning({ id: webhookSubscriptions.id });
    const after = await readWebhook(tx, row!.id);
    await publishChange(tx, caller, {
      ...HISTORY,
      action: 'create',
      entityId: row!.id,
      before: null,
      after: recorded(after),
    });
    return row!.id;
  });
  return { id, secret };
}

/**
 * Changes what a subscription receives, or turns it off or on; turning it on clears why it was off
 * and makes what it has pending due at once.
 */
async function updateWebhook(
  ctx: AppContext,
  id: number,
  body: z.output<typeof WebhookUpdateBodySchema>,
  caller: Account | null,
): Promise<Webhook> {
  const url =
    body.url === undefined
      ? undefined
      : (await checkOutboundAddress(body.url, ctx.config.outbound.allowedHosts, 'url')).href;
  const now = ctx.tokens.now();
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ enabled: webhookSubscriptions.enabled })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, id))
      .for('update');
    if (!found) throw notFound('Webhook');
    const before = await readWebhook(tx, id);
    if (body.families) await requireFamilies(tx, body.families);
    const turn =
      body.enabled === undefined || body.enabled === found.enabled
        ? {}
        : body.enabled
          ? { enabled: true, disabledAt: null, disabledReason: null }
          : {
              enabled: false,
              disabledAt: now,
              disabledReason: `Turned off by ${caller?.username ?? 'the system'}`,
            };
    const changes = {
      ...(url === undefined ? {} : { url }),
      ...(body.events ? { events: body.events } : {}),
      ...(body.families ? { families: body.families } : {}),
      ...turn,
    };
    // Turning off one that is off (or sending nothing) sets nothing.
    if (Object.keys(changes).length > 0) {
      await tx.update(webhookSubscriptions).set(changes).where(eq(webhookSubscriptions.id, id));
    }
    if (body.enabled === true && !found.enabled) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: null, firstAttemptAt: null })
        .where(and(eq(webhookDeliveries.subscriptionId, id), eq(webhookDeliveries.state, 'pending')));
    }
    const after = await readWebhook(tx, id);
    await publishChange(tx, caller, {
      ...HISTORY,
      action: 'update',
      entityId: id,
      before: recorded(before),
      after: recorded(after),
    });
  });
  return getWebhook(ctx, id);
}

/**
 * Deletes a subscription with its deliveries and their attempts; under the row's lock, so a request's
 * If-Match is checked against the version it deletes.
 */
async function deleteWebhook({ db }: DataContext, id: number, caller: Account | null): Promise<void> {
  await db.transaction(async (tx) => {
    await lockExisting(tx, webhookSubscriptions, id, 'Webhook');
    const before = await readWebhook(tx, id);
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    await publishChange(tx, caller, {
      ...HISTORY,
      action: 'delete',
      entityId: id,
      before: recorded(before),
      after: null,
    });
  });
}

/**
 * Signed webhooks as a declared resource (docs/decisions/0051-webhooks.md): list, read and delete, and
 * the subscribe, change, deliveries and resend operations; the history names a subscription by its
 * address. Its module also runs the delivery worker while the app is up (webhook-delivery.ts).
 */
export const webhookModule = resourceModule(webhookResource, {
  service: {
    list: (ctx, query) => listWebhooks(ctx, query),
    read: (ctx, id) => getWebhook(ctx, id),
    remove: (ctx, id, caller) => deleteWebhook(ctx, id, caller),
  },
  names: { table: webhookSubscriptions, name: (row) => sameName(row.url) },
  operations: (app) => ({
    subscribe: async ({ body, account, log }) => {
      const created = await createWebhook(app.ctx, body, account);
      log.info({ webhook: created.id }, 'webhook created');
      return created;
    },
    change: ({ params, body, account }) => updateWebhook(app.ctx, params.id, body, account),
    deliveries: ({ ctx, params, query }) => listAttempts(ctx, params.id, query),
    resend: async ({ ctx, params }) => {
      await resendMessage(ctx, params.id, params.messageId);
      void app.deliverWebhooks();
    },
  }),
  register: webhookDelivery,
});
