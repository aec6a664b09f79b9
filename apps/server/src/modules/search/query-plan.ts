import { searchWords, stemWord } from '@dalil/contracts/search-analysis';
import type { FamilyVocabulary, WordMatches } from './vocabulary';

export interface PlannedQuery {
  /** The normalized query. */
  q: string;
  /**
   * The digits barcodes and codes are matched against, or null: a query that is one word of digits,
   * or a barcode typed as printed under its symbol, in groups ("6 281007 035114": two or more groups
   * of digits, 8 to 14 in all, the lengths of EAN-8, UPC-A, EAN-13 and ITF-14).
   */
  code: string | null;
  /** Per query word, the words it accepts; an empty list means the word matches nothing. */
  words: WordMatches[];
}

function codeOf(words: { word: string; digits: boolean }[]): string | null {
  if (words.length === 0 || !words.every((w) => w.digits)) return null;
  if (words.length === 1) return words[0]!.word;
  const joined = words.map((w) => w.word).join('');
  return joined.length >= 8 && joined.length <= 14 ? joined : null;
}

/** What each word of a normalized query accepts in this family's vocabulary. */
export function planQuery(q: string, vocabulary: FamilyVocabulary): PlannedQuery {
  const analyzed = searchWords(q).map((word) => ({
    word,
    stem: stemWord(word),
    digits: /^[0-9]+$/.test(word),
  }));
  return {
    q,
    code: codeOf(analyzed),
    words: analyzed.map((w, i) => vocabulary.match(w, i === analyzed.length - 1)),
  };
}
