import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import {
  WEBHOOK_EVENTS,
  WebhookAttemptListSchema,
  WebhookCreatedSchema,
  WebhookListSchema,
  WebhookSchema,
  type WebhookEvent,
} from '@dalil/contracts/webhooks';
import { apiRequest } from '../../../lib/api-client';
import { checkedRequest } from '../resource-kit/checked-request';
import { paths } from '../../../lib/paths';

/** What the new-webhook form sends (`WebhookCreateBodySchema`). */
export interface WebhookBody {
  url: string;
  events: WebhookEvent[];
  families: number[];
}

/** The webhooks' calls (administrators only); paths from the contracts. */
export const webhooksApi = {
  list: (signal?: AbortSignal) => checkedRequest(WebhookListSchema, API_PATHS.webhooks, { signal }),
  one: (id: number, signal?: AbortSignal) =>
    checkedRequest(WebhookSchema, withParams(API_PATHS.webhook, { id }), { signal }),
  create: (body: WebhookBody) =>
    checkedRequest(WebhookCreatedSchema, API_PATHS.webhooks, { method: 'POST', body }),
  turn: (id: number, enabled: boolean) =>
    checkedRequest(WebhookSchema, withParams(API_PATHS.webhook, { id }), {
      method: 'PATCH',
      body: { enabled },
    }),
  remove: (id: number) => apiRequest<null>(withParams(API_PATHS.webhook, { id }), { method: 'DELETE' }),
  deliveries: (id: number, page: { limit: number; skip: number }, signal?: AbortSignal) =>
    checkedRequest(WebhookAttemptListSchema, withParams(API_PATHS.webhookDeliveries, { id }), {
      query: page,
      signal,
    }),
  resend: (id: number, messageId: string) =>
    apiRequest<null>(withParams(API_PATHS.webhookResend, { id, messageId }), { method: 'POST' }),
};

/** The subject of an event type: `product.updated` is about products. */
const groupOf = (event: WebhookEvent) => event.slice(0, event.lastIndexOf('.'));

/** The event types by subject, in the contract's order: what the form offers as one group each. */
export const EVENT_GROUPS = [...new Set(WEBHOOK_EVENTS.map(groupOf))].map((group) => ({
  group: group as 'product' | 'category' | 'family' | 'import' | 'image-job',
  events: WEBHOOK_EVENTS.filter((event) => groupOf(event) === group),
}));

/** One webhook's delivery log: the webhooks screen showing it instead of the list. */
export const logPath = (id: number) => `${paths.webhooks}?log=${id}`;

/** The query keys of the list and of one subscription's log (a change to one refreshes the other). */
export const WEBHOOKS_KEY = ['webhooks'];
export const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, 'deliveries'];
