import { sql } from 'drizzle-orm';
import { codedWarning, type ImportWarning } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import { rowContent } from './key-conflicts';

type Executor = Pick<Db, 'execute'>;
const MAX_LINES = 20;

interface Group {
  lines: number[];
  name: string;
  barcode: string | null;
  total: number;
}

/** A staged row's values; rows with a barcode that differ in any of them are key conflicts instead. */
const ROW_CONTENT = rowContent('r');

/**
 * Rows of the file that share a natural key (the same product twice, or the same category twice on
 * rows without a product). Not an error: the last row wins, and the warning names the lines. Rows
 * with one barcode and different values are problems of their own (`key-conflicts.ts`), not this.
 */
export async function duplicateWarnings(
  db: Executor,
  importId: number,
  limit: number,
): Promise<{ count: number; warnings: ImportWarning[] }> {
  const id = sql`${importId}::bigint`;
  // Groups first (one grouped scan, as before); the rows of barcode groups (usually none) are read
  // again to leave out those whose rows differ, which are key conflicts rather than repeats.
  const products = resultRows<Group>(
    await db.execute(sql`with groups as (
        select lower(family_en) as fam, barcode, (array_agg(line order by line))[1:${sql.raw(String(MAX_LINES))}] as lines,
          min(name_en) as name
        from import_rows where import_id = ${id} and name_en is not null
        group by lower(family_en), barcode, case when barcode is null then lower(category_en) end,
          case when barcode is null then lower(name_en) end
        having count(*) > 1
      ), differing as (
        select g.fam, g.barcode from groups g
        join import_rows r on r.import_id = ${id} and lower(r.family_en) = g.fam and r.barcode = g.barcode
        where g.barcode is not null group by g.fam, g.barcode
        having min(${ROW_CONTENT}) <> max(${ROW_CONTENT})
      )
      select g.lines, g.name, g.barcode, count(*) over ()::int as total from groups g
      where not exists (select 1 from differing d where d.fam = g.fam and d.barcode = g.barcode)
      order by g.lines[1] limit ${limit}`),
  );
  const categories = resultRows<Group>(
    await db.execute(sql`select (array_agg(line order by line))[1:${sql.raw(String(MAX_LINES))}] as lines,
        min(category_en) as name, null as barcode, count(*) over ()::int as total
      from import_rows where import_id = ${id} and name_en is null and category_en is not null
      group by lower(family_en), lower(category_en)
      having count(*) > 1 order by min(line) limit ${limit}`),
  );
  const warnings: ImportWarning[] = [
    ...products.map((g) => {
      const at = { kind: 'duplicateRow' as const, column: null, lines: g.lines.map(Number) };
      return g.barcode
        ? codedWarning(at, 'importWarning.duplicateBarcode', { barcode: g.barcode })
        : codedWarning(at, 'importWarning.duplicateProduct', { name: g.name });
    }),
    ...categories.map((g) =>
      codedWarning(
        { kind: 'duplicateRow' as const, column: null, lines: g.lines.map(Number) },
        'importWarning.duplicateCategory',
        { name: g.name },
      ),
    ),
  ].sort((a, b) => a.lines[0]! - b.lines[0]!);
  const count = (products[0]?.total ?? 0) + (categories[0]?.total ?? 0);
  return { count, warnings: warnings.slice(0, limit) };
}
