import { sql } from 'drizzle-orm';
import { checkGtin, gtinProblem } from '@dalil/contracts/gtin';
import { codedWarning, type ImportProblem, type ImportWarning } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';

type Executor = Pick<Db, 'execute'>;

/**
 * True in SQL for a staged barcode that is a GTIN: 8, 12, 13 or 14 digits whose GS1 check sums to a
 * multiple of ten. Leading zeros do not change the sum, so every length is read as 14 digits, whose
 * odd positions from the left weigh 3 and even ones 1.
 */
const VALID_GTIN = sql.raw(
  `(length(r.barcode) in (8, 12, 13, 14) and (${Array.from(
    { length: 14 },
    (_, i) => `${i % 2 === 0 ? 3 : 1} * substr(lpad(r.barcode, 14, '0'), ${i + 1}, 1)::int`,
  ).join(' + ')}) % 10 = 0)`,
);

interface Invalid {
  line: number;
  barcode: string;
  required: boolean;
  total: number;
}

/**
 * Staged barcodes that are not valid GTINs (docs/decisions/0053-gtin-barcodes.md): a problem of its
 * line when the row's family is in the catalogue and requires valid GTINs, a warning otherwise (a
 * family the file creates starts without the rule). Empty barcodes are never either.
 */
export async function gtinChecks(
  db: Executor,
  importId: number,
  limit: number,
): Promise<{
  problems: { count: number; problems: ImportProblem[] };
  warnings: { count: number; warnings: ImportWarning[] };
}> {
  const rows = resultRows<Invalid>(
    await db.execute(sql`select line, barcode, required, total from (
        select r.line, r.barcode, coalesce(f.require_valid_gtin, false) as required,
          count(*) over (partition by coalesce(f.require_valid_gtin, false))::int as total,
          row_number() over (partition by coalesce(f.require_valid_gtin, false) order by r.line) as n
        from import_rows r left join families f on lower(f.name_en) = lower(r.family_en)
        where r.import_id = ${importId}::bigint and r.barcode is not null and not ${VALID_GTIN}
      ) invalid where n <= ${limit} order by line`),
  );
  const required = rows.filter((r) => r.required);
  const allowed = rows.filter((r) => !r.required);
  return {
    problems: {
      count: required[0]?.total ?? 0,
      problems: required.map((r) => ({
        line: Number(r.line),
        column: 'productBarcode',
        reason: gtinProblem(r.barcode)!,
      })),
    },
    warnings: {
      count: allowed[0]?.total ?? 0,
      warnings: allowed.map((r) => {
        const at = { kind: 'invalidGtin' as const, column: 'productBarcode', lines: [Number(r.line)] };
        const check = checkGtin(r.barcode);
        return check.valid || check.reason === 'format'
          ? codedWarning(at, 'importWarning.gtinFormat', { barcode: r.barcode })
          : codedWarning(at, 'importWarning.gtinCheckDigit', {
              barcode: r.barcode,
              expected: check.expected,
              kind: `GTIN-${check.length}`,
            });
      }),
    },
  };
}
