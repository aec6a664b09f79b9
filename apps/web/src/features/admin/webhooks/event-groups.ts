import { WEBHOOK_EVENTS, type WebhookEvent } from '@dalil/contracts/webhooks';

/** The subject of an event type: `product.updated` is about products. */
const groupOf = (event: WebhookEvent) => event.slice(0, event.lastIndexOf('.'));

/** The event types by subject, in the contract's order: what the form offers as one group each. */
export const EVENT_GROUPS = [...new Set(WEBHOOK_EVENTS.map(groupOf))].map((group) => ({
  group: group as 'product' | 'category' | 'family' | 'import' | 'image-job',
  events: WEBHOOK_EVENTS.filter((event) => groupOf(event) === group),
}));
