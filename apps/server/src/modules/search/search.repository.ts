import { sql, type SQL } from 'drizzle-orm';
import type { CategoryFacet, ProductCard, SearchResult } from '@dalil/contracts/search';
import type { Db } from '../../db/client';
import { productPublished } from '../../core/publication';
import {
  attributeCondition,
  attributeFacets,
  type AttributeFilter,
  type ChoiceAttribute,
} from './attribute-filters';
import { planQuery, type PlannedQuery } from './query-plan';
import { rows } from './sql-rows';
import { suggestionsFor } from './suggestions';
import type { FamilyVocabulary, WordMatches } from './vocabulary';

export interface SearchFilter {
  family: number;
  category?: number | undefined;
  /** Already normalized with normalizeSearchText (the same function the write side uses). */
  text: string;
  limit: number;
  skip: number;
  /** Published products only (of a published family) at this time; null: drafts too (staff). */
  publishedAt: Date | null;
  /** Choice attribute filters, all of which a product must pass. */
  attributes?: AttributeFilter[] | undefined;
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

/** The products a visitor may see: drafts and a draft family's products are left out. */
const visible = (f: Pick<SearchFilter, 'publishedAt' | 'attributes'>) =>
  sql`${f.publishedAt === null ? sql`` : sql` and ${productPublished('p', f.publishedAt)}`}${attributeCondition(f.attributes ?? [])}`;

const scopeOf = (f: SearchFilter) =>
  f.category === undefined
    ? sql`p.family_id = ${f.family}${visible(f)}`
    : // A category matches its own products and, as a sub-category, those filed under it.
      sql`p.family_id = ${f.family} and (p.category_id = ${f.category} or p.sub_category_id = ${f.category})${visible(f)}`;

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
 * The SQL of one query word: the words it accepts, by class. The class arrays are folded into
 * constants when the statement is planned (string_to_array of a parameter is immutable), so the GIN
 * index sees plain arrays.
 */
const wordArray = (words: string[]) => sql`string_to_array(${words.join(' ')}, ' ')`;

/** The best class by which a product's words match one query word (see MATCH). */
function classOf(matches: WordMatches): SQL {
  const branches = [...matches.entries()]
    .sort(([a], [b]) => a - b)
    .map(([cls, words]) => sql`when search_words && ${wordArray(words)} then ${sql.raw(String(cls))}`);
  return sql`(case ${sql.join(branches, sql` `)} else 9 end)`;
}

const usableWords = (plan: PlannedQuery) => plan.words.length > 0 && plan.words.every((m) => m.size > 0);

/** Which products of the scope match: every word, or (digits) a barcode or code prefix; null: none can. */
function matchCondition(plan: PlannedQuery): SQL | null {
  const usable = usableWords(plan);
  if (!usable && plan.code === null) return null;
  const allOf = (m: WordMatches) => wordArray([...m.values()].flat());
  const byWords = usable
    ? sql.join(
        plan.words.map((m) => sql`p.search_words && ${allOf(m)}`),
        sql` and `,
      )
    : sql`false`;
  const codes =
    plan.code === null
      ? sql``
      : sql` or p.barcode like ${`${plan.code}%`} or p.number like ${`${plan.code}%`}`;
  return sql`((${byWords})${codes})`;
}

/**
 * Text search (docs/decisions/0024-word-search.md). Every query word must match a word of the
 * product, in any order: exactly, by stem or synonym, as a prefix (the last word, as typed so far),
 * inside a longer word, or with a typo; the vocabulary has already turned each into the list of
 * words it accepts, so the database only looks words up in the (family, words) GIN index. A query of
 * digits also matches barcode and code prefixes. Ranking: exact barcode or code; more words matched
 * exactly; fewer typos; fewer words matched by stem, prefix or infix (in that order of preference);
 * the name starts with the query; a word starts with it; Arabic name and id, so the order is total
 * and pages never repeat or skip a product.
 */
async function searchText(db: Db, f: SearchFilter, plan: PlannedQuery): Promise<SearchResult> {
  const { q, code } = plan;
  const prefix = `${likeEscape(q)}%`;
  const wordPrefix = `% ${likeEscape(q)}%`;
  const scope = scopeOf(f);
  const usable = usableWords(plan);
  const condition = matchCondition(plan);
  if (condition === null) return { data: [], count: 0 };
  const matched = sql`select p.id, p.name_ar, p.name_en, p.search_text, p.search_words, p.barcode, p.number
    from products p where ${scope} and ${condition}`;

  // Each word's class once per row (c0, c1, ...), then the ranking keys from them. OFFSET 0 keeps the
  // planner from inlining every class expression into each key (slower to plan and to run).
  const classes = usable ? plan.words.map((_, i) => sql.raw(`c${i}`)) : [];
  const classColumns = usable
    ? sql.join(
        plan.words.map((m, i) => sql`, ${classOf(m)} as ${classes[i]!}`),
        sql``,
      )
    : sql``;
  const sum = (term: (c: SQL) => SQL) =>
    classes.length === 0
      ? sql`0`
      : sql.join(
          classes.map((c) => sql`(${term(c)})`),
          sql` + `,
        );
  const exactCode = code === null ? sql`false` : sql`barcode = ${code} or number = ${code}`;
  const codePrefix = code === null ? sql`` : sql` or barcode like ${`${code}%`} or number like ${`${code}%`}`;
  const ranked = sql`select id, name_ar,
      case when ${exactCode} then 0 else 1 end as code,
      ${sum((c) => sql`case when ${c} = 0 then 1 else 0 end`)} as exact,
      ${sum((c) => sql`case ${c} when 4 then 1 when 5 then 2 when 6 then 1 when 7 then 2 else 0 end`)} as typos,
      ${sum((c) => sql`case when ${c} between 1 and 3 then ${c} when ${c} >= 6 then 1 else 0 end`)} as partial,
      case when search_text like ${prefix} or lower(name_en) like ${prefix}${codePrefix} then 0
           when search_text like ${wordPrefix} then 1 else 2 end as tier
    from (select matched.*${classColumns} from matched offset 0) classified`;
  const order = sql`code, exact desc, typos, partial, tier, name_ar, id`;
  const page = await rows<CardRow>(
    db,
    sql`with matched as materialized (${matched}), ranked as (${ranked}), page as (
          select id, code, exact, typos, partial, tier, name_ar, count(*) over () as total from ranked
          order by ${order} limit ${f.limit} offset ${f.skip}
        )
        select ${CARD_COLUMNS}, page.total from page join products p on p.id = page.id
        order by page.code, page.exact desc, page.typos, page.partial, page.tier, page.name_ar, page.id`,
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

/**
 * Matches of the text in each category and sub-category of the family (the category filter set aside):
 * a sub-category's products count for it and for its parent.
 */
async function categoryFacets(db: Db, f: SearchFilter, condition: SQL | null): Promise<CategoryFacet[]> {
  if (condition === null) return [];
  const family = f.family;
  const counted = await rows<{ id: number; count: string | number }>(
    db,
    sql`select id, count(*) as count from (
        select p.category_id as id from products p where p.family_id = ${family} and ${condition}${visible(f)}
        union all
        select p.sub_category_id from products p
        where p.family_id = ${family} and p.sub_category_id is not null and ${condition}${visible(f)}) m
      group by id order by id`,
  );
  return counted.map((r) => ({ id: r.id, count: Number(r.count) }));
}

/**
 * The vocabulary holds the words of every product, drafts included: for a visitor, a suggestion is
 * kept only when it finds a product they may see, so no suggestion names a word only a draft holds.
 */
async function visibleSuggestions(
  db: Db,
  filter: SearchFilter,
  vocabulary: FamilyVocabulary,
  suggestions: string[],
): Promise<string[]> {
  if (filter.publishedAt === null || suggestions.length === 0) return suggestions;
  const found = await Promise.all(
    suggestions.map(async (text) => {
      const probe = { ...filter, text, limit: 1, skip: 0 };
      return (await searchText(db, probe, planQuery(text, vocabulary))).count > 0;
    }),
  );
  return suggestions.filter((_, i) => found[i]);
}

export interface SearchOptions {
  /** Count the text's matches per category of the family as well. */
  facets?: boolean;
  /** Count the matches per option of these attributes as well. */
  attributeFacets?: ChoiceAttribute[];
}

/** The facets asked for, of the matches of `condition` (null: nothing can match). */
async function facetsOf(db: Db, f: SearchFilter, condition: SQL | null, options: SearchOptions) {
  const out: NonNullable<SearchResult['facets']> = {};
  if (options.facets) out.category = await categoryFacets(db, f, condition);
  if (options.attributeFacets?.length) {
    // Each attribute's counts set its own filter aside, keeping the others.
    const where = condition && sql`${scopeOf({ ...f, attributes: [] })} and ${condition}`;
    const query = { filters: f.attributes ?? [], facets: options.attributeFacets };
    out.attributes = await attributeFacets(db, where, query);
  }
  return out;
}

const wantsFacets = (o: SearchOptions) => o.facets === true || (o.attributeFacets?.length ?? 0) > 0;

export async function searchProducts(
  db: Db,
  filter: SearchFilter,
  vocabulary: FamilyVocabulary,
  options: SearchOptions = {},
): Promise<SearchResult> {
  if (filter.text === '') {
    const result = await listAll(db, filter);
    if (!wantsFacets(options)) return result;
    return { ...result, facets: await facetsOf(db, filter, sql`true`, options) };
  }
  const plan = planQuery(filter.text, vocabulary);
  const result = await searchText(db, filter, plan);
  const out: SearchResult = { ...result };
  if (result.count === 0 && plan.code === null) {
    const suggestions = await visibleSuggestions(db, filter, vocabulary, suggestionsFor(plan, vocabulary));
    if (suggestions.length > 0) out.suggestions = suggestions;
  }
  if (wantsFacets(options)) out.facets = await facetsOf(db, filter, matchCondition(plan), options);
  return out;
}
