import { sql, type SQL } from 'drizzle-orm';
import type { ImportProblem, LevelCounts } from '@dalil/contracts/imports';
import type { Db, Tx } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import type { MergeEvents } from './merge-events';

type Executor = Pick<Db, 'execute'>;

/**
 * Rows whose sub-category would break the one-level rule: a sub-category that is also a parent (in
 * the file or already in the catalogue), one named under two categories in the file, or a parent that
 * is itself already a sub-category. Reported like any invalid cell; nothing is imported then.
 */
export async function subCategoryProblems(db: Executor, importId: number, limit: number) {
  const id = sql`${importId}::bigint`;
  const found = resultRows<ImportProblem & { total: number }>(
    await db.execute(sql`with r as (
        select line, lower(family_en) as fam, lower(category_en) as cat, lower(sub_category_en) as sub
        from import_rows where import_id = ${id} and sub_category_en is not null),
      existing as (
        select lower(f.name_en) as fam, lower(c.name_en) as name, c.parent_id,
          exists (select 1 from categories k where k.parent_id = c.id) as has_children
        from categories c join families f on f.id = c.family_id),
      problems as (
        select line, 'subCategoryNameEn' as "column",
          'is also the category of other rows; sub-categories go one level deep' as reason
        from r where exists (select 1 from r p where p.fam = r.fam and p.cat = r.sub)
        union all
        select line, 'subCategoryNameEn', 'already has sub-categories of its own, so it cannot be one'
        from r where exists (select 1 from existing e where e.fam = r.fam and e.name = r.sub and e.has_children)
        union all
        select line, 'subCategoryNameEn', 'is named under more than one category in this file'
        from r where exists (select 1 from r o where o.fam = r.fam and o.sub = r.sub and o.cat <> r.cat)
        union all
        select line, 'categoryNameEn', 'is a sub-category, so it cannot have sub-categories'
        from r where exists (select 1 from existing e where e.fam = r.fam and e.name = r.cat
          and e.parent_id is not null))
      select line, "column", reason, count(*) over ()::int as total from problems
      order by line limit ${limit}`),
  );
  return {
    count: found[0]?.total ?? 0,
    problems: found.map(({ line, column, reason }) => ({ line, column, reason })),
  };
}

/**
 * Upserts the file's sub-categories under their parents, by (family, English name) like any category;
 * one that moves to another parent takes its products along (their category becomes the new parent).
 */
export async function mergeSubCategories(
  tx: Db | Tx,
  id: SQL,
  write: boolean,
  events: MergeEvents,
  counts: (query: SQL, changed: SQL) => Promise<LevelCounts>,
): Promise<LevelCounts> {
  const src = sql`(select distinct on (lower(family_en), lower(sub_category_en))
      family_en, category_en, sub_category_en as name_en, sub_category_ar as name_ar
    from import_rows where import_id = ${id} and sub_category_en is not null
    order by lower(family_en), lower(sub_category_en), line desc) s
    left join families f on lower(f.name_en) = lower(s.family_en)
    left join categories pc on pc.family_id = f.id and lower(pc.name_en) = lower(s.category_en)`;
  const result = await counts(
    sql`from ${src} left join categories t on t.family_id = f.id and lower(t.name_en) = lower(s.name_en)`,
    sql`(t.name_en, t.name_ar, t.parent_id) is distinct from (s.name_en, s.name_ar, pc.id)`,
  );
  if (!write) return result;
  await events.run(
    tx,
    'category',
    sql`insert into categories (family_id, parent_id, name_en, name_ar)
    select f.id, pc.id, s.name_en, s.name_ar from ${src} where f.id is not null and pc.id is not null
    on conflict (family_id, (lower(name_en))) do update
    set name_en = excluded.name_en, name_ar = excluded.name_ar, parent_id = excluded.parent_id,
      updated_at = now()
    where (categories.name_en, categories.name_ar, categories.parent_id)
      is distinct from (excluded.name_en, excluded.name_ar, excluded.parent_id)
    ${events.returning('category', sql`id, family_id, (xmax = 0) as created`)}`,
  );
  await events.run(
    tx,
    'product',
    sql`update products p set category_id = c.parent_id, updated_at = now()
    from categories c where p.sub_category_id = c.id and c.parent_id is not null
      and p.category_id <> c.parent_id ${events.returning('product', sql`p.id, p.family_id, false as created`)}`,
  );
  return result;
}
