import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { productSearchText } from '../../apps/server/src/modules/products/product-search-text';
import { createDatabase } from '../../apps/server/test/postgres-server';
import { benchRow, CATEGORIES_PER_FAMILY, categoryName, FAMILIES, familyName } from './generate';

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CHUNK_BYTES = 64 * 1024;

/** A value in COPY's text format: `\N` for null, backslash, tab and line breaks escaped. */
const copyValue = (v: string | number | null) =>
  v === null
    ? '\\N'
    : String(v).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

/** Lines of COPY text cut into chunks of about CHUNK_BYTES. */
function chunked(lines: Iterable<(string | number | null)[]>): Buffer[] {
  const chunks: Buffer[] = [];
  let pending: string[] = [];
  let size = 0;
  for (const cells of lines) {
    const line = `${cells.map(copyValue).join('\t')}\n`;
    pending.push(line);
    size += line.length;
    if (size >= CHUNK_BYTES) {
      chunks.push(Buffer.from(pending.join('')));
      pending = [];
      size = 0;
    }
  }
  if (pending.length > 0) chunks.push(Buffer.from(pending.join('')));
  return chunks;
}

/**
 * `COPY <statement> FROM STDIN` with `chunks` as its data, through the pg driver's own protocol
 * handling: a Query whose copy-in answer sends the chunks and ends the copy.
 */
function copyIn(client: pg.Client, statement: string, chunks: Buffer[]): Promise<void> {
  const query = new pg.Query(statement);
  type Connection = { sendCopyFromChunk(b: Buffer): void; endCopyFrom(): void };
  (query as unknown as { handleCopyInResponse: (c: Connection) => void }).handleCopyInResponse = (c) => {
    for (const chunk of chunks) c.sendCopyFromChunk(chunk);
    c.endCopyFrom();
  };
  return new Promise((resolve, reject) => {
    query.on('end', () => resolve());
    query.on('error', reject);
    void client.query(query);
  });
}

function* familyLines() {
  for (let f = 0; f < FAMILIES; f++) yield [familyName(f).en, familyName(f).ar];
}

function* categoryLines() {
  for (let f = 0; f < FAMILIES; f++)
    for (let c = 0; c < CATEGORIES_PER_FAMILY; c++)
      yield [f + 1, categoryName(f, c).en, categoryName(f, c).ar];
}

const PRODUCT_COLUMNS = `family_id, category_id, name_en, name_ar, barcode, shelf_life, net_weight,
  drained_weight, units_per_carton, carton_per_palate, number, search_text, status`;

/** The generated file's rows as product rows: families and categories numbered in the order copied. */
function* productLines(rows: number) {
  for (let i = 0; i < rows; i++) {
    const r = benchRow(i);
    yield [
      r.f + 1,
      r.f * CATEGORIES_PER_FAMILY + r.c + 1,
      r.nameEn,
      r.nameAr,
      r.barcode,
      r.shelfLife,
      r.netWeight,
      r.drainedWeight,
      r.unitsPerCarton,
      r.cartonPerPalate,
      r.number,
      productSearchText(r.nameAr, r.nameEn),
      'published',
    ];
  }
}

/**
 * PostgreSQL's own limit for the generated file's rows: in a new database migrated like Dalil's,
 * tables made `LIKE` families, categories and products `INCLUDING ALL` (the same columns, defaults,
 * generated columns, checks and indexes; no foreign keys, no triggers), filled by `COPY ... FROM STDIN`
 * in one transaction. Seconds from the first COPY to the commit; the COPY text is made beforehand.
 */
export async function copyLimitSeconds(rows: number): Promise<number> {
  const created = await createDatabase(POSTGRES_ADMIN_URL, 'dalil_bench_copy_');
  try {
    const migrated = await openDatabase({ url: created.url, statementTimeoutMs: 0 });
    await migrated.close();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      for (const table of ['families', 'categories', 'products'])
        await client.query(`create table copy_${table} (like ${table} including all)`);
      const data = {
        families: chunked(familyLines()),
        categories: chunked(categoryLines()),
        products: chunked(productLines(rows)),
      };
      const started = performance.now();
      await client.query('begin');
      await copyIn(client, 'copy copy_families (name_en, name_ar) from stdin', data.families);
      await copyIn(client, 'copy copy_categories (family_id, name_en, name_ar) from stdin', data.categories);
      await copyIn(client, `copy copy_products (${PRODUCT_COLUMNS}) from stdin`, data.products);
      await client.query('commit');
      const seconds = (performance.now() - started) / 1000;
      const { rows: counted } = await client.query<{ n: number }>(
        'select count(*)::int as n from copy_products',
      );
      if (counted[0]?.n !== rows) throw new Error(`COPY wrote ${counted[0]?.n} of ${rows} products`);
      return seconds;
    } finally {
      await client.end();
    }
  } finally {
    await created.drop();
  }
}
