import { sql } from 'drizzle-orm';
import {
  allowedTypos,
  editDistance,
  stemWord,
  stripArabicPrefix,
  type AnalyzedWord,
} from '@dalil/contracts/search-analysis';
import type { Db } from '../../db/client';
import { synonymStems } from './synonyms';

/** One word of a family's products, with the forms a query word is compared with. */
interface Entry {
  word: string;
  stem: string;
  /** The word without an Arabic article or attached و (what a typed prefix is compared with). */
  bare: string;
  /** How many products hold it (did-you-mean prefers common words). */
  products: number;
}

/**
 * How a product word matched one query word, best first. The numbers are the search SQL's classes:
 * exact, same stem (or a synonym), the last word typed so far, inside a longer word, a typo at edit
 * distance 1, at distance 2 (decision 0024).
 */
export const MATCH = { exact: 0, stem: 1, prefix: 2, infix: 3, typo1: 4, typo2: 5 } as const;
export type MatchClass = (typeof MATCH)[keyof typeof MATCH];

/** The vocabulary words a query word accepts, by class (each word in its best class only). */
export type WordMatches = Map<MatchClass, string[]>;

/** Query words this long or longer also match inside a longer word ("tuna" in "bigtuna"). */
export const INFIX_MIN_LENGTH = 3;

const sortedBy = <T>(items: T[], key: (t: T) => string) =>
  items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** First index in `sorted` whose key is >= `value`. */
function lowerBound<T>(sorted: T[], key: (t: T) => string, value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(sorted[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The smallest edit distance between a query word and a vocabulary word, comparing like forms. */
function typoDistance(q: AnalyzedWord, bare: string, e: Entry): number {
  let best = Number.POSITIVE_INFINITY;
  const compare = (a: string, b: string) => {
    const max = allowedTypos(a);
    if (max === 0) return;
    const d = editDistance(a, b, max);
    if (d <= max && d < best) best = d;
  };
  compare(q.word, e.word);
  if (bare !== q.word) compare(bare, e.bare);
  if (q.stem !== bare) compare(q.stem, e.stem);
  return best;
}

/** One family's vocabulary, indexed for exact, stem, prefix, infix and typo lookups. */
export class FamilyVocabulary {
  private readonly byWord = new Map<string, Entry>();
  private readonly byStem = new Map<string, string[]>();
  private readonly words: Entry[];
  private readonly bares: Entry[];

  constructor(rows: { word: string; products: number }[]) {
    for (const { word, products } of rows) {
      const entry = { word, stem: stemWord(word), bare: stripArabicPrefix(word), products };
      this.byWord.set(word, entry);
      const same = this.byStem.get(entry.stem);
      if (same) same.push(word);
      else this.byStem.set(entry.stem, [word]);
    }
    this.words = sortedBy([...this.byWord.values()], (e) => e.word);
    this.bares = sortedBy([...this.words], (e) => e.bare);
  }

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    return this.byWord.has(word);
  }

  /**
   * The words a query word accepts, by class. `last` marks the last word of the query, which may be
   * a word still being typed (prefix matches).
   */
  match(q: AnalyzedWord, last: boolean): WordMatches {
    const out: WordMatches = new Map();
    const seen = new Set<string>();
    const add = (cls: MatchClass, word: string) => {
      if (seen.has(word)) return;
      seen.add(word);
      const list = out.get(cls);
      if (list) list.push(word);
      else out.set(cls, [word]);
    };
    if (this.byWord.has(q.word)) add(MATCH.exact, q.word);
    const bare = stripArabicPrefix(q.word);
    if (!q.digits) {
      for (const stem of [q.stem, ...synonymStems(q.stem)]) {
        for (const word of this.byStem.get(stem) ?? []) add(MATCH.stem, word);
      }
    }
    if (last) {
      for (const e of this.prefixed(this.words, (x) => x.word, q.word)) add(MATCH.prefix, e.word);
      if (!q.digits && bare !== q.word) {
        for (const e of this.prefixed(this.bares, (x) => x.bare, bare)) add(MATCH.prefix, e.word);
      }
    }
    if (q.digits) return out;
    if (q.word.length >= INFIX_MIN_LENGTH) {
      for (const e of this.words) if (!seen.has(e.word) && e.word.includes(q.word)) add(MATCH.infix, e.word);
    }
    if (allowedTypos(q.word) > 0) {
      for (const e of this.words) {
        if (seen.has(e.word)) continue;
        const d = typoDistance(q, bare, e);
        if (d === 1) add(MATCH.typo1, e.word);
        else if (d === 2) add(MATCH.typo2, e.word);
      }
    }
    return out;
  }

  private *prefixed(sorted: Entry[], key: (e: Entry) => string, prefix: string): Generator<Entry> {
    for (let i = lowerBound(sorted, key, prefix); i < sorted.length; i++) {
      const e = sorted[i]!;
      if (!key(e).startsWith(prefix)) return;
      yield e;
    }
  }

  /**
   * Did-you-mean: up to `limit` vocabulary words close to `word` (a word that matched nothing), the
   * nearest first, then the commoner. Allows one edit more than matching does (at least one).
   */
  suggest(q: AnalyzedWord, limit: number): string[] {
    const max = Math.max(1, allowedTypos(q.word) + 1);
    const bare = stripArabicPrefix(q.word);
    const scored: { e: Entry; d: number }[] = [];
    for (const e of this.words) {
      const d = Math.min(editDistance(q.word, e.word, max), editDistance(bare, e.bare, max));
      if (d <= max && e.word.length > 1) scored.push({ e, d });
    }
    scored.sort((a, b) => a.d - b.d || b.e.products - a.e.products || (a.e.word < b.e.word ? -1 : 1));
    return scored.slice(0, limit).map((s) => s.e.word);
  }
}

interface Loaded {
  version: number;
  vocabulary: Promise<FamilyVocabulary>;
}

/**
 * Each family's vocabulary in memory, read from `search_vocabulary` once per catalogue version (the
 * version the search cache holds, so both move together). A write elsewhere reaches it when the
 * version does.
 */
export class VocabularyCache {
  private readonly families = new Map<number, Loaded>();

  constructor(private readonly db: Pick<Db, 'execute'>) {}

  get(family: number, version: number): Promise<FamilyVocabulary> {
    const loaded = this.families.get(family);
    if (loaded?.version === version) return loaded.vocabulary;
    const vocabulary = this.load(family);
    this.families.set(family, { version, vocabulary });
    vocabulary.catch(() => {
      if (this.families.get(family)?.vocabulary === vocabulary) this.families.delete(family);
    });
    return vocabulary;
  }

  private async load(family: number): Promise<FamilyVocabulary> {
    const result: unknown = await this.db.execute(
      sql`select word, products from search_vocabulary where family_id = ${family}`,
    );
    return new FamilyVocabulary((result as { rows: { word: string; products: number }[] }).rows);
  }
}
