import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { VisitorPage } from '../../lib/visitor-addresses';
import { familyPublished, productPublished } from '../../core/publication';

/** One visitor page of the sitemap and when its record last changed (W3C datetime, UTC). */
export interface SitemapRecord {
  page: VisitorPage;
  lastmod: string;
}

interface Source {
  table: string;
  /** The history's entity name of the table's records. */
  entity: 'family' | 'category' | 'product';
  page: (id: number, family: number) => VisitorPage;
  /** Published at `now` (the row is `t`): drafts, and everything of a draft family, are left out. */
  published: (now: Date) => SQL;
}

const ofPublishedFamily = (now: Date) =>
  sql`exists (select 1 from families pf where pf.id = t.family_id and ${familyPublished('pf', now)})`;

/**
 * The pages in sitemap order: families, then categories and sub-categories, then products, each by
 * id. Deleted records have left these tables for the recycle bin, so none of them is ever listed.
 */
const SOURCES: readonly Source[] = [
  {
    table: 'families',
    entity: 'family',
    page: (id) => ({ kind: 'catalog', family: id }),
    published: (now) => familyPublished('t', now),
  },
  {
    table: 'categories',
    entity: 'category',
    page: (id, family) => ({ kind: 'catalog', family, category: id }),
    published: ofPublishedFamily,
  },
  {
    table: 'products',
    entity: 'product',
    page: (id) => ({ kind: 'product', id }),
    published: (now) => productPublished('t', now),
  },
];

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many published families, categories and products there are at `now`, in the order of SOURCES. */
export async function countRecords(db: Executor, now: Date): Promise<number[]> {
  const counted = sql.join(
    SOURCES.map(
      (s) => sql`(select count(*)::int from ${sql.identifier(s.table)} t where ${s.published(now)})`,
    ),
    sql`, `,
  );
  const [row] = rows<{ counts: number[] }>(await db.execute(sql`select array[${counted}] as counts`));
  return row ? row.counts.map(Number) : [0, 0, 0];
}

/**
 * One keyset page of a table: the records after `after` by id, each with its lastmod: the newer of the
 * row's own updated_at and its newest history entry (a restore from the recycle bin or a revert is
 * recorded in the history while the row may keep an older updated_at). Times are formatted by the
 * database, so PGlite and node-postgres give the same text.
 */
async function page(db: Executor, source: Source, after: number, limit: number, now: Date) {
  // A family's family is itself; categories and products carry theirs.
  const family = source.entity === 'family' ? sql`t.id` : sql`t.family_id`;
  return rows<{ id: number; family: number; lastmod: string }>(
    await db.execute(sql`
      select t.id, ${family} as family,
        to_char(greatest(t.updated_at, (
          select a.at from activity a
          where a.entity = ${source.entity} and a.entity_id = t.id
          order by a.id desc limit 1
        )) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
      from ${sql.identifier(source.table)} t
      where t.id > ${after} and ${source.published(now)}
      order by t.id
      limit ${limit}`),
  );
}

/** The id just before the `offset`-th record of a table (0-based), for the first keyset page. */
async function idBefore(db: Executor, source: Source, offset: number, now: Date): Promise<number | null> {
  if (offset === 0) return 0;
  const [row] = rows<{ id: number }>(
    await db.execute(
      sql`select t.id from ${sql.identifier(source.table)} t where ${source.published(now)}
        order by t.id offset ${offset} limit 1`,
    ),
  );
  return row ? row.id - 1 : null;
}

/**
 * The records `start` (inclusive) to `end` (exclusive) of the sitemap order, given the `counts` of
 * countRecords, read `pageSize` at a time by keyset: at most one page is in memory at once, whatever
 * the size of the catalogue.
 */
export async function* sitemapRecords(
  db: Executor,
  counts: readonly number[],
  start: number,
  end: number,
  pageSize: number,
  now: Date,
): AsyncGenerator<SitemapRecord[]> {
  let base = 0;
  for (const [index, source] of SOURCES.entries()) {
    const count = counts[index] ?? 0;
    const from = Math.max(start - base, 0);
    let remaining = Math.min(end - base, count) - from;
    base += count;
    if (remaining <= 0) continue;
    let after = await idBefore(db, source, from, now);
    while (after !== null && remaining > 0) {
      const found = await page(db, source, after, Math.min(pageSize, remaining), now);
      if (found.length === 0) break;
      yield found.map((r) => ({ page: source.page(r.id, r.family), lastmod: r.lastmod }));
      remaining -= found.length;
      after = found[found.length - 1]?.id ?? null;
    }
  }
}
