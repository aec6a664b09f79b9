import { newProductCompleteness, recomputeCompleteness } from '../../core/completeness';
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn, ImportKind, LevelCounts } from '@dalil/contracts/imports';
import type { Db, Tx } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import { MergeEvents, UPSERTED } from './merge-events';
import { mergeSubCategories } from './sub-categories';

type Executor = Db | Tx;

/** Product columns an import may set, by CSV column. A column the file lacks keeps its stored value. */
const OPTIONAL_PRODUCT_COLUMNS: [CsvColumn, string][] = [
  ['productNumber', 'number'],
  ['productShelfLife', 'shelf_life'],
  ['productNetWeight', 'net_weight'],
  ['productDrainedWeight', 'drained_weight'],
  ['productUnitsPerCarton', 'units_per_carton'],
  ['productCartonPerPallet', 'carton_per_palate'],
  ['productCost', 'cost'],
  ['productDescriptionEn', 'description_en'],
  ['productDescriptionAr', 'description_ar'],
  ['productPublishAt', 'publish_at'],
  ['productImage', 'image'],
  ['productIcon', 'logo'],
];

/** The columns a new product takes from its staged row as they are. */
const INSERTED = [
  'family_id',
  'category_id',
  'sub_category_id',
  'name_en',
  'name_ar',
  'barcode',
  ...OPTIONAL_PRODUCT_COLUMNS.map(([, column]) => column),
  'search_text',
];

const ZERO: LevelCounts = { created: 0, updated: 0, unchanged: 0 };

/**
 * created / updated / unchanged from a query over `src s` left-joined to the target `t`, and in the same
 * scan how many rows `counted` holds for (the products whose attribute values change).
 */
async function counts(
  tx: Executor,
  query: SQL,
  changed: SQL,
  counted: SQL = sql`false`,
): Promise<LevelCounts & { counted: number }> {
  const [row] = resultRows<LevelCounts & { counted: number }>(
    await tx.execute(sql`select
      count(*) filter (where t.id is null)::int as created,
      count(*) filter (where t.id is not null and ${changed})::int as updated,
      count(*) filter (where t.id is not null and not ${changed})::int as unchanged,
      count(*) filter (where ${counted})::int as counted
      ${query}`),
  );
  return row ?? { ...ZERO, counted: 0 };
}

/** created / updated / unchanged of one level. */
async function levelCounts(tx: Executor, query: SQL, changed: SQL): Promise<LevelCounts> {
  const { created, updated, unchanged } = await counts(tx, query, changed);
  return { created, updated, unchanged };
}

/**
 * The lines of the staged import `id` that win (the last row for each `key`, among the rows `where`
 * holds for). Grouping the line numbers hashes few keys (families, categories) and sorts only keys and
 * lines for many (products), where `distinct on` sorted every staged row with all its columns to keep
 * a few (100,000 rows for 10 families or 500 categories: 0.3 to 0.5 s a statement).
 */
const lastLines = (id: SQL, key: SQL, where: SQL = sql`true`) =>
  sql`select max(line) from import_rows where import_id = ${id} and ${where} group by ${key}`;

/**
 * Moves one staged import into the catalogue with set-based SQL, level by level, by the natural keys
 * (docs/architecture.md, "Import pipeline"): family by English name (any case), category by (family, English
 * name), product by (family, barcode) or, without a barcode, by (category, English name). Within the file the
 * last row for a key wins. Counts are taken before each level is written; with `write` false (preview, or a
 * file with problems) nothing is written and the counts say what an import would do.
 */
export async function mergeStaged(
  tx: Executor,
  options: {
    importId: number;
    kind: ImportKind;
    columns: Set<CsvColumn>;
    /** The file has attribute columns. */
    attributes: boolean;
    write: boolean;
  },
): Promise<{
  families: LevelCounts;
  categories: LevelCounts;
  products: LevelCounts;
  attributeChanges: number;
}> {
  const id = sql`${options.importId}::bigint`;
  const events = await MergeEvents.start(tx, options.write);
  let families = ZERO;
  let categories = ZERO;

  if (options.kind === 'all') {
    const src = sql`(select r.family_en as name_en, r.family_ar as name_ar from import_rows r
      where r.import_id = ${id} and r.line in (${lastLines(id, sql`lower(family_en)`)})
      order by lower(r.family_en)) s`;
    families = await levelCounts(
      tx,
      sql`from ${src} left join families t on lower(t.name_en) = lower(s.name_en)`,
      sql`(t.name_en, t.name_ar) is distinct from (s.name_en, s.name_ar)`,
    );
    if (options.write) {
      await events.run(
        tx,
        'family',
        sql`insert into families (name_en, name_ar) select name_en, name_ar from ${src}
        on conflict ((lower(name_en))) do update
        set name_en = excluded.name_en, name_ar = excluded.name_ar, updated_at = now()
        where (families.name_en, families.name_ar) is distinct from (excluded.name_en, excluded.name_ar)
        ${events.returning('family', UPSERTED(sql`id`))}`,
      );
    }
  }

  if (options.kind !== 'products') {
    const src = sql`(select r.family_en, r.category_en as name_en, r.category_ar as name_ar
      from import_rows r where r.import_id = ${id} and r.line in (${lastLines(
        id,
        sql`lower(family_en), lower(category_en)`,
        sql`category_en is not null`,
      )})
      order by lower(r.family_en), lower(r.category_en)) s
      left join families f on lower(f.name_en) = lower(s.family_en)`;
    categories = await levelCounts(
      tx,
      sql`from ${src} left join categories t on t.family_id = f.id and lower(t.name_en) = lower(s.name_en)`,
      sql`(t.name_en, t.name_ar) is distinct from (s.name_en, s.name_ar)`,
    );
    if (options.write) {
      await events.run(
        tx,
        'category',
        sql`insert into categories (family_id, name_en, name_ar)
        select f.id, s.name_en, s.name_ar from ${src} where f.id is not null
        on conflict (family_id, (lower(name_en))) do update
        set name_en = excluded.name_en, name_ar = excluded.name_ar, updated_at = now()
        where (categories.name_en, categories.name_ar) is distinct from (excluded.name_en, excluded.name_ar)
        ${events.returning('category', UPSERTED(sql`family_id`))}`,
      );
    }
  }

  // Sub-categories count with the categories; a products file may name them too.
  const subs = await mergeSubCategories(tx, id, options.write, events, (query, changed) =>
    levelCounts(tx, query, changed),
  );
  categories = {
    created: categories.created + subs.created,
    updated: categories.updated + subs.updated,
    unchanged: categories.unchanged + subs.unchanged,
  };
  const { products, attributeChanges } = await mergeProducts(tx, id, options, events);
  await events.announce(tx);
  return { families, categories, products, attributeChanges };
}

/**
 * A product's values after the import: the staged ones (`r.attributes`, null clearing a value) over
 * the stored ones, whose other keys (attributes the file has no column for) stay as they are.
 * `r.given` is the staged values without the nulls, worked out once per row in `import_resolved`.
 */
const MERGED_VALUES = sql`((coalesce(t.attributes, '{}'::jsonb)
    - array(select jsonb_object_keys(coalesce(r.attributes, '{}'::jsonb))))
  || r.given)`;

async function mergeProducts(
  tx: Executor,
  id: SQL,
  options: { columns: Set<CsvColumn>; attributes: boolean; write: boolean },
  events: MergeEvents,
) {
  const { columns, write } = options;
  const key = sql`lower(family_en), barcode, case when barcode is null then lower(category_en) end,
    case when barcode is null then lower(name_en) end`;
  // The values a staged row gives: its attributes without the nulls, which clear a stored value.
  const given = options.attributes
    ? sql`jsonb_strip_nulls(coalesce(src.attributes, '{}'::jsonb))`
    : sql`'{}'::jsonb`;
  // Each staged product, last row per key, with the family, category and product it resolves to.
  await tx.execute(sql`create temp table import_resolved on commit drop as
    with src as (
      select * from import_rows
      where import_id = ${id} and line in (${lastLines(id, key, sql`name_en is not null`)}))
    select src.*, f.id as family_id, c.id as category_id, sc.id as sub_category_id,
      coalesce(pb.id, pn.id) as product_id, ${given} as given
    from src
    left join families f on lower(f.name_en) = lower(src.family_en)
    left join categories c on c.family_id = f.id and lower(c.name_en) = lower(src.category_en)
    left join categories sc on sc.family_id = f.id and lower(sc.name_en) = lower(src.sub_category_en)
    left join products pb on src.barcode is not null and pb.family_id = f.id and pb.barcode = src.barcode
    left join products pn on src.barcode is null and pn.barcode is null and pn.category_id = c.id
      and lower(pn.name_en) = lower(src.name_en)`);

  const set = OPTIONAL_PRODUCT_COLUMNS.filter(([c]) => columns.has(c)).map(([, name]) => sql.raw(name));
  // Without the sub-category columns a product keeps its sub-category, unless its category changes.
  const keepSub = !columns.has('subCategoryNameEn');
  if (!keepSub) set.push(sql.raw('sub_category_id'));
  const stored = sql.join(
    [sql`t.name_en`, sql`t.name_ar`, sql`t.category_id`, ...set.map((c) => sql`t.${c}`)],
    sql`, `,
  );
  const incoming = sql.join(
    [sql`r.name_en`, sql`r.name_ar`, sql`r.category_id`, ...set.map((c) => sql`r.${c}`)],
    sql`, `,
  );
  // An empty status cell keeps the stored status (a new product is published).
  const status = columns.has('productStatus');
  const valuesChanged = options.attributes ? sql`t.attributes is distinct from ${MERGED_VALUES}` : sql`false`;
  const changed = status
    ? sql`((${stored}) is distinct from (${incoming}) or (r.status is not null and r.status is distinct from t.status) or ${valuesChanged})`
    : sql`((${stored}) is distinct from (${incoming}) or ${valuesChanged})`;
  const from = sql`from import_resolved r left join products t on t.id = r.product_id`;
  // Products whose values change: updated ones, and new ones given any value.
  const valuesGiven = options.attributes
    ? sql`case when t.id is null then r.given <> '{}'::jsonb
        else ${valuesChanged} end`
    : sql`false`;
  const { counted: attributeChanges, ...result } = await counts(tx, from, changed, valuesGiven);
  if (!write) return { products: result, attributeChanges };

  const assignments = set.map((c) => sql`${c} = r.${c}`);
  if (status) assignments.push(sql`status = coalesce(r.status, t.status)`);
  if (options.attributes) assignments.push(sql`attributes = ${MERGED_VALUES}`);
  if (keepSub) {
    assignments.push(
      sql`sub_category_id = case when t.category_id = r.category_id then t.sub_category_id end`,
    );
  }
  await events.run(
    tx,
    'product',
    sql`update products t set name_en = r.name_en, name_ar = r.name_ar,
      family_id = r.family_id, category_id = r.category_id, search_text = r.search_text,
      ${sql.join([...assignments, sql`updated_at = now()`], sql`, `)}
    from import_resolved r where t.id = r.product_id and ${changed}
    ${events.returning('product', sql`t.id, t.family_id, false as created`)}`,
  );
  // New products are inserted with their final completeness, values included: no second write.
  const complete = await newProductCompleteness(tx, { alias: 'r', values: 'attributes' });
  const insert = sql`insert into products (${sql.raw(INSERTED.join(', '))}, status, completeness_ar,
      completeness_en, attributes)
    select ${sql.raw(INSERTED.map((c) => `r.${c}`).join(', '))}, coalesce(r.status, 'published'),
      ${complete.ar}, ${complete.en}, r.given
    from import_resolved r ${complete.join} where r.product_id is null order by r.line
    ${events.returning('product', sql`id, family_id, true as created`)}`;
  // A new name, barcode or category changes what is filled: the products this import updated
  // (written at the transaction's time) are recomputed; new ones were inserted with theirs.
  await recomputeCompleteness(
    tx,
    sql`products.id in (select product_id from import_resolved) and products.updated_at = now()`,
  );
  await withoutSecondaryIndexes(tx, result.created, () => events.run(tx, 'product', insert));
  return { products: result, attributeChanges };
}

/** Rows to insert from which rebuilding the indexes beats updating them row by row. */
export const BULK_INSERT = 20_000;

/**
 * Runs a large insert with the products' secondary indexes and foreign keys dropped, then rebuilds
 * them from their own definitions, in the same transaction. Building an index in one pass (and
 * checking a foreign key with one join) is several times faster than maintaining them row by row:
 * measured here on 100 000 rows, 3.8 s of btree and foreign-key upkeep and 4.7 s of trigram upkeep
 * became 1.2 s and 2.4 s. Only when the insert at least doubles the table: the DROP locks products
 * until the import commits, which matters little on a first load and would on a small top-up
 * (docs/decisions/0005-csv-import.md). Any failure rolls the drops back with everything else.
 */
async function withoutSecondaryIndexes(tx: Executor, inserting: number, insert: () => Promise<unknown>) {
  if (inserting < BULK_INSERT) return insert();
  const [{ n } = { n: 0 }] = resultRows<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from products`),
  );
  if (inserting < n) return insert();
  const indexes = resultRows<{ name: string; def: string }>(
    await tx.execute(sql`select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = 'products'
        and indexname not in (select conname from pg_constraint where conrelid = 'products'::regclass)`),
  );
  const foreignKeys = resultRows<{ name: string; def: string }>(
    await tx.execute(sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'products'::regclass and contype = 'f'`),
  );
  for (const fk of foreignKeys)
    await tx.execute(sql`alter table products drop constraint ${sql.identifier(fk.name)}`);
  for (const i of indexes) await tx.execute(sql`drop index ${sql.identifier(i.name)}`);
  await insert();
  for (const i of indexes) await tx.execute(sql.raw(i.def));
  for (const fk of foreignKeys) {
    await tx.execute(sql`alter table products add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.def)}`);
  }
}
