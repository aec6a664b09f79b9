import { sql } from 'drizzle-orm';
import type { ImportProblem } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';

type Executor = Pick<Db, 'execute'>;

/** The reason given on such a row: it names neither the family nor anything else of the row. */
const FOREIGN_FAMILY = 'is a family you do not manage: this row cannot be imported by you';

/**
 * Rows of an "all" upload naming a family the uploader may not change: an editor's file may only
 * touch the families assigned to them, which must already exist (an editor never creates a family).
 * Each such row is a problem of its line, so the preview names them and the import writes nothing.
 * The rows then leave the staging table: the counts, warnings and key checks that follow must not
 * tell an editor whether another family holds these products, or echo its names and values.
 */
export async function foreignFamilyRows(
  db: Executor,
  importId: number,
  writable: readonly number[],
  limit: number,
): Promise<{ count: number; problems: ImportProblem[] }> {
  const foreign = sql`import_id = ${importId}::bigint and lower(family_en) not in (
    select lower(name_en) from families where id = any(${sql.param([...writable])}::int[]))`;
  const rows = resultRows<{ line: number; total: number }>(
    await db.execute(sql`select line, count(*) over ()::int as total
      from import_rows where ${foreign} order by line limit ${limit}`),
  );
  if (rows.length > 0) await db.execute(sql`delete from import_rows where ${foreign}`);
  return {
    count: rows[0]?.total ?? 0,
    problems: rows.map((r) => ({ line: Number(r.line), column: 'familyNameEn', reason: FOREIGN_FAMILY })),
  };
}
