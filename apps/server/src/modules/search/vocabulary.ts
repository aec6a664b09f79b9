import {
  allowedTypos,
  editDistance,
  letterMask,
  maskDistance,
  withinOneEdit,
  stemWord,
  stripArabicPrefix,
  type AnalyzedWord,
} from '@dalil/contracts/search-analysis';
import { synonymStems, type SynonymLookup } from './synonyms';
import {
  lowerBound,
  sortedBy,
  ENTRY_SLOTS,
  Postings,
  LONG_FORM,
  deletionHashes,
  trigramHashes,
  distinctSorted,
} from './word-index';

/** One word of a family's products, with the forms a query word is compared with. */
interface Entry {
  word: string;
  stem: string;
  /** The word without an Arabic article or attached و (what a typed prefix is compared with). */
  bare: string;
  /** letterMask of word, bare and stem. */
  masks: [number, number, number];
  /** How many products hold it (did-you-mean prefers common words). */
  products: number;
}

/**
 * How a product word matched one query word, best first. The numbers are the search SQL's classes:
 * exact, same stem (or a synonym), the last word typed so far, inside a longer word, a typo of the
 * whole word at edit distance 1 or 2, a typo only once article and suffixes are set aside (distance 1
 * or 2; it counts as a typo and as a stemmed word) (decision 0024).
 */
export const MATCH = {
  exact: 0,
  stem: 1,
  prefix: 2,
  infix: 3,
  typo1: 4,
  typo2: 5,
  stemTypo1: 6,
  stemTypo2: 7,
} as const;
type MatchClass = (typeof MATCH)[keyof typeof MATCH];

/** The vocabulary words a query word accepts, by class (each word in its best class only). */
export type WordMatches = Map<MatchClass, string[]>;

/** Query words this long or longer also match inside a longer word ("tuna" in "bigtuna"). */
const INFIX_MIN_LENGTH = 3;

/** A form of the typed word (whole, bare or stem) with what comparing it needs. */
interface Form {
  text: string;
  mask: number;
  /** Typos allowed at its own length; 0: the form takes no typo. */
  own: number;
}

const formOf = (text: string): Form => ({ text, mask: letterMask(text), own: allowedTypos(text) });

/**
 * The distance between a typed form and a vocabulary form when within the budget, else Infinity.
 * The budget: none when the typed form is under four letters, otherwise by the longer of the two (a
 * letter dropped from an eight-letter word leaves seven, and the word still allows two).
 */
function within(typed: Form, text: string, mask: number): number {
  if (typed.own === 0) return Number.POSITIVE_INFINITY;
  const max = text.length > typed.text.length ? allowedTypos(text) : typed.own;
  if (Math.abs(text.length - typed.text.length) > max) return Number.POSITIVE_INFINITY;
  if (maskDistance(typed.mask, mask) > 2 * max) return Number.POSITIVE_INFINITY;
  const d = max === 1 ? withinOneEdit(typed.text, text) : editDistance(typed.text, text, max);
  return d <= max ? d : Number.POSITIVE_INFINITY;
}

/**
 * The edit distance between a query word and a vocabulary word within the budget, as whole words or,
 * failing that, between their forms without an article (bare) or their stems. `whole` tells which.
 */
function typoDistance(
  forms: { word: Form; bare: Form | null; stem: Form | null },
  e: Entry,
): { d: number; whole: boolean } | null {
  const whole = within(forms.word, e.word, e.masks[0]);
  if (whole === 1) return { d: 1, whole: true };
  const bare = forms.bare ? within(forms.bare, e.bare, e.masks[1]) : Number.POSITIVE_INFINITY;
  const stem = forms.stem ? within(forms.stem, e.stem, e.masks[2]) : Number.POSITIVE_INFINITY;
  const other = Math.min(bare, stem);
  if (whole <= other && Number.isFinite(whole)) return { d: whole, whole: true };
  if (Number.isFinite(other)) return { d: other, whole: false };
  return null;
}

/** How many query words' expansions each family vocabulary remembers (per catalogue version). */
export const MATCH_CACHE_SIZE = 2000;

/** One family's vocabulary, indexed for exact, stem, prefix, infix and typo lookups. */
export class FamilyVocabulary {
  private readonly byWord = new Map<string, Entry>();
  private readonly byStem = new Map<string, string[]>();
  private readonly words: Entry[];
  private readonly bares: Entry[];
  /** Entry numbers (positions in `words`) by the deletion neighbourhoods of their short forms. */
  private readonly deletions: Postings;
  /** Entries with a form of LONG_FORM letters or more, in order: compared with every typed word. */
  private readonly long: number[] = [];
  /** Entry numbers by the three-letter runs of their word. */
  private readonly trigrams: Postings;
  /** Recent expansions, by word and whether it was the last of its query (least recent first). */
  private readonly recent = new Map<string, WordMatches>();

  /** `synonyms`: the family's own synonym groups (admin), on top of the built-in ones. */
  constructor(
    rows: { word: string; products: number }[],
    private readonly synonyms: SynonymLookup = () => [],
  ) {
    for (const { word, products } of rows) {
      const stem = stemWord(word);
      const bare = stripArabicPrefix(word);
      const masks: Entry['masks'] = [letterMask(word), letterMask(bare), letterMask(stem)];
      const entry = { word, stem, bare, masks, products };
      this.byWord.set(word, entry);
      const same = this.byStem.get(entry.stem);
      if (same) same.push(word);
      else this.byStem.set(entry.stem, [word]);
    }
    this.words = sortedBy([...this.byWord.values()], (e) => e.word);
    this.bares = sortedBy([...this.words], (e) => e.bare);
    const deletions: number[] = [];
    const trigrams: number[] = [];
    // Entry numbers must fit beside the hash (a vocabulary of two million words a family is not
    // indexed, and `match` compares with every word).
    this.words.forEach((e, n) => {
      if (n >= ENTRY_SLOTS) return;
      const forms = new Set([e.word, e.bare, e.stem]);
      if ([...forms].some((f) => f.length >= LONG_FORM)) this.long.push(n);
      for (const form of forms) {
        if (form.length < LONG_FORM) deletionHashes(form, 1, (h) => deletions.push(h * ENTRY_SLOTS + n));
      }
      trigramHashes(e.word, (h) => trigrams.push(h * ENTRY_SLOTS + n));
    });
    this.deletions = new Postings(deletions);
    this.trigrams = new Postings(trigrams);
  }

  get size(): number {
    return this.words.length;
  }

  has(word: string): boolean {
    return this.byWord.has(word);
  }

  /**
   * The words a query word accepts, by class. `last` marks the last word of the query, which may be
   * a word still being typed (prefix matches). The answer is shared with later calls for the same
   * word: read it, do not change it.
   */
  match(q: AnalyzedWord, last: boolean): WordMatches {
    const key = `${last ? 1 : 0}${q.digits ? 1 : 0}${q.stem}\u0000${q.word}`;
    const known = this.recent.get(key);
    if (known) {
      this.recent.delete(key);
      this.recent.set(key, known);
      return known;
    }
    const matches = this.expand(q, last, this.words.length <= ENTRY_SLOTS);
    this.recent.set(key, matches);
    if (this.recent.size > MATCH_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value!);
    return matches;
  }

  /**
   * What `match` answers, found by comparing the query word with every word of the vocabulary instead
   * of through the indexes: the definition the indexes must agree with (tests and benchmarks).
   */
  matchByScan(q: AnalyzedWord, last: boolean): WordMatches {
    return this.expand(q, last, false);
  }

  private expand(q: AnalyzedWord, last: boolean, indexed: boolean): WordMatches {
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
      for (const stem of [q.stem, ...synonymStems(q.stem), ...this.synonyms(q.stem)]) {
        for (const word of this.byStem.get(stem) ?? []) add(MATCH.stem, word);
      }
    }
    if (last) {
      for (const e of this.prefixed(this.words, (x) => x.word, q.word)) add(MATCH.prefix, e.word);
      // Without its article, a typed prefix must keep three letters, or two after ال itself: "الحم"
      // is someone typing الحمص, "كاليو" is not someone typing a word that starts with يو.
      const bareOk = [...bare].length >= 3 || (q.word.startsWith('ال') && [...bare].length >= 2);
      if (!q.digits && bare !== q.word && bareOk) {
        for (const e of this.prefixed(this.bares, (x) => x.bare, bare)) add(MATCH.prefix, e.word);
      }
    }
    if (q.digits) return out;
    if (q.word.length >= INFIX_MIN_LENGTH) {
      for (const e of indexed ? this.infixCandidates(q.word) : this.words) {
        if (!seen.has(e.word) && e.word.includes(q.word)) add(MATCH.infix, e.word);
      }
    }
    if (allowedTypos(q.word) > 0) {
      const forms = {
        word: formOf(q.word),
        bare: bare !== q.word ? formOf(bare) : null,
        stem: q.stem !== bare ? formOf(q.stem) : null,
      };
      for (const e of indexed ? this.typoCandidates(forms) : this.words) {
        if (seen.has(e.word)) continue;
        const typo = typoDistance(forms, e);
        if (!typo) continue;
        if (typo.whole) add(typo.d === 1 ? MATCH.typo1 : MATCH.typo2, e.word);
        else add(typo.d === 1 ? MATCH.stemTypo1 : MATCH.stemTypo2, e.word);
      }
    }
    return out;
  }

  /**
   * The entries whose word may hold `word` (three letters or more): those holding its rarest run of
   * three letters, in vocabulary order. A superset; the caller checks each.
   */
  private infixCandidates(word: string): Entry[] {
    let rarest = -1;
    let fewest = Number.POSITIVE_INFINITY;
    trigramHashes(word, (h) => {
      const count = this.trigrams.count(h);
      if (count < fewest) [rarest, fewest] = [h, count];
    });
    const found: number[] = [];
    this.trigrams.collect(rarest, found);
    return distinctSorted(found).map((n) => this.words[n]!);
  }

  /**
   * The entries that may be within the typo budget of one of the typed forms, in vocabulary order: those
   * sharing a deletion neighbour with a typed form, and every entry with a long form. A superset; the
   * caller measures each.
   */
  private typoCandidates(forms: { word: Form; bare: Form | null; stem: Form | null }): Entry[] {
    const found = [...this.long];
    for (const form of [forms.word, forms.bare, forms.stem]) {
      if (!form || form.own === 0) continue;
      const depth = form.text.length >= LONG_FORM ? 2 : 1;
      deletionHashes(form.text, depth, (h) => this.deletions.collect(h, found));
    }
    return distinctSorted(found).map((n) => this.words[n]!);
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
