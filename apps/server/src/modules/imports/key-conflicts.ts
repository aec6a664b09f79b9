import { sql } from 'drizzle-orm';
import { errorMessage } from '@dalil/contracts/error-codes';
import type { ImportProblem } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';

type Executor = Pick<Db, 'execute'>;
/** Other lines named in one problem; the rest are counted ("and 3 more"). */
const MAX_LINES = 10;

/** Everything a staged row says, as one value: two rows are the same row when this is equal. */
export const rowContent = (r: string) =>
  sql.raw(`row(${r}.family_en, ${r}.family_ar, ${r}.category_en, ${r}.category_ar, ${r}.sub_category_en,
    ${r}.sub_category_ar, ${r}.name_en, ${r}.name_ar, ${r}.barcode, ${r}.number, ${r}.shelf_life,
    ${r}.net_weight, ${r}.drained_weight, ${r}.units_per_carton, ${r}.carton_per_palate, ${r}.status,
    ${r}.cost, ${r}.description_en, ${r}.description_ar, ${r}.publish_at, ${r}.image, ${r}.logo)::text`);

/** Which rows a row clashes with, as the code of its reason: one line, a few, or a few and how many more. */
function sameKey(what: 'barcode' | 'code', value: string, others: number[], total: number): string {
  const lines = others.join(', ');
  if (total > others.length)
    return errorMessage('import.sameKeyMore', { what, value, lines, more: total - others.length });
  return total > 1
    ? errorMessage('import.sameKeyLines', { what, value, lines })
    : errorMessage('import.sameKeyLine', { what, value, line: others[0] ?? 0 });
}

/**
 * Rows of the file that give one product key different values: the same barcode, or the same code
 * (product number) on rows whose barcodes differ, in one family. Either one row would silently win
 * over the other, so each such row is a problem naming the other lines; the same row repeated as it
 * is stays a warning (`duplicates.ts`).
 */
export async function keyConflicts(
  db: Executor,
  importId: number,
  limit: number,
): Promise<{ count: number; problems: ImportProblem[] }> {
  const id = sql`${importId}::bigint`;
  const rows = resultRows<{
    line: number;
    key: string;
    value: string;
    others: number[];
    n: number;
    total: number;
  }>(
    await db.execute(sql`with keys as (
        -- Values on more than one line first (none, in most files; one scan for both): only their
        -- rows are compared.
        select case when grouping(barcode) = 0 then 'barcode' else 'number' end as key,
          case when grouping(barcode) = 0 then barcode else number end as value
        from import_rows where import_id = ${id}
        group by grouping sets ((barcode), (number))
        having count(*) > 1 and (case when grouping(barcode) = 0 then barcode else number end) is not null
      ), candidates as (
        select k.key, lower(r.family_en) as fam, k.value, r.line, r.barcode, ${rowContent('r')} as content
        from keys k join import_rows r on r.import_id = ${id} and k.key = 'barcode' and r.barcode = k.value
        union all
        select k.key, lower(r.family_en), k.value, r.line, r.barcode, ${rowContent('r')}
        from keys k join import_rows r on r.import_id = ${id} and k.key = 'number' and r.number = k.value
      ), pairs as (
        select a.line, a.key, a.value, b.line as other
        from candidates a join candidates b on b.key = a.key and b.fam = a.fam and b.value = a.value
          and b.line <> a.line
          and b.content <> a.content and (a.key = 'barcode' or b.barcode is distinct from a.barcode)
      )
      select line, key, min(value) as value,
        (array_agg(other order by other))[1:${sql.raw(String(MAX_LINES))}] as others, count(*)::int as n,
        count(*) over ()::int as total
      from pairs group by line, key order by line, key limit ${limit}`),
  );
  return {
    count: rows[0]?.total ?? 0,
    problems: rows.map((r) => {
      const others = r.others.map(Number);
      const what = r.key === 'barcode' ? 'barcode' : 'code';
      return {
        line: Number(r.line),
        column: r.key === 'barcode' ? 'productBarcode' : 'productNumber',
        reason: sameKey(what, String(r.value), others, r.n),
      };
    }),
  };
}
