import { sql, type SQL } from 'drizzle-orm';
import {
  ATTRIBUTE_TYPES,
  isTextAttribute,
  type AttributeRequired,
  type AttributeType,
} from '@dalil/contracts/attributes';
import type { Db, Tx } from '../db/client';
import { executeNamed } from '../db/prepared';
import { resultRows } from '../lib/db-helpers';

/**
 * Whether a barcode is a valid GTIN, in SQL: 8, 12, 13 or 14 digits whose GS1 weighted sum is a
 * multiple of ten; the same rule as contracts/gtin.ts. Read as a number (at most 14 digits fit a
 * bigint), the digits are taken by division from the left of its 14-digit form: those in odd places
 * weigh 3 and the others 1, the check digit last. Arithmetic, where cutting the text digit by digit
 * took twice as long; the CASE reads the number only once the text is known to be digits.
 */
function validGtin(code: SQL): SQL {
  const terms = Array.from({ length: 14 }, (_, i) => {
    const d = sql`(${code}::bigint / ${sql.raw(`1${'0'.repeat(13 - i)}`)} % 10)`;
    return i % 2 === 0 ? sql`3 * ${d}` : d;
  });
  return sql`(case when ${code} ~ '^([0-9]{8}|[0-9]{12,14})$'
    then (${sql.join(terms, sql` + `)}) % 10 = 0 else false end)`;
}

/**
 * Whether the attribute of key `key` is filled in `values` (a product's values as jsonb) in a
 * language: a per-language text when that text is not empty; others when present and not a JSON null.
 */
const textFilled = (values: SQL, key: SQL, lang: 'ar' | 'en') =>
  sql`coalesce(${values} -> ${key} ->> ${lang}, '') <> ''`;
const valueFilled = (values: SQL, key: SQL) => sql`${values} ->> ${key} is not null`;
const TEXT_TYPES = ATTRIBUTE_TYPES.filter((type) => isTextAttribute({ type }));
/** The same for attribute `a`, of any type. */
const filledIn = (
  values: SQL,
  lang: 'ar' | 'en',
) => sql`case when a.type = any(${sql.param(TEXT_TYPES)}::text[])
    then ${textFilled(values, sql`a.key`, lang)} else ${valueFilled(values, sql`a.key`)} end`;
const STORED = sql`products.attributes`;

/**
 * Recomputes the stored completeness (docs/decisions/0056-typed-attributes.md) of the products matching
 * `where` (a condition on the `products` table), in one statement: per language, the share of its
 * required items that are filled, floored to a whole percent. The items: the name in that language,
 * each attribute the product's category or sub-category has that is required in that language (or
 * both), and, in a family that does not require valid GTINs, a barcode that is present but not a valid
 * GTIN, which counts as an item left to fill in both languages. Only rows whose numbers change are
 * written, and `updated_at` is left alone: completeness follows from the other data, it is no edit.
 */
export async function recomputeCompleteness(tx: Pick<Db, 'execute'>, where: SQL): Promise<void> {
  await tx.execute(completenessUpdate(where));
}

/**
 * The same for one product, the statement of every product write: prepared once per connection on
 * PostgreSQL (db/prepared.ts), where parsing and planning it took three times as long as running it
 * (docs/performance.md, "Webhooks").
 */
export async function recomputeProductCompleteness(tx: Db | Tx, id: number): Promise<void> {
  await executeNamed(tx, 'product-completeness', completenessUpdate(sql`products.id = ${id}::int`));
}

function completenessUpdate(where: SQL): SQL {
  return sql`with c as (
      select products.id,
        (products.name_ar <> '')::int as name_ar,
        (products.name_en <> '')::int as name_en,
        (not f.require_valid_gtin and products.barcode is not null
          and not ${validGtin(sql`products.barcode`)})::int as bad,
        count(a.id) filter (where a.required in ('ar', 'both'))::int as need_ar,
        count(a.id) filter (where a.required in ('ar', 'both') and ${filledIn(STORED, 'ar')})::int as have_ar,
        count(a.id) filter (where a.required in ('en', 'both'))::int as need_en,
        count(a.id) filter (where a.required in ('en', 'both') and ${filledIn(STORED, 'en')})::int as have_en
      from products
        join families f on f.id = products.family_id
        left join attributes a on a.family_id = products.family_id
          and (products.category_id = any(a.category_ids) or products.sub_category_id = any(a.category_ids))
      where ${where}
      group by products.id, f.require_valid_gtin)
    update products set
      completeness_ar = 100 * (c.name_ar + c.have_ar) / (1 + c.bad + c.need_ar),
      completeness_en = 100 * (c.name_en + c.have_en) / (1 + c.bad + c.need_en)
    from c
    where products.id = c.id
      and (products.completeness_ar, products.completeness_en) is distinct from
        (100 * (c.name_ar + c.have_ar) / (1 + c.bad + c.need_ar), 100 * (c.name_en + c.have_en) / (1 + c.bad + c.need_en))`;
}

/**
 * The completeness of products about to be inserted (an import's new products), by the same rule as
 * `recomputeCompleteness`, so the insert writes each row once, with its final numbers. `alias` names
 * the rows in the insert's `from` (with `family_id`, `category_id`, `sub_category_id`, `name_ar`,
 * `name_en` and `barcode`), `values` their column of attribute values (jsonb, a null value being no
 * value). `join` goes after the insert's `from`: the family and the barcode's check.
 *
 * The required attributes are read first and written into the expressions, per family (a `case` on
 * the row's family), so each row is counted by a few comparisons: no join of every row with its
 * attributes, no grouping and no sort. At 100,000 rows with two required attributes each on PGlite,
 * that join and grouping took 1.0 s; a count per row in a subquery cost 1.9 s more on PostgreSQL
 * than no count.
 */
export async function newProductCompleteness(
  tx: Pick<Db, 'execute'>,
  rows: { alias: string; values: string },
): Promise<{ join: SQL; ar: SQL; en: SQL }> {
  const r = (column: string) => sql.raw(`${rows.alias}.${column}`);
  const required = resultRows<{
    family: number;
    key: string;
    type: AttributeType;
    required: AttributeRequired;
    ids: number[];
  }>(
    await tx.execute(sql`select family_id as family, key, type, required, category_ids as ids from attributes
      where required <> 'none' and cardinality(category_ids) > 0 order by family_id, position, id`),
  );
  const values = r(rows.values);
  // Per language, one `case` arm per family adding up its attributes required in that language that
  // apply to the row (or, `filled`, those its values fill).
  const counts = (lang: 'ar' | 'en', filled: boolean) => {
    const arms = new Map<number, SQL[]>();
    for (const a of required) {
      if (a.required !== lang && a.required !== 'both') continue;
      const ids = sql.raw(`'{${a.ids.map(Number).join(',')}}'::integer[]`);
      // `is true`: a row without a sub-category compares a null, which must count as no match.
      const applies = sql`((${r('category_id')} = any(${ids}) or ${r('sub_category_id')} = any(${ids})) is true)`;
      const key = sql`${a.key}::text`;
      const isFilled = isTextAttribute(a) ? textFilled(values, key, lang) : valueFilled(values, key);
      const terms = arms.get(Number(a.family)) ?? [];
      terms.push(filled ? sql`(${applies} and ${isFilled})::int` : sql`${applies}::int`);
      arms.set(Number(a.family), terms);
    }
    if (arms.size === 0) return sql`0`;
    const when = [...arms].map(
      ([f, terms]) => sql`when ${sql.raw(String(f))} then ${sql.join(terms, sql` + `)}`,
    );
    return sql`(case ${r('family_id')} ${sql.join(when, sql` `)} else 0 end)`;
  };
  // The barcode's check, once per row (`offset 0` keeps the two languages from running it each).
  const join = sql`join families nf on nf.id = ${r('family_id')}
    cross join lateral (select (not nf.require_valid_gtin and ${r('barcode')} is not null
      and not ${validGtin(r('barcode'))})::int as bad offset 0) nb`;
  const share = (lang: 'ar' | 'en') =>
    sql`100 * ((${r(`name_${lang}`)} <> '')::int + ${counts(lang, true)})
      / (1 + nb.bad + ${counts(lang, false)})`;
  return { join, ar: share('ar'), en: share('en') };
}
