import { sql } from 'drizzle-orm';
import type { ImportProblem } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from './merge';

type Executor = Pick<Db, 'execute'>;

/**
 * Rows of an "all" upload naming a family the uploader may not change: an editor's file may only
 * touch the families assigned to them, which must already exist (an editor never creates a family).
 * Each such row is a problem of its line, so the preview names them and the import writes nothing.
 */
export async function foreignFamilyRows(
  db: Executor,
  importId: number,
  writable: readonly number[],
  limit: number,
): Promise<{ count: number; problems: ImportProblem[] }> {
  const foreign = sql`import_id = ${importId}::bigint and lower(family_en) not in (
    select lower(name_en) from families where id = any(${sql.param([...writable])}::int[]))`;
  const rows = resultRows<{ line: number; family: string; total: number }>(
    await db.execute(sql`select line, family_en as family, count(*) over ()::int as total
      from import_rows where ${foreign} order by line limit ${limit}`),
  );
  return {
    count: rows[0]?.total ?? 0,
    problems: rows.map((r) => ({
      line: Number(r.line),
      column: 'familyNameEn',
      reason: `"${r.family}" is not one of the families you manage`,
    })),
  };
}
