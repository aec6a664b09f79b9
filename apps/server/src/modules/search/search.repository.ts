import { sql, type SQL } from 'drizzle-orm';
import type { ProductCard, SearchResult } from '@dalil/contracts/search';
import type { Db } from '../../db/client';

/** Queries this long or longer also match by trigram similarity, so one typo still finds the product. */
export const TYPO_MIN_LENGTH = 3;
/**
 * pg_trgm's default word-similarity threshold (0.6) misses a letter dropped from an eight-letter word
 * ("biscuts" scores 0.55 against "biscuits"); 0.5 finds one inserted, dropped or changed letter in
 * most words of five letters or more without letting unrelated words in (docs/decisions/0004).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/**
 * Most similar-name (typo) rows one search considers; see searchText. Each costs two word_similarity()
 * calls, 10-50 us each on PGlite (WebAssembly), so 100 rows stay under about 10 ms.
 */
export const FUZZY_LIMIT = 100;

export interface SearchFilter {
  family: number;
  category?: number | undefined;
  /** Already normalized with normalizeSearchText (the same function the write side uses). */
  text: string;
  limit: number;
  skip: number;
}

interface CardRow {
  id: number;
  name_ar: string;
  name_en: string;
  barcode: string | null;
  number: string | null;
  net_weight: string | null;
  drained_weight: string | null;
  units_per_carton: number | null;
  carton_per_palate: number | null;
  image: string | null;
  logo: string | null;
  family_id: number;
  category_id: number;
  total?: string | number;
}

const CARD_COLUMNS = sql.raw(
  'p.id, p.name_ar, p.name_en, p.barcode, p.number, p.net_weight, p.drained_weight, p.units_per_carton, ' +
    'p.carton_per_palate, p.image, p.logo, p.family_id, p.category_id',
);

/** The database or a transaction. */
type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const toCard = (r: CardRow): ProductCard => ({
  id: r.id,
  name: { ar: r.name_ar, en: r.name_en },
  nameAr: r.name_ar,
  nameEn: r.name_en,
  barcode: r.barcode,
  number: r.number,
  netWeight: r.net_weight,
  drainedWeight: r.drained_weight,
  unitsPerCarton: r.units_per_carton,
  cartonPerPalate: r.carton_per_palate,
  image: r.image,
  logo: r.logo,
  family: r.family_id,
  category: r.category_id,
});

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const scopeOf = (f: SearchFilter) =>
  f.category === undefined
    ? sql`p.family_id = ${f.family}`
    : sql`p.family_id = ${f.family} and p.category_id = ${f.category}`;

/** An empty search lists the family (or category) by Arabic name, then id: straight off an index. */
async function listAll(db: Db, f: SearchFilter): Promise<SearchResult> {
  const scope = scopeOf(f);
  const [page, [counted]] = await Promise.all([
    rows<CardRow>(
      db,
      sql`select ${CARD_COLUMNS} from products p where ${scope}
          order by p.name_ar, p.id limit ${f.limit} offset ${f.skip}`,
    ),
    rows<{ total: string | number }>(db, sql`select count(*) as total from products p where ${scope}`),
  ]);
  return { data: page.map(toCard), count: Number(counted?.total ?? 0) };
}

/**
 * Text search. The (family, trigram) GIN index and the barcode/code pattern indexes choose the
 * candidates inside the family first; only those are ranked and paged. Letting the planner walk the
 * family's name order and filter row by row made first pages slow (docs/decisions/0004). Ranking:
 * 0 exact barcode or code, 1 a name, barcode or code starts with the text, 2 a word starts with it,
 * 3 it appears inside a word, 4 similar (a typo); then similarity (tier 4 only), Arabic name and id,
 * so the order is total and pages never repeat or skip a product.
 */
async function searchText(db: Db, f: SearchFilter): Promise<SearchResult> {
  const q = f.text;
  const digits = /^[0-9]+$/.test(q);
  const prefix = `${likeEscape(q)}%`;
  const wordPrefix = `% ${likeEscape(q)}%`;
  const contains = `%${likeEscape(q)}%`;
  const typoTolerant = [...q].length >= TYPO_MIN_LENGTH;
  const scope = scopeOf(f);

  // Literal matches. Short texts: word prefixes only (a one- or two-letter infix would match nearly
  // everything and cannot use the trigram index); longer ones: anywhere in a name.
  const text = typoTolerant
    ? sql`p.search_text like ${contains}`
    : sql`(p.search_text like ${prefix} or p.search_text like ${wordPrefix})`;
  const codes = digits ? sql`p.barcode like ${prefix} or p.number like ${prefix}` : sql`false`;
  const literal = sql`select p.id, p.name_ar, p.name_en, p.search_text, p.barcode, p.number, false as fuzzy
    from products p where ${scope} and (${text} or ${codes})`;
  // Similar names (a typo), written `search_text %> q` so the GIN index serves it. Each candidate
  // costs a word_similarity() call, and a 3- or 4-letter text is "similar" to thousands of names
  // (every word sharing its first letters), so this branch stops at FUZZY_LIMIT rows: the work of
  // any search stays bounded. A real typo of a longer word has far fewer similar names than that.
  const similar = sql`select p.id, p.name_ar, p.name_en, p.search_text, p.barcode, p.number, true as fuzzy
    from products p where ${scope} and p.search_text %> ${q}::text
      and not (${text}) and not coalesce(${codes}, false)
    limit ${FUZZY_LIMIT}`;
  const matched = typoTolerant ? sql`(${literal}) union all (${similar})` : literal;
  const patterns = { q, digits, prefix, wordPrefix, matched };
  if (!typoTolerant) return rankAndPage(db, f, patterns);
  // Settings for this transaction only. The threshold is read by the GIN index scan itself. Without
  // the other two, the LIMIT on the similar branch tempts the planner into walking the family (in any
  // order) and calling word_similarity() on each row until it has FUZZY_LIMIT of them: fine when most
  // rows are similar, 20 000 calls when few are. With them, both branches are bitmap scans of the
  // (family, trigram) GIN index: the work is what the index finds.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true),
                 set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    return rankAndPage(tx, f, patterns);
  });
}

interface Patterns {
  q: string;
  digits: boolean;
  prefix: string;
  wordPrefix: string;
  /** Selects the candidate rows: id, name_ar, name_en, search_text, barcode, number, fuzzy. */
  matched: SQL;
}

async function rankAndPage(db: Executor, f: SearchFilter, p: Patterns): Promise<SearchResult> {
  const { q, digits, prefix, wordPrefix, matched } = p;
  const exact = digits ? sql`barcode = ${q} or number = ${q}` : sql`false`;
  const codePrefix = digits ? sql` or barcode like ${prefix} or number like ${prefix}` : sql``;
  // Similarity is only computed (and only matters) for the similar-name tier.
  const page = await rows<CardRow>(
    db,
    sql`with matched as materialized (${matched}), ranked as (
          select id, name_ar,
            case when fuzzy then 4
                 when ${exact} then 0
                 when search_text like ${prefix} or lower(name_en) like ${prefix}${codePrefix} then 1
                 when search_text like ${wordPrefix} then 2
                 else 3 end as tier,
            case when fuzzy then word_similarity(${q}::text, search_text) else 0 end as score
          from matched
        ), page as (
          select id, tier, score, name_ar, count(*) over () as total from ranked
          order by tier, score desc, name_ar, id limit ${f.limit} offset ${f.skip}
        )
        select ${CARD_COLUMNS}, page.total from page join products p on p.id = page.id
        order by page.tier, page.score desc, page.name_ar, page.id`,
  );
  if (page.length > 0) return { data: page.map(toCard), count: Number(page[0]!.total) };
  if (f.skip === 0) return { data: [], count: 0 };
  // Past the last page: the window count came back with no row, so count on its own.
  const [counted] = await rows<{ total: string | number }>(
    db,
    sql`with matched as materialized (${matched}) select count(*) as total from matched`,
  );
  return { data: [], count: Number(counted?.total ?? 0) };
}

export function searchProducts(db: Db, filter: SearchFilter): Promise<SearchResult> {
  return filter.text === '' ? listAll(db, filter) : searchText(db, filter);
}
