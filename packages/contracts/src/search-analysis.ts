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
export const SEARCH_WORD_SEPARATORS = ` !"#$%&()*+,\\-./:;<=>?@\\[\\]\\\\^_{|}~،؛؟٪٫٬«»…–—`;
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
export const ARABIC_MIN_STEM = 2;
/** A leading و ("and") goes only when at least this many letters remain (ورق stays ورق). */
export const ARABIC_MIN_AFTER_WAW = 3;

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
 * for 4 to 7, two for 8 or more.
 */
export function allowedTypos(word: string): number {
  const length = [...word].length;
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance (Levenshtein with an adjacent transposition counting as one
 * edit), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
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
