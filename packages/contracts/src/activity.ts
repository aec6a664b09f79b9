import { z } from 'zod';
import { RESOURCE_ENTITIES } from './admin-resources';
import { BilingualNameSchema, IdSchema, listOf, PagingQuerySchema } from './common';

/** What a history entry records: a write of one kind (docs/decisions/0030-history.md). */
export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'import', 'revert', 'undo'] as const;
const ActivityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof ActivityActionSchema>;

/** What a history entry is about: each admin resource's entity, then the bulk writes of their own. */
export const ACTIVITY_ENTITIES = [...RESOURCE_ENTITIES, 'import', 'imageJob'] as const;
const ActivityEntitySchema = z.enum(ACTIVITY_ENTITIES);
export type ActivityEntity = z.infer<typeof ActivityEntitySchema>;

/** Each changed field with its value before and after the write (null: absent). */
const FieldChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type FieldChanges = z.infer<typeof FieldChangesSchema>;

export const ActivitySchema = z.object({
  id: z.number().int(),
  at: z.string().meta({ format: 'date-time' }),
  /**
   * Who made the change: a person (`id`), or an API key (`apiKey`, with `username` "key: <its name>"),
   * or the system (both null).
   */
  actor: z.object({
    id: z.number().int().nullable(),
    username: z.string(),
    apiKey: z.number().int().nullable().optional(),
  }),
  action: ActivityActionSchema,
  entity: ActivityEntitySchema,
  entityId: z.number().int().nullable(),
  family: z.number().int().nullable(),
  changes: FieldChangesSchema,
  /**
   * The record's name in the history list: its current name, or the last one its history recorded
   * when it is gone (a username, a synonym group's words, an import's file name in both languages).
   */
  name: BilingualNameSchema.nullable().optional(),
  /** The family's name, the same way. */
  familyName: BilingualNameSchema.nullable().optional(),
  /** The import that made this change to the record (undone with it), else null. */
  import: z.object({ id: z.number().int(), fileName: z.string() }).nullable(),
  /** A delete's recycle bin entry (GET /api/bin/:id); reverting the delete restores it. */
  binEntry: z.number().int().nullable().optional(),
});
export type Activity = z.infer<typeof ActivitySchema>;
export const ActivityListSchema = listOf(ActivitySchema);
export type ActivityList = z.infer<typeof ActivityListSchema>;

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const optionalDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .refine(
      (v) => DATE_OR_TIME.test(v) && !Number.isNaN(Date.parse(v)),
      'must be a date such as 2026-11-23 or a time such as 2026-11-23T10:00:00Z',
    )
    .optional(),
);
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional());

/** GET /api/activity: newest first; every filter optional. `to` includes the whole day when a date. */
export const ActivityQuerySchema = PagingQuerySchema.extend({
  entity: z.preprocess((v) => (v === '' ? undefined : v), ActivityEntitySchema.optional()),
  entityId: optionalId,
  actor: optionalId,
  family: optionalId,
  action: z.preprocess((v) => (v === '' ? undefined : v), ActivityActionSchema.optional()),
  from: optionalDate,
  to: optionalDate,
});
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;
