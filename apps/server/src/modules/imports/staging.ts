import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Heartbeat, startHeartbeat } from '../../lib/job-lease';
import { dropImportLease, renewImportLease, takeImportLease } from './import-lease';
import type { StagedRow } from './row-check';

type Executor = Pick<Db, 'execute'>;

/** Rows per staging insert: about 2 MB of parameters, small enough to keep memory flat. */
export const STAGE_BATCH = 5000;

/**
 * An import's id: its start time and a random part. Rows left behind by a crashed import are
 * recognised by their id having no live lease (import-lease.ts).
 */
const newImportId = () => Date.now() * 1000 + randomInt(1000);

const TEXT_FIELDS = [
  'familyEn',
  'familyAr',
  'categoryEn',
  'categoryAr',
  'subCategoryEn',
  'subCategoryAr',
  'nameEn',
  'nameAr',
  'barcode',
  'number',
  'shelfLife',
  'netWeight',
  'drainedWeight',
  'searchText',
  'status',
  'descriptionEn',
  'descriptionAr',
  'image',
  'logo',
] as const;

/**
 * Collects valid rows and writes them to `import_rows` in multi-row batches: one array parameter per
 * column (unnest), so a batch is one short statement whatever its size. One batch is written while the
 * next is parsed (the database works in another thread or process), so at most two are held.
 */
export class Stager {
  private rows: StagedRow[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private heartbeat: Heartbeat | null = null;

  constructor(
    private readonly db: Executor,
    readonly importId: number,
  ) {}

  /**
   * A stager for a new import, holding the lease its rows live by (import-lease.ts): a process that
   * dies mid-import leaves them to be removed by the next start.
   */
  static async start(db: Db, leaseOwner: string): Promise<Stager> {
    const stager = new Stager(db, newImportId());
    await takeImportLease(db, stager.importId, leaseOwner);
    stager.heartbeat = startHeartbeat(() => renewImportLease(db, stager.importId), { what: 'import' });
    return stager;
  }

  /** Removes the import's rows and lets its lease go. */
  async clear(): Promise<void> {
    this.heartbeat?.stop();
    await clearStaging(this.db, this.importId);
    await dropImportLease(this.db, this.importId);
  }

  async add(row: StagedRow): Promise<void> {
    this.rows.push(row);
    if (this.rows.length < STAGE_BATCH) return;
    await this.settle();
    const batch = this.rows;
    this.rows = [];
    // Caught here and rethrown by the next add or flush: never an unhandled rejection.
    this.inFlight = this.write(batch).catch((err: unknown) => {
      this.failure = err;
    });
  }

  async flush(): Promise<void> {
    await this.settle();
    const batch = this.rows;
    this.rows = [];
    if (batch.length > 0) await this.write(batch);
  }

  /** Waits for the batch being written; rethrows its error. */
  async settle() {
    await this.inFlight;
    if (this.failure) throw this.failure;
  }

  private async write(rows: StagedRow[]): Promise<void> {
    const col = <K extends keyof StagedRow>(k: K) => sql.param(rows.map((r) => r[k]));
    const texts = TEXT_FIELDS.map((k) => sql`${col(k)}::text[]`);
    // The values as one text, a row's JSON per line and an empty line for none: JSON text never holds
    // a raw line break, so the database splits it without the quoting and unquoting of an array of
    // texts (at 100,000 rows with ten values each, that quoting cost PostgreSQL about 2 s).
    const values = sql.param(
      rows.map((r) => (r.attributes === null ? '' : JSON.stringify(r.attributes))).join('\n'),
    );
    await this.db.execute(sql`
      insert into import_rows (import_id, line, units_per_carton, carton_per_palate, cost, publish_at,
        family_en, family_ar, category_en, category_ar, sub_category_en, sub_category_ar, name_en, name_ar,
        barcode, number, shelf_life, net_weight, drained_weight, search_text, status, description_en,
        description_ar, image, logo, attributes)
      select ${this.importId}::bigint, * from unnest(${col('line')}::int[], ${col('unitsPerCarton')}::int[],
        ${col('cartonPerPalate')}::int[], ${col('cost')}::numeric[], ${col('publishAt')}::timestamptz[],
        ${sql.join(texts, sql`, `)}, string_to_array(${values}::text, E'\\n', '')::jsonb[])`);
  }
}

/** Removes this import's rows (those of imports whose process died go by import-lease.ts). */
async function clearStaging(db: Executor, importId: number): Promise<void> {
  await db.execute(sql`delete from import_rows where import_id = ${importId}::bigint`);
}

/** Takes staged rows out of an import (rows of a valid-rows import whose problems showed after staging). */
export async function dropStagedLines(db: Executor, importId: number, lines: number[]) {
  await db.execute(
    sql`delete from import_rows where import_id = ${importId}::bigint and line = any(${sql.param(lines)}::int[])`,
  );
}
