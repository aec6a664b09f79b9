import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StagedRow } from './row-check';

type Executor = Pick<Db, 'execute'>;

/** Rows per staging insert: about 2 MB of parameters, small enough to keep memory flat. */
export const STAGE_BATCH = 5000;
const STALE_AFTER_MS = 6 * 3600_000;

/**
 * An import's id encodes its start time, so rows left behind by a crashed import can be recognised
 * and removed by a later one.
 */
export const newImportId = () => Date.now() * 1000 + randomInt(1000);

const TEXT_FIELDS = [
  'familyEn',
  'familyAr',
  'categoryEn',
  'categoryAr',
  'nameEn',
  'nameAr',
  'barcode',
  'number',
  'shelfLife',
  'netWeight',
  'drainedWeight',
  'searchText',
] as const;

/**
 * Collects valid rows and writes them to `import_rows` in multi-row batches: one array parameter per
 * column (unnest), so a batch is one short statement whatever its size.
 */
export class Stager {
  private rows: StagedRow[] = [];

  constructor(
    private readonly db: Executor,
    readonly importId: number,
  ) {}

  async add(row: StagedRow): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= STAGE_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    const col = <K extends keyof StagedRow>(k: K) => sql.param(rows.map((r) => r[k]));
    const texts = TEXT_FIELDS.map((k) => sql`${col(k)}::text[]`);
    await this.db.execute(sql`
      insert into import_rows (import_id, line, units_per_carton, carton_per_palate, family_en, family_ar,
        category_en, category_ar, name_en, name_ar, barcode, number, shelf_life, net_weight, drained_weight,
        search_text)
      select ${this.importId}::bigint, * from unnest(${col('line')}::int[], ${col('unitsPerCarton')}::int[],
        ${col('cartonPerPalate')}::int[], ${sql.join(texts, sql`, `)})`);
  }
}

/** Removes this import's rows, and any left by an import that crashed hours ago. */
export async function clearStaging(db: Executor, importId: number): Promise<void> {
  const staleBefore = (Date.now() - STALE_AFTER_MS) * 1000;
  await db.execute(
    sql`delete from import_rows where import_id = ${importId}::bigint or import_id < ${staleBefore}::bigint`,
  );
}
