// Search analysis: the words of a normalized text and their stems, the same on write and on query
// (docs/decisions/0024-word-search.md). The database splits `products.search_text` into words with the
// same separators (SEARCH_WORD_SEPARATORS); the search module stems the family's vocabulary and the
// query with `stemWord`.
import { normalizeSearchText } from './search-text';

/**
 * Characters that end a word, besides the space: ASCII punctuation and Arabic punctuation. The
 * products table's generated `search_words` column splits on the same class (migration 0006), and a
 * test checks that both give the same words. Apostrophes join ("ka'ak" is one word), so they are
 * removed before splitting, on both sides.
 */
const SEARCH_WORD_SEPARATORS = ` !"#$%&()*+,\\-./:;<=>?@\\[\\]\\\\^_{|}~،؛؟٪٫٬«»…–—`;
const SEPARATOR = new RegExp(`[${SEARCH_WORD_SEPARATORS}]+`, 'u');
const APOSTROPHES = /['’`]/g;

/** The words of an already normalized text, in order, duplicates kept. */
export function searchWords(normalized: string): string[] {
  return normalized
    .replace(APOSTROPHES, '')
    .split(SEPARATOR)
    .filter((w) => w !== '');
}

const ARABIC_LETTER = /[\u0621-\u064A]/;
const DIGITS = /^[0-9]+$/;

/**
 * Arabic prefixes a light stemmer removes (after normalization, so ة is already ه): the definite
 * article with its attached conjunction or preposition, then a leading و. Longest first; one only.
 */
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** Suffixes, tried once each in this order, as in Larkey's light10 (يه also covers ية, ه covers ة). */
const ARABIC_SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];
/** A prefix or suffix goes only when at least this many letters remain. */
const ARABIC_MIN_STEM = 2;
/** A leading و ("and") goes only when at least this many letters remain (ورق stays ورق). */
const ARABIC_MIN_AFTER_WAW = 3;

/** The Arabic word without its article or attached و (the part a typed prefix is compared with). */
export function stripArabicPrefix(word: string): string {
  if (!ARABIC_LETTER.test(word)) return word;
  for (const prefix of ARABIC_PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= ARABIC_MIN_STEM) {
      return word.slice(prefix.length);
    }
  }
  if (word.startsWith('و') && word.length - 1 >= ARABIC_MIN_AFTER_WAW) return word.slice(1);
  return word;
}

function stemArabic(word: string): string {
  let stem = stripArabicPrefix(word);
  for (const suffix of ARABIC_SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= ARABIC_MIN_STEM) {
      stem = stem.slice(0, -suffix.length);
    }
  }
  return stem;
}

/**
 * English plurals and their singulars meet on one stem: -ies and -es after a sibilant or o lose the
 * -es, other -s go (not -ss, -us, -is); then a final e after s, c, z or g goes, a final ie becomes i
 * and a final y becomes i. So "cheeses" and "cheese", "juices" and "juice", "boxes" and "box",
 * "cookies" and "cookie", "cherries" and "cherry" each share a stem, while "chocolat" and "chocolate"
 * do not.
 */
function stemEnglish(word: string): string {
  let stem = word;
  if (stem.length > 4 && stem.endsWith('ies')) stem = stem.slice(0, -2);
  else if (stem.length > 4 && /(?:[sxzo]|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.length > 3 && /[sczg]e$/.test(stem)) stem = stem.slice(0, -1);
  else if (stem.length > 3 && stem.endsWith('ie')) stem = stem.slice(0, -1);
  else if (stem.length > 3 && stem.endsWith('y')) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

/** The stem of one normalized word: Arabic light stemming, English plurals; digits stay as they are. */
export function stemWord(word: string): string {
  if (DIGITS.test(word)) return word;
  if (ARABIC_LETTER.test(word)) return stemArabic(word);
  if (/^[a-z]+$/.test(word)) return stemEnglish(word);
  return word;
}

export interface AnalyzedWord {
  /** The word as normalized (what an exact match compares). */
  word: string;
  stem: string;
  digits: boolean;
}

/** Normalizes a text and analyzes each of its words. */
export function analyzeSearchText(input: string): AnalyzedWord[] {
  return searchWords(normalizeSearchText(input)).map((word) => ({
    word,
    stem: stemWord(word),
    digits: DIGITS.test(word),
  }));
}

/**
 * Edits a typed word may carry and still match a word of the vocabulary: none under 4 letters, one
 * for 4 to 7, two for 8 or more. (Normalized Arabic and Latin letters are each one UTF-16 unit.)
 */
export function allowedTypos(word: string): number {
  const length = word.length;
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * editDistance(a, b, 1) in one pass without a table: 0, 1, or 2 for "more than one". Most typed words
 * (4 to 7 letters) allow one edit, and the vocabulary is compared word by word, so this is the hot path.
 */
export function withinOneEdit(a: string, b: string): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (la === lb) {
    let first = -1;
    for (let i = 0; i < la; i++) {
      if (a.charCodeAt(i) === b.charCodeAt(i)) continue;
      if (first < 0) {
        first = i;
        continue;
      }
      // A second difference: one edit only if it is the swap of two neighbouring letters.
      if (
        i === first + 1 &&
        a.charCodeAt(first) === b.charCodeAt(i) &&
        a.charCodeAt(i) === b.charCodeAt(first) &&
        a.slice(i + 1) === b.slice(i + 1)
      ) {
        return 1;
      }
      return 2;
    }
    return 1;
  }
  if (Math.abs(la - lb) !== 1) return 2;
  const [short, long] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  return short.slice(i) === long.slice(i + 1) ? 1 : 2;
}

/** Three rows of the distance table, reused by every call (grown when a longer word comes). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Levenshtein with an adjacent transposition counting as one
 * edit), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (rows[0]!.length < n + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * (n + 1)));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[n]!, max + 1);
}

/**
 * The letters of a word hashed into 32 bits. One edit changes at most two bits of the difference of
 * two words' masks, so words whose masks differ in more than 2 x max bits are more than max edits
 * apart: a cheap test before the distance table.
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) % 32);
  return mask;
}

export function maskDistance(a: number, b: number): number {
  let x = a ^ b;
  let bits = 0;
  while (x !== 0) {
    x &= x - 1;
    bits++;
  }
  return bits;
}
