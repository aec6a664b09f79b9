import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { eq, sql } from 'drizzle-orm';
import { escapeCsvCell } from '@dalil/contracts/csv-cells';
import { CSV_COLUMNS } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { families } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { XlsxSheetStream } from '../../lib/xlsx-writer';
import { sheetColumns } from '../imports/imports.service';
import { resultRows } from '../../lib/db-helpers';
import type { ProductAttributes } from '@dalil/contracts/attributes';
import { attributeColumns, type AttributeColumns } from './attribute-columns';

/** Products per query: memory stays flat however large the catalogue is. */
const EXPORT_BATCH = 2000;

type Cell = string | number | null;
type Row = Cell[];

/**
 * A timestamp as ISO text in UTC, like the API's (2027-01-31T09:00:00.000Z), formatted by the
 * database so both engines write the same; microseconds when the stored time has them, so the
 * import reads back the very same instant.
 */
const ISO_TIME = (column: string) => {
  const c = sql.raw(column);
  return sql`to_char(${c} at time zone 'UTC', case when extract(microseconds from ${c})::bigint % 1000 = 0
    then 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"' else 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"' end)`;
};

/**
 * The catalogue, or one family, as rows in the "all" import columns, so an export can be imported again.
 * Families without categories and categories without products come first, as rows that stop at the
 * family or the category, so that importing the export rebuilds the same catalogue. Products follow,
 * read in batches by id (keyset), never all at once.
 */
async function* exportRows(
  db: Db,
  scope: readonly number[] | null,
  attrs: AttributeColumns,
): AsyncGenerator<Row> {
  const inFamily = (column: string) =>
    scope === null ? sql`true` : sql`${sql.raw(column)} = any(${sql.param([...scope])}::int[])`;
  // A sub-category is written after its parent's names; it counts as empty when no product is filed
  // under it, and its parent then as not empty.
  const empty = resultRows<Record<string, Cell>>(
    await db.execute(sql`select f.name_en as fe, f.name_ar as fa, coalesce(pc.name_en, c.name_en) as ce,
        coalesce(pc.name_ar, c.name_ar) as ca, case when pc.id is not null then c.name_en end as se,
        case when pc.id is not null then c.name_ar end as sa
      from families f left join categories c on c.family_id = f.id
        left join categories pc on pc.id = c.parent_id
      where ${inFamily('f.id')}
        and (c.id is null or not exists (select 1 from products p where p.category_id = c.id
          or p.sub_category_id = c.id))
        and (c.id is null or c.parent_id is not null
          or not exists (select 1 from categories sc where sc.parent_id = c.id))
      order by f.id, c.id`),
  );
  for (const r of empty) yield [r.fe!, r.fa!, r.ce ?? null, r.ca ?? null, r.se ?? null, r.sa ?? null];
  let last = 0;
  for (;;) {
    const rows = resultRows<Record<string, Cell>>(
      await db.execute(sql`select p.id, f.name_en as fe, f.name_ar as fa, c.name_en as ce, c.name_ar as ca,
          s.name_en as se, s.name_ar as sa, p.name_en as pe, p.name_ar as pa, p.barcode, p.shelf_life, p.net_weight, p.drained_weight,
          p.units_per_carton, p.carton_per_palate, p.number, p.status, p.cost::text as cost, p.description_en,
          p.description_ar, ${ISO_TIME('p.publish_at')} as publish_at, p.image, p.logo, p.family_id,
          p.category_id, p.sub_category_id, p.attributes
        from products p join categories c on c.id = p.category_id join families f on f.id = p.family_id
          left join categories s on s.id = p.sub_category_id
        where p.id > ${last} and ${inFamily('p.family_id')}
        order by p.id limit ${EXPORT_BATCH}`),
    );
    for (const r of rows) {
      yield [
        r.fe!,
        r.fa!,
        r.ce!,
        r.ca!,
        r.se ?? null,
        r.sa ?? null,
        r.pe!,
        r.pa!,
        r.barcode!,
        r.shelf_life!,
        r.net_weight!,
        r.drained_weight!,
        r.units_per_carton!,
        r.carton_per_palate!,
        r.number!,
        r.status!,
        // A number, so 12.50 is written 12.5 and a sheet gets a number cell.
        r.cost === null ? null : Number(r.cost),
        r.description_en ?? null,
        r.description_ar ?? null,
        r.publish_at ?? null,
        r.image ?? null,
        r.logo ?? null,
        ...attrs.cells({
          familyId: Number(r.family_id),
          categoryId: Number(r.category_id),
          subCategoryId: r.sub_category_id === null ? null : Number(r.sub_category_id),
          values: parsed(r.attributes),
        }),
      ];
    }
    if (rows.length < EXPORT_BATCH) return;
    last = Number(rows[rows.length - 1]!.id);
  }
}

/** A jsonb column as the driver gives it: parsed already, or its text. */
const parsed = (v: unknown): ProductAttributes =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as ProductAttributes;

const toCells = (row: Row, width: number) =>
  Array.from({ length: width }, (_, i) => {
    const v = row[i];
    return v === null || v === undefined ? '' : escapeCsvCell(String(v));
  });

/** Throws 404 before any byte is sent when the family does not exist. */
export async function assertFamily(db: Db, id: number): Promise<string> {
  const [family] = await db.select({ nameEn: families.nameEn }).from(families).where(eq(families.id, id));
  if (!family) throw notFound('Family');
  return family.nameEn;
}

/** UTF-8 with a BOM (Excel then shows the Arabic), CRLF, formula cells escaped. */
export function exportCsv(db: Db, scope: readonly number[] | null): Readable {
  async function* records() {
    const attrs = await attributeColumns(db, scope);
    const header = [...CSV_COLUMNS, ...attrs.names];
    yield header;
    for await (const row of exportRows(db, scope, attrs)) yield toCells(row, header.length);
  }
  return Readable.from(records()).pipe(stringify({ bom: true, record_delimiter: 'windows' }));
}

/**
 * The same rows as the CSV export in one worksheet, streamed (exceljs's WorkbookWriter). No formula
 * escaping: a sheet stores text cells as text, so a value that begins with "=" is shown, not run, and
 * the import reads it back as written.
 */
export function exportXlsx(db: Db, scope: readonly number[] | null): Readable {
  const sheet = new XlsxSheetStream('Catalogue', sheetColumns(CSV_COLUMNS, { allText: false }));
  const write = async () => {
    const attrs = await attributeColumns(db, scope);
    sheet.setColumns(
      sheetColumns([...CSV_COLUMNS, ...attrs.names], { allText: false, numbers: attrs.numbers }),
    );
    sheet.addHeader([...CSV_COLUMNS, ...attrs.names]);
    let n = 0;
    for await (const row of exportRows(db, scope, attrs)) {
      sheet.addRow(row);
      if (++n % EXPORT_BATCH === 0) {
        await sheet.drain();
        // Let other requests in: zipping a batch is CPU work on the event loop.
        await setImmediate();
      }
    }
    await sheet.finish();
  };
  write().catch((err: unknown) => sheet.fail(err));
  return sheet.stream;
}
