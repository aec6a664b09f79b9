// The hashed indexes behind a family vocabulary's typo and infix lookups (decision 0024): postings
// of entry numbers under 32-bit hashes, deletion neighbourhoods for typos, three-letter runs for
// infixes; sorted arrays for prefix lookups. Lookups may return a few entries too many; the
// vocabulary's exact tests drop them.

/** Sorts `items` in place by a text key (code-unit order, as the prefix lookup compares). */
export const sortedBy = <T>(items: T[], key: (t: T) => string) =>
  items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** First index in `sorted` whose key is >= `value`. */
export function lowerBound<T>(sorted: T[], key: (t: T) => string, value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(sorted[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** FNV-1a over a string's UTF-16 units, leaving out the units at `skip1` and `skip2` (-1: none). */
function hashWithout(text: string, skip1: number, skip2: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    if (i === skip1 || i === skip2) continue;
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

/** Room for this many entries in a posting (a 32-bit hash times this stays under 2^53). */
export const ENTRY_SLOTS = 2 ** 21;

/**
 * Entry numbers filed under 32-bit hashes, as one sorted Float64Array of hash x ENTRY_SLOTS + entry:
 * a few bytes a posting, sorted natively, found by binary search. Two keys may share a hash; a lookup
 * then returns a few entries too many, which the caller's exact test drops.
 */
export class Postings {
  private readonly keys: Float64Array;

  constructor(pairs: number[]) {
    this.keys = Float64Array.from(pairs).sort();
  }

  /** The range of `keys` filed under `hash`. */
  private range(hash: number): [number, number] {
    const low = hash * ENTRY_SLOTS;
    const high = low + ENTRY_SLOTS;
    const bound = (value: number) => {
      let lo = 0;
      let hi = this.keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.keys[mid]! < value) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const start = bound(low);
    return [start, start < this.keys.length && this.keys[start]! < high ? bound(high) : start];
  }

  count(hash: number): number {
    const [start, end] = this.range(hash);
    return end - start;
  }

  /** Pushes the entries filed under `hash` onto `out`, in entry order. */
  collect(hash: number, out: number[]): void {
    const [start, end] = this.range(hash);
    const base = hash * ENTRY_SLOTS;
    for (let i = start; i < end; i++) out.push(this.keys[i]! - base);
  }
}

/**
 * Vocabulary forms this long or longer can be two edits from a typed form; they are few and are
 * compared one by one. Shorter ones are filed under their deletion neighbourhood.
 */
export const LONG_FORM = 8;

/**
 * Within one edit (optimal string alignment), two strings share a string made by deleting at most one
 * letter from each; within two, with the typed form the longer (a vocabulary form under LONG_FORM
 * letters against a typed one of LONG_FORM or more), at most two from the typed form and one from the
 * vocabulary form: every substitution and every swap costs one deletion on each side, every dropped
 * or added letter one on its side only. So the index holds each short vocabulary form and its
 * one-letter deletions, and a typed form looks up itself and its one- (and, from LONG_FORM letters,
 * two-) letter deletions (SymSpell's deletion neighbourhoods).
 */
export function deletionHashes(text: string, depth: number, emit: (hash: number) => void): void {
  emit(hashWithout(text, -1, -1));
  for (let i = 0; i < text.length; i++) {
    emit(hashWithout(text, i, -1));
    if (depth > 1) for (let j = i + 1; j < text.length; j++) emit(hashWithout(text, i, j));
  }
}

/** Words of three letters, as hashes (what an infix lookup starts from). */
export function trigramHashes(text: string, emit: (hash: number) => void): void {
  for (let i = 0; i + 3 <= text.length; i++) emit(hashWithout(text.slice(i, i + 3), -1, -1));
}

/** Sorted, without repeats. */
export function distinctSorted(numbers: number[]): number[] {
  numbers.sort((a, b) => a - b);
  return numbers.filter((n, i) => i === 0 || n !== numbers[i - 1]);
}
