import { sql } from 'drizzle-orm';
import type { ImportWarning } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from './merge';

type Executor = Pick<Db, 'execute'>;
const MAX_LINES = 20;

interface Mismatch {
  name_en: string;
  stored_ar: string | null;
  last_ar: string;
  names_ar: string[];
  lines: number[];
  total: number;
}

/**
 * An "all" file's companies whose Arabic name is not the one the catalogue holds for the same English
 * name (the import renames them), or that the file itself names in several ways (the last row wins).
 * Either is easy to miss in a counts-only preview, so each is a warning naming the lines and both names.
 */
export async function familyNameWarnings(
  db: Executor,
  importId: number,
  limit: number,
): Promise<{ count: number; warnings: ImportWarning[] }> {
  const id = sql`${importId}::bigint`;
  const rows = resultRows<Mismatch>(
    await db.execute(sql`with file as (
        select lower(family_en) as key, min(family_en) as name_en,
          (array_agg(family_ar order by line desc))[1] as last_ar,
          array_agg(distinct family_ar) as names_ar
        from import_rows where import_id = ${id} group by lower(family_en)
      )
      select s.name_en, f.name_ar as stored_ar, s.last_ar, s.names_ar,
        (select (array_agg(r.line order by r.line))[1:${sql.raw(String(MAX_LINES))}] from import_rows r
          where r.import_id = ${id} and lower(r.family_en) = s.key
            and (cardinality(s.names_ar) > 1 or r.family_ar is distinct from f.name_ar)) as lines,
        count(*) over ()::int as total
      from file s left join families f on lower(f.name_en) = s.key
      where cardinality(s.names_ar) > 1 or (f.id is not null and f.name_ar <> s.last_ar)
      order by s.name_en limit ${limit}`),
  );
  const warnings = rows.map((r): ImportWarning => {
    const names = r.names_ar.map((n) => `"${n}"`).join(', ');
    const message =
      r.names_ar.length > 1
        ? `The company "${r.name_en}" has different Arabic names in the file (${names}); the last one, "${r.last_ar}", is used`
        : `The company "${r.name_en}" is named "${r.last_ar}" in Arabic in the file but "${r.stored_ar}" in the catalogue; importing renames it`;
    return { kind: 'familyName', message, column: 'familyNameAr', lines: r.lines.map(Number) };
  });
  return { count: rows[0]?.total ?? 0, warnings };
}
