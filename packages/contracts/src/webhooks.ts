import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { wholeOrPageQuery } from './api-keys';
import { IdSchema, listOf, PagingQuerySchema } from './common';
import { SearchQuerySchema } from './refs';
import { ADMIN_ACCESS, crudSchemas, defineResource } from './resources';
import { WEBHOOK_EVENTS } from './webhook-events';

/**
 * Signed webhooks (docs/decisions/0051-webhooks.md): administrators subscribe an address to events;
 * each message follows the Standard Webhooks format (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` headers; body `{ type, timestamp, data }`). The event types and their bodies are
 * derived from the resources' declarations (webhook-events.ts).
 */
export { WEBHOOK_EVENTS, WEBHOOK_PAYLOAD_SCHEMAS, type WebhookEvent } from './webhook-events';

/** Every subscription's secret starts with this (the Standard Webhooks format: base64 after it). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` });

const urlField = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(2000, 'must be at most 2000 characters')
  .meta({ description: 'https, public; hosts in OUTBOUND_ALLOWED_HOSTS may be private and http' });

const eventsField = z
  .array(WebhookEventSchema, { error: 'must be a list of event types' })
  .min(1, 'must name at least one event type')
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

const familiesField = z
  .array(IdSchema, { error: 'must be a list of family ids' })
  .max(1000)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .meta({ description: 'Only events of these families; empty or left out: every family' });

/** POST /api/webhook: where to send which events, of which families. */
export const WebhookCreateBodySchema = z.object({
  url: urlField,
  events: eventsField,
  families: familiesField.optional().transform((ids) => ids ?? []),
});

/** PATCH /api/webhook/{id}: what changes; `enabled: true` also clears why it was disabled. */
export const WebhookUpdateBodySchema = z.object({
  url: urlField.optional(),
  events: eventsField.optional(),
  families: familiesField.optional(),
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
});

/** The answer to a create: the only time the secret is shown (the server keeps it to sign with). */
export const WebhookCreatedSchema = z.object({
  id: z.number().int(),
  secret: z.string().meta({ description: 'whsec_ and base64: verify each message with it; shown only once' }),
});
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

const dateTime = z.string().meta({ format: 'date-time' });

/** A subscription as the list shows it: never its secret. */
const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  /** Empty: every family. */
  families: z.array(z.number().int()),
  createdAt: dateTime,
  createdBy: z.object({ id: z.number().int().nullable(), username: z.string() }),
  enabled: z.boolean(),
  disabledAt: dateTime.nullable(),
  /** Why the server disabled it (deliveries failing for a day), or that an admin did. */
  disabledReason: z.string().nullable(),
  /** The reason's code and params in the error catalogue (error-codes.ts); null with the reason. */
  disabledReasonCode: z.string().nullable(),
  disabledReasonParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  lastDelivery: z
    .object({ at: dateTime, ok: z.boolean(), responseCode: z.number().int().nullable() })
    .nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** GET /api/webhook: newest first; `search` finds a part of the address. */
const WebhookListQuerySchema = wholeOrPageQuery.extend({ search: SearchQuerySchema });

/** One attempt to deliver one message to one subscription. */
const WebhookAttemptSchema = z.object({
  id: z.number().int(),
  /** The message's `webhook-id` (msg_...), the same for every attempt and resend of it. */
  messageId: z.string(),
  eventType: WebhookEventSchema,
  attempt: z.number().int(),
  ok: z.boolean(),
  responseCode: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The error's code and params in the error catalogue (error-codes.ts); null with the error. */
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  attemptedAt: dateTime,
  durationMs: z.number().int(),
  /** When the next attempt is due after this failed one; null when delivered or given up. */
  nextAttemptAt: dateTime.nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

/** GET /api/webhook/{id}/deliveries: attempts, newest first. */
const WebhookAttemptListSchema = listOf(WebhookAttemptSchema);
export type WebhookAttemptList = z.infer<typeof WebhookAttemptListSchema>;

const WebhookMessageParamsSchema = z.object({
  id: IdSchema,
  messageId: z.string().regex(/^msg_[A-Za-z0-9_-]{1,100}$/, 'must be a message id such as msg_...'),
});

/**
 * Signed webhooks as an admin resource: administrators list, read and delete subscriptions with the
 * CRUD operations, subscribe one (`subscribe`, answering its secret), change one (`change`, a partial
 * body, which also turns it off or on), and see (`deliveries`) and resend (`resend`) its deliveries.
 * An API key never reaches these operations.
 */
export const webhookResource = defineResource({
  key: 'webhooks',
  // Under the users' paths: the Users menu group holds it.
  screens: { segment: 'users/webhooks', under: 'users' },
  words: {
    en: { one: 'Webhook', nav: 'Webhooks', list: 'Webhooks', create: 'Create Webhook', edit: 'Edit Webhook' },
    ar: {
      one: 'خطاف ويب',
      nav: 'خطافات الويب',
      list: 'خطافات الويب',
      create: 'إنشاء خطاف',
      edit: 'تعديل خطاف',
    },
  },
  name: { one: 'Webhook', many: 'Webhooks' },
  path: API_PATHS.webhooks,
  schemas: crudSchemas(WebhookSchema, WebhookCreateBodySchema, WebhookListQuerySchema, {
    updateBody: WebhookUpdateBodySchema,
  }),
  access: ADMIN_ACCESS,
  summaries: {
    list: 'Every webhook subscription, newest first; never a secret',
    read: 'One webhook subscription',
    delete: 'Delete a subscription with its deliveries',
  },
  conflicts: {},
  history: { entity: 'webhook', revertible: false },
  crud: ['list', 'read', 'delete'],
  operations: {
    subscribe: {
      method: 'POST',
      path: '',
      access: 'admin',
      operationId: 'createWebhook',
      summary: 'Subscribe an address to events: the answer holds the signing secret, shown only this once',
      description:
        'Each event is POSTed to the address with the Standard Webhooks headers `webhook-id`, ' +
        '`webhook-timestamp` and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of ' +
        '`id.timestamp.body` keyed by the secret). A 2xx answer delivers it; anything else is retried ' +
        'for 24 hours, then the subscription is turned off. The bodies are the schemas `WebhookProductCreated` ' +
        'to `WebhookImageJobCompleted`.',
      body: WebhookCreateBodySchema,
      status: 201,
      answer: WebhookCreatedSchema,
    },
    change: {
      method: 'PATCH',
      path: '/:id',
      access: 'admin',
      operationId: 'updateWebhook',
      summary: 'Change a subscription, or turn it off or on (on clears why it was off and retries at once)',
      body: WebhookUpdateBodySchema,
      status: 200,
      answer: WebhookSchema,
    },
    deliveries: {
      method: 'GET',
      path: '/:id/deliveries',
      access: 'admin',
      operationId: 'listWebhookDeliveries',
      summary: "A subscription's delivery attempts, newest first",
      query: PagingQuerySchema,
      status: 200,
      answer: WebhookAttemptListSchema,
    },
    resend: {
      method: 'POST',
      path: '/:id/deliveries/:messageId/resend',
      access: 'admin',
      operationId: 'resendWebhookMessage',
      summary: 'Send a message to the subscription again, with the same webhook-id',
      params: WebhookMessageParamsSchema,
      status: 202,
      answer: null,
    },
  },
});
