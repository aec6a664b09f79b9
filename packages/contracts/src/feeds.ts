import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { MAX_LIST_LIMIT } from './constants';
import { IdSchema, PagingQuerySchema } from './common';
import { SearchQuerySchema } from './refs';
import { STAFF_ACCESS, crudSchemas, defineResource } from './resources';

/**
 * Scheduled feeds (docs/decisions/0052-scheduled-feeds.md): a family's catalogue file (CSV or XLSX in
 * the categories import format) fetched from an https address on a cron schedule and imported like
 * an upload.
 */

/** `all-or-nothing`: any bad row fails the run, as an upload does; `valid-rows`: the rest is imported. */
const FEED_MODES = ['all-or-nothing', 'valid-rows'] as const;

/** How a run ended: a file imported, the file unchanged since the last import (304), or a failure. */
const FEED_OUTCOMES = ['imported', 'unchanged', 'failed'] as const;
export type FeedOutcome = (typeof FEED_OUTCOMES)[number];

/** Whether this runtime knows an IANA time zone name (Asia/Riyadh, UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const url = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(2000, 'must be at most 2000 characters')
  .meta({ description: 'An https address of a CSV or XLSX file in the categories import format' });
/** Five fields (minute hour day-of-month month day-of-week); the server checks it fully. */
const schedule = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(200, 'must be at most 200 characters')
  .meta({ description: 'A cron expression of five fields, such as "0 3 * * *"' });
const timeZone = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(100, 'must be at most 100 characters')
  .refine(isTimeZone, 'must be a time zone such as Asia/Riyadh or UTC')
  .meta({ description: 'The IANA time zone the schedule is read in' });
const mode = z.enum(FEED_MODES, { error: 'must be all-or-nothing or valid-rows' });

/** POST /api/feed. */
export const FeedCreateBodySchema = z.object({
  family: IdSchema,
  url,
  schedule,
  timeZone,
  mode: mode.default('all-or-nothing'),
});

/** PATCH /api/feed/:id: the fields given change (a feed stays in its family). */
export const FeedUpdateBodySchema = z.object({
  url: url.optional(),
  schedule: schedule.optional(),
  timeZone: timeZone.optional(),
  mode: mode.optional(),
});

const dateTime = z.string().meta({ format: 'date-time' });

const FeedLastRunSchema = z.object({
  at: dateTime,
  outcome: z.enum(FEED_OUTCOMES),
  /** The run in GET /api/import (an import or a failure), when the run fetched or tried to. */
  importId: z.number().int().nullable(),
  /** What happened, in words: the counts, or why the run failed. */
  message: z.string(),
  /** The message's code and params in the error catalogue (error-codes.ts), for a client's own words. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

const FeedSchema = z.object({
  id: z.number().int(),
  family: z.number().int(),
  url: z.string(),
  schedule: z.string(),
  timeZone: z.string(),
  mode: z.enum(FEED_MODES),
  /** When the schedule next runs it. */
  nextRunAt: dateTime,
  /** Set while a run is under way. */
  running: z.boolean(),
  lastRun: FeedLastRunSchema.nullable(),
  createdBy: z.object({ id: z.number().int().nullable(), username: z.string() }),
  createdAt: dateTime,
});
export type Feed = z.infer<typeof FeedSchema>;

/**
 * GET /api/feed: optionally one family's feeds, whose address holds `search`, a page at a time. A
 * client that asks for no page size gets 100 (the list had no pages before: such a client still sees
 * every feed of a company); `count` says how many there are in all.
 */
const FeedListQuerySchema = PagingQuerySchema.extend({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? MAX_LIST_LIMIT : v),
    PagingQuerySchema.shape.limit,
  ),
  family: IdSchema.optional(),
  search: SearchQuerySchema,
});

/**
 * The scheduled feeds admin resource (docs/decisions/0052-scheduled-feeds.md): whoever may import
 * into a company manages its feeds (staff, each feed checked against the editor's families; never an
 * API key). Its list, create and delete are the CRUD ones; its read, its change (a PATCH of the
 * fields given, which kept its operation id from before the declaration) and its run are custom.
 */
export const feedResource = defineResource({
  key: 'feeds',
  // Under the uploads' paths: the Upload menu group, which is no resource's, lists it.
  screens: { segment: 'upload/feeds', under: 'upload' },
  words: {
    en: {
      one: 'Scheduled feed',
      nav: 'Scheduled feeds',
      list: 'Scheduled feeds',
      create: 'New feed',
      edit: 'Edit feed',
    },
    ar: {
      one: 'استيراد مجدول',
      nav: 'الاستيراد المجدول',
      list: 'الاستيراد المجدول',
      create: 'استيراد مجدول جديد',
      edit: 'تعديل الاستيراد المجدول',
    },
  },
  name: { one: 'Feed', many: 'Feeds' },
  path: API_PATHS.feeds,
  schemas: crudSchemas(FeedSchema, FeedCreateBodySchema, FeedListQuerySchema, {
    updateBody: FeedUpdateBodySchema,
  }),
  access: STAFF_ACCESS,
  crud: ['list', 'create', 'delete'],
  // A feed has no unique name: nothing it writes can clash.
  conflicts: {},
  summaries: {
    list: "The feeds of the families the caller may import into, with each one's last and next run",
    create: "Fetch a family's catalogue file from an https address on a schedule, and import it",
    delete: 'Delete a feed; its past runs stay with the imports',
  },
  operations: {
    show: {
      method: 'GET',
      path: '/:id',
      access: 'staff',
      operationId: 'readFeed',
      summary: 'One feed, with its last and next run',
      status: 200,
      answer: FeedSchema,
    },
    change: {
      method: 'PATCH',
      path: '/:id',
      access: 'staff',
      operationId: 'updateFeed',
      summary: "Change a feed's address, schedule, time zone or mode",
      body: FeedUpdateBodySchema,
      status: 200,
      answer: FeedSchema,
    },
    run: {
      method: 'POST',
      path: '/:id/run',
      access: 'staff',
      operationId: 'runFeed',
      summary: 'Run a feed now, in the background: its last run says how it went (409 while one runs)',
      status: 202,
      answer: FeedSchema,
      conflict: true,
    },
  },
  history: { entity: 'feed', revertible: false },
});
