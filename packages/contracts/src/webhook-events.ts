import { z } from 'zod';
import { DATA_RESOURCES } from './data-resources';
import type { EventAction } from './resources';

type DataResource = (typeof DATA_RESOURCES)[number];

/** `<entity>.<action>` of each action a resource's declaration announces: `product.created`, ... */
type RecordEvent<R> = R extends {
  history: { entity: infer E extends string };
  events?: { actions: infer A extends readonly EventAction[] };
}
  ? `${E}.${A[number]}`
  : never;

/** Events that are not a record's write: a run that ended. */
const RUN_EVENTS = ['import.completed', 'image-job.completed'] as const;

/** The record events, in the order of the data resources and of each one's actions. */
const RECORD_EVENTS = DATA_RESOURCES.flatMap((resource) =>
  (resource.events?.actions ?? []).map((action) => `${resource.history.entity}.${action}`),
) as RecordEvent<DataResource>[];

/**
 * Every webhook event type: the writes each data resource's declaration announces (its `events`),
 * then the runs that ended. A new resource with `events` adds its types here, and its bodies below.
 */
export const WEBHOOK_EVENTS = [...RECORD_EVENTS, ...RUN_EVENTS] as const;
export type WebhookEvent = RecordEvent<DataResource> | (typeof RUN_EVENTS)[number];

const dateTime = z.string().meta({ format: 'date-time' });
const familyField = { family: z.number().int().nullable() };

const envelope = (type: WebhookEvent, data: z.ZodType) =>
  z
    .object({ type: z.literal(type), timestamp: dateTime, data })
    .meta({ description: `The body of a ${type} message` });

const ImportCountsSchema = z.object({ created: z.number().int(), updated: z.number().int() });

/** The body of each run event. */
const RUN_DATA: Record<(typeof RUN_EVENTS)[number], z.ZodType> = {
  'import.completed': z.object({
    /** The import's id in GET /api/import; null when the history is off (no import record is kept). */
    id: z.number().int().nullable(),
    ...familyField,
    kind: z.string(),
    fileName: z.string(),
    counts: z
      .object({
        families: ImportCountsSchema,
        categories: ImportCountsSchema,
        products: ImportCountsSchema,
      })
      .partial(),
    failed: z.boolean(),
    error: z.string().nullable(),
  }),
  'image-job.completed': z.object({
    id: z.number().int(),
    ...familyField,
    failed: z.boolean(),
    error: z.string().nullable(),
    /** Files stored, out of total. */
    done: z.number().int(),
    total: z.number().int(),
    /** Products whose image or icon changed. */
    changed: z.number().int(),
  }),
};

/**
 * The body of each event type: for a record's event, `data` is the record as the API shows it (for
 * a delete, as it was; a `published` one went live when its publish date passed, with no write), or
 * what its declaration's `events.data` says.
 */
export const WEBHOOK_PAYLOAD_SCHEMAS = Object.fromEntries([
  ...DATA_RESOURCES.flatMap((resource) =>
    (resource.events?.actions ?? []).map((action) => {
      const type = `${resource.history.entity}.${action}` as WebhookEvent;
      return [type, envelope(type, resource.events?.data ?? resource.schemas.item)] as const;
    }),
  ),
  ...RUN_EVENTS.map((type) => [type, envelope(type, RUN_DATA[type])] as const),
]) as unknown as Record<WebhookEvent, z.ZodType>;
