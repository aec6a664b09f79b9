import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

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
 * Whether attribute `a` is filled in `values` (a product's values as jsonb) in a language: a
 * per-language text when that text is not empty; others when present and not a JSON null.
 */
const filledIn = (values: SQL, lang: 'ar' | 'en') => sql`case when a.type in ('text', 'longText')
    then coalesce(${values} -> a.key ->> ${lang}, '') <> ''
    else ${values} ->> a.key is not null end`;
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
  await tx.execute(sql`with c as (
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
        (100 * (c.name_ar + c.have_ar) / (1 + c.bad + c.need_ar), 100 * (c.name_en + c.have_en) / (1 + c.bad + c.need_en))`);
}

/**
 * The completeness of products about to be inserted (an import's new products), by the same rule as
 * `recomputeCompleteness`, so the insert writes each row once, with its final numbers. `rows` names
 * the table they are made from (with `family_id`, `category_id`, `sub_category_id`, `name_ar`,
 * `name_en` and `barcode`), its alias in the insert, a unique key column, the column that is null on
 * the rows inserted (those that match no stored product), and the column of their attribute values (jsonb, a null value being no value). `join` goes
 * after the insert's `from`: the family, and per row the required attributes of its category or
 * sub-category and how many the values fill, counted for all rows at once with hash joins (a count
 * per row, run 100 000 times, cost 1.9 s more on PostgreSQL than no count).
 */
export function newProductCompleteness(rows: {
  table: string;
  alias: string;
  key: string;
  unmatched: string;
  values: string;
}): { join: SQL; ar: SQL; en: SQL } {
  const r = (column: string) => sql.raw(`${rows.alias}.${column}`);
  const need = (lang: 'ar' | 'en') => sql`a.required in (${lang}, 'both')`;
  const values = sql.raw(`s.${rows.values}`);
  // The barcode's check, once per row (`offset 0` keeps the two languages from running it each).
  const join = sql`join families nf on nf.id = ${r('family_id')}
    cross join lateral (select (not nf.require_valid_gtin and ${r('barcode')} is not null
      and not ${validGtin(r('barcode'))})::int as bad offset 0) nb
    left join (
      select f.key, count(*) filter (where f.need_ar)::int as need_ar,
        count(*) filter (where f.have_ar)::int as have_ar,
        count(*) filter (where f.need_en)::int as need_en,
        count(*) filter (where f.have_en)::int as have_en
      from (
        select s.${sql.raw(rows.key)} as key, ${need('ar')} as need_ar,
          ${need('ar')} and ${filledIn(values, 'ar')} as have_ar, ${need('en')} as need_en,
          ${need('en')} and ${filledIn(values, 'en')} as have_en
        from ${sql.raw(rows.table)} s
          join attributes a on a.family_id = s.family_id and a.required <> 'none'
            and (s.category_id = any(a.category_ids) or s.sub_category_id = any(a.category_ids))
        where s.${sql.raw(rows.unmatched)} is null
        -- The flags are worked out before the rows are grouped: the grouping then sorts a key and
        -- four flags, not the values (at 100,000 rows, 84 MB sorted on disk).
        offset 0) f
      group by f.key) nq on nq.key = ${r(rows.key)}`;
  const share = (lang: 'ar' | 'en') =>
    sql`100 * ((${r(`name_${lang}`)} <> '')::int + coalesce(nq.${sql.raw(`have_${lang}`)}, 0))
      / (1 + nb.bad + coalesce(nq.${sql.raw(`need_${lang}`)}, 0))`;
  return { join, ar: share('ar'), en: share('en') };
}
