import { Readable } from 'node:stream';
import type { Account } from '@dalil/contracts/auth';
import type { ActivityQuerySchema } from '@dalil/contracts/activity';
import { escapeCsvCell } from '@dalil/contracts/csv-cells';
import { stringify } from 'csv-stringify';
import { and, desc, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { activity } from '../../db/schema';
import { toActivity } from '../../core/history';
import { activityFilter } from './activity.service';

const PAGE = 1000;
const HEADER = ['id', 'at', 'actor', 'action', 'entity', 'entityId', 'family', 'field', 'before', 'after'];

/** A value as one CSV cell: text as is, anything else as JSON; formulas escaped as in every export. */
const cell = (value: unknown) =>
  escapeCsvCell(
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value),
  );

/** The filtered history as CSV, newest first, one line per changed field; streamed page by page. */
export function activityCsv(
  db: Db,
  query: Omit<z.output<typeof ActivityQuerySchema>, 'limit' | 'skip'>,
  caller: Account | null,
): Readable {
  const where = activityFilter(query, caller);
  async function* lines() {
    yield HEADER;
    let before: number | undefined;
    for (;;) {
      const rows = await db
        .select()
        .from(activity)
        .where(and(where, before === undefined ? undefined : lt(activity.id, before)))
        .orderBy(desc(activity.id))
        .limit(PAGE);
      for (const entry of rows.map((row) => toActivity(row))) {
        const head = [
          entry.id,
          entry.at,
          entry.actor.username,
          entry.action,
          entry.entity,
          entry.entityId,
          entry.family,
        ];
        const fields = Object.entries(entry.changes);
        if (fields.length === 0) yield [...head, '', '', ''].map(cell);
        for (const [field, change] of fields) yield [...head, field, change.before, change.after].map(cell);
      }
      if (rows.length < PAGE) return;
      before = rows[rows.length - 1]!.id;
    }
  }
  const csv = stringify({ bom: true });
  return Readable.from(lines()).pipe(csv);
}
