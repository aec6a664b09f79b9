import type { Activity, ActivityList, ActivityQuery, ActivityQuerySchema } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { activity, importRuns } from '../../db/schema';
import { familyFilter } from '../../lib/family-scope';

type Query = z.output<typeof ActivityQuerySchema>;
type Row = typeof activity.$inferSelect;

/** An entry; `fileName` is its import's file, when an import made the change. */
export const toActivity = (row: Row, fileName?: string | null): Activity => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, username: row.actorUsername },
  action: row.action as Activity['action'],
  entity: row.entity as Activity['entity'],
  entityId: row.entityId,
  family: row.familyId,
  changes: row.changes as Activity['changes'],
  import: row.importId === null ? null : { id: row.importId, fileName: fileName ?? '' },
  binEntry: row.binEntryId,
});

const DAY_MS = 86_400_000;
/** A bare date as `to` includes that whole day. */
const endOf = (to: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(to) + DAY_MS) : new Date(Date.parse(to) + 1);

/**
 * The filters of the history, and the caller's scope: an editor sees the entries of their families
 * only (entries without a family, such as account changes, are the administrators').
 */
export function activityFilter(
  query: Omit<Query, 'limit' | 'skip'>,
  caller: Account | null,
): SQL | undefined {
  return and(
    caller?.role === 'admin' ? undefined : familyFilter(caller, activity.familyId),
    query.entity === undefined ? undefined : eq(activity.entity, query.entity),
    query.entityId === undefined ? undefined : eq(activity.entityId, query.entityId),
    query.actor === undefined ? undefined : eq(activity.actorId, query.actor),
    query.family === undefined ? undefined : eq(activity.familyId, query.family),
    query.action === undefined ? undefined : eq(activity.action, query.action),
    query.from === undefined ? undefined : gte(activity.at, new Date(query.from)),
    query.to === undefined ? undefined : lt(activity.at, endOf(query.to)),
  );
}

/** GET /api/activity: newest first. */
export async function listActivity(db: Db, query: Query, caller: Account | null): Promise<ActivityList> {
  const where = activityFilter(query, caller);
  const rows = await db
    .select({ entry: activity, fileName: importRuns.fileName })
    .from(activity)
    .leftJoin(importRuns, eq(importRuns.id, activity.importId))
    .where(where)
    .orderBy(desc(activity.id))
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(activity).where(where);
  return { data: rows.map((r) => toActivity(r.entry, r.fileName)), count: total?.n ?? 0 };
}

export type { ActivityQuery };
