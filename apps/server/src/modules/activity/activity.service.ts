import type { Activity, ActivityList, ActivityQuerySchema } from '@dalil/contracts/activity';
import type { Account } from '@dalil/contracts/auth';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { activity, importRuns } from '../../db/schema';
import type { ResourceModule } from '../../core/app-module';
import { familyFilter } from '../../core/family-scope';
import { toActivity } from '../../core/history';
import { sameName, type Name, type RecordNames } from '../../core/record-names';
import { shownAddress } from '../../lib/shown-address';

type Query = z.output<typeof ActivityQuerySchema>;
type Row = typeof activity.$inferSelect;

/** The tables whose rows a history entry can name, by entity, and how a row names itself. */
export type NamedRecords = ReadonlyMap<string, RecordNames>;

/**
 * What the history can name: each admin resource's records, from its module, and the imports'.
 */
export const namedRecordsOf = (resources: readonly ResourceModule[]): NamedRecords =>
  new Map<string, RecordNames>([
    ...resources.map((m) => [m.resource.history.entity, m.names] as const),
    [
      'import',
      {
        table: importRuns,
        name: (r) => sameName(typeof r.fileName === 'string' ? shownAddress(r.fileName) : r.fileName),
      },
    ],
  ]);
type StoredRow = Record<string, unknown>;

/** A name from a recorded change: the value after it, or before it for a delete. */
function recordedName(names: RecordNames, changes: Activity['changes']): Name | null {
  const value = (field: string) => changes[field]?.after ?? changes[field]?.before;
  const fields = {
    nameAr: value('nameAr'),
    nameEn: value('nameEn'),
    username: value('username'),
    url: value('url'),
  };
  return names.name({ ...fields, words: value('words'), fileName: value('undone') });
}

const key = (entity: string, id: number) => `${entity}:${id}`;

/**
 * The names of the records (and families) a page of entries speaks of: one query per kind for the
 * rows that still exist, one for the last recorded name of those that are gone. A page holds at most
 * 100 entries, so each lookup is bounded and index-backed (primary keys, activity_entity_idx).
 */
async function namesOf(db: Db, records: NamedRecords, rows: Row[]): Promise<Map<string, Name>> {
  const wanted = new Map<string, Set<number>>();
  const want = (entity: string, id: number | null) => {
    if (id === null || !records.has(entity)) return;
    const ids = wanted.get(entity) ?? new Set<number>();
    wanted.set(entity, ids.add(id));
  };
  for (const row of rows) {
    want(row.entity, row.entityId);
    want('family', row.familyId);
  }
  const names = new Map<string, Name>();
  for (const [entity, idSet] of wanted) {
    const ids = [...idSet];
    const kind = records.get(entity)!;
    const { table, name } = kind;
    const found = (await db.select().from(table).where(inArray(table.id, ids))) as StoredRow[];
    for (const row of found) {
      const named = name(row);
      if (named) names.set(key(entity, row.id as number), named);
    }
    const gone = ids.filter((id) => !names.has(key(entity, id)));
    if (gone.length === 0) continue;
    const recorded = await db
      .selectDistinctOn([activity.entityId], { entityId: activity.entityId, changes: activity.changes })
      .from(activity)
      .where(and(eq(activity.entity, entity), inArray(activity.entityId, gone)))
      .orderBy(activity.entityId, desc(activity.id));
    for (const row of recorded) {
      const named = recordedName(kind, row.changes as Activity['changes']);
      if (named && row.entityId !== null) names.set(key(entity, row.entityId), named);
    }
  }
  return names;
}

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

/** GET /api/activity: newest first, each entry with its record's and family's names. */
export async function listActivity(
  db: Db,
  named: NamedRecords,
  query: Query,
  caller: Account | null,
): Promise<ActivityList> {
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
  const names = await namesOf(
    db,
    named,
    rows.map((r) => r.entry),
  );
  const data = rows.map(({ entry, fileName }) => ({
    ...toActivity(entry, fileName),
    name: entry.entityId === null ? null : (names.get(key(entry.entity, entry.entityId)) ?? null),
    familyName: entry.familyId === null ? null : (names.get(key('family', entry.familyId)) ?? null),
  }));
  return { data, count: total?.n ?? 0 };
}

/** Removes the history entries older than `days` days (the retention sweep); answers how many went. */
export async function forgetOldHistory(db: Db, days: number): Promise<number> {
  const gone = await db
    .delete(activity)
    .where(lt(activity.at, sql`now() - make_interval(days => ${days})`))
    .returning({ id: activity.id });
  return gone.length;
}
