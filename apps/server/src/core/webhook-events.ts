import { DATA_RESOURCES } from '@dalil/contracts/data-resources';
import type { EventAction } from '@dalil/contracts/resources';
import type { WebhookEvent } from '@dalil/contracts/webhooks';
import type { DomainEventSubscriber, PublishedChange, RecordsChanged } from './domain-event-types';
import { enqueueWebhookEvents, eventWanted, type OutboxEvent } from './webhook-outbox';

// The webhook outbox's subscriber to the domain event bus (core/domain-events.ts): it turns the
// writes to the resources whose declarations announce events (products, categories and families)
// into webhook events (docs/decisions/0051-webhooks.md) and writes them to the outbox in the write's
// transaction, whether or not the history is kept.

/** The actions each history entity's declaration announces. */
const ANNOUNCED = new Map<string, ReadonlySet<EventAction>>(
  DATA_RESOURCES.map((resource) => [resource.history.entity, new Set(resource.events?.actions ?? [])]),
);

/** What a write did to its record, as a webhook names it: a revert or undo brings back or removes too. */
function outcome(change: PublishedChange): 'created' | 'updated' | 'deleted' | null {
  switch (change.action) {
    case 'create':
      return 'created';
    case 'update':
      return 'updated';
    case 'delete':
      return 'deleted';
    case 'revert':
    case 'undo':
      if (change.before === null && change.after !== null) return 'created';
      if (change.after === null && change.before !== null) return 'deleted';
      return change.after === null ? null : 'updated';
    default:
      return null;
  }
}

/**
 * The webhook events of writes to the announcing resources: the record as the API shows it (a deleted
 * one as it was), with its family (a family's own, its id).
 */
function webhookEvents(changes: PublishedChange[]): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  for (const change of changes) {
    const what = outcome(change);
    if (!what || !ANNOUNCED.get(change.entity)?.has(what) || change.entityId === null) continue;
    const record = what === 'deleted' ? change.before : change.after;
    if (!record) continue;
    const family = change.entity === 'family' ? change.entityId : change.family;
    events.push({
      type: `${change.entity}.${what}` as WebhookEvent,
      family,
      data: change.entity === 'family' ? { ...record, family } : record,
      key: `${change.entity}:${change.entityId}`,
    });
  }
  return events;
}

/** Events written per statement (well under the parameter limit). */
const BATCH = 2000;

export const webhookSubscriber: DomainEventSubscriber = {
  name: 'webhook outbox',
  recordChanged: (tx, _actor, changes) => enqueueWebhookEvents(tx, webhookEvents(changes)),
  /** A set-based write's records, in their order, each event keyed by its record. */
  async recordsChanged(tx, event: RecordsChanged) {
    const events: OutboxEvent[] = event.records.map((record) => ({
      type: `${event.entity}.${event.what}`,
      family: record.family,
      data: record.body,
      key: `${event.entity}:${record.id}`,
    }));
    for (let i = 0; i < events.length; i += BATCH) {
      await enqueueWebhookEvents(tx, events.slice(i, i + BATCH));
    }
  },
  // Answered from the subscriptions read once per transaction.
  wantsRecords: (tx, entity, what) => eventWanted(tx, `${entity}.${what}`),
};
