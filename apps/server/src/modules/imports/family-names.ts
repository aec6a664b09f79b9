import { sql } from 'drizzle-orm';
import { codedWarning, type ImportWarning } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';

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
        -- One grouped scan; the rows are read again only for the companies it flags (usually none).
        select lower(family_en) as key, min(family_en) as name_en, min(family_ar) as lo, max(family_ar) as hi
        from import_rows where import_id = ${id} group by 1
      ), flagged as (
        select s.key, s.name_en, s.lo <> s.hi as several, f.name_ar as stored_ar,
          count(*) over ()::int as total
        from file s left join families f on lower(f.name_en) = s.key
        where s.lo <> s.hi or (f.id is not null and f.name_ar <> s.lo)
        order by s.name_en limit ${limit}
      )
      select fl.name_en, fl.stored_ar, fl.total,
        (array_agg(r.family_ar order by r.line desc))[1] as last_ar,
        array_agg(distinct r.family_ar) as names_ar,
        (array_agg(r.line order by r.line) filter (where fl.several or r.family_ar is distinct from fl.stored_ar))[1:${sql.raw(String(MAX_LINES))}] as lines
      from flagged fl join import_rows r on r.import_id = ${id} and lower(r.family_en) = fl.key
      group by fl.key, fl.name_en, fl.stored_ar, fl.total order by fl.name_en`),
  );
  const warnings = rows.map((r): ImportWarning => {
    const at = { kind: 'familyName' as const, column: 'familyNameAr', lines: r.lines.map(Number) };
    return r.names_ar.length > 1
      ? codedWarning(at, 'importWarning.familyNames', {
          name: r.name_en,
          names: r.names_ar.map((n) => `"${n}"`).join(', '),
          last: r.last_ar,
        })
      : codedWarning(at, 'importWarning.familyRenamed', {
          name: r.name_en,
          last: r.last_ar,
          stored: r.stored_ar ?? '',
        });
  });
  return { count: rows[0]?.total ?? 0, warnings };
}
