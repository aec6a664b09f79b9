import { stemWord } from '@dalil/contracts/search-analysis';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FamilyVocabulary, MATCH, MATCH_CACHE_SIZE, type WordMatches } from './vocabulary';

// The vocabulary's indexes (deletion neighbourhoods for typos, three-letter runs for infixes, the
// recent-words cache) must accept exactly the words the plain comparison with every word accepts.

const analyzed = (word: string) => ({ word, stem: stemWord(word), digits: /^[0-9]+$/.test(word) });
const plain = (m: WordMatches) => [...m.entries()].sort(([a], [b]) => a - b);

// Few letters, so generated words often lie within an edit or two of each other; Arabic ones with the
// article, و and the suffixes the stemmer removes, Latin ones with English plural endings.
const ARABIC = [...'البوكفهينتاس'];
const LATIN = [...'abceisyo'];
const wordOf = (letters: string[]) =>
  fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 11 }).map((l) => l.join(''));
const word = fc.oneof(
  wordOf(ARABIC),
  wordOf(LATIN),
  fc.constantFrom(...ARABIC).map((l) => `ال${l}`),
  fc.stringMatching(/^[0-9]{1,6}$/),
);
const rows = fc
  .uniqueArray(word, { minLength: 1, maxLength: 120 })
  .map((words) => words.map((w, i) => ({ word: w, products: 1 + (i % 5) })));

describe('FamilyVocabulary indexes', () => {
  it('accept the same words, in the same classes and order, as comparing with every word', () => {
    fc.assert(
      fc.property(
        rows,
        fc.array(word, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (vocab, queries, last) => {
          const v = new FamilyVocabulary(vocab);
          // Queries: new words, and words of the vocabulary with one or two edits.
          const typed = [
            ...queries,
            ...vocab.slice(0, 8).map((r, i) => mutate(r.word, i)),
            ...vocab.slice(0, 8).map((r, i) => mutate(mutate(r.word, i), i + 1)),
            ...vocab.slice(0, 8).map((r, i) => mutate(mutate(r.word, i + 2), i + 3)),
          ];
          for (const q of typed.map(analyzed)) {
            expect(plain(v.match(q, last)), q.word).toEqual(plain(v.matchByScan(q, last)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('find typos and infixes in a real-sized vocabulary, once and again from the cache', () => {
    // Normalized, as the vocabulary holds them (ة is ه).
    const words = [
      'strawberry',
      'بالفراوله',
      'الفراوله',
      'chocolate',
      'medjool',
      'بسكويت',
      'kalomi',
      'كالومي',
    ];
    const filler = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`);
    const v = new FamilyVocabulary([...words, ...filler].map((w) => ({ word: w, products: 1 })));
    for (const [query, cls, expected] of [
      ['strawbery', MATCH.typo1, 'strawberry'],
      ['stawbery', MATCH.typo2, 'strawberry'],
      ['mejdool', MATCH.typo1, 'medjool'],
      ['awberr', MATCH.infix, 'strawberry'],
      ['فراوله', MATCH.stem, 'بالفراوله'],
      ['كالوني', MATCH.typo1, 'كالومي'],
      ['kalumi', MATCH.typo1, 'kalomi'],
    ] as const) {
      const first = v.match(analyzed(query), false);
      expect(first.get(cls), query).toContain(expected);
      expect(plain(first)).toEqual(plain(v.matchByScan(analyzed(query), false)));
      expect(v.match(analyzed(query), false)).toBe(first);
    }
  });

  it('keep only the most recent expansions', () => {
    const v = new FamilyVocabulary([{ word: 'medjool', products: 1 }]);
    const first = v.match(analyzed('medjol'), true);
    for (let i = 0; i < MATCH_CACHE_SIZE; i++) v.match(analyzed(`q${i}`), true);
    const again = v.match(analyzed('medjol'), true);
    expect(again).not.toBe(first);
    expect(plain(again)).toEqual(plain(first));
  });
});

/** The word with one letter changed, dropped, added or swapped with the next, by `i`. */
function mutate(w: string, i: number): string {
  const at = i % Math.max(1, w.length);
  switch (i % 4) {
    case 0:
      return w.slice(0, at) + (w[at] === 'ا' ? 'ل' : 'ا') + w.slice(at + 1);
    case 1:
      return w.length > 1 ? w.slice(0, at) + w.slice(at + 1) : `${w}ب`;
    case 2:
      return `${w.slice(0, at)}ي${w.slice(at)}`;
    default:
      return w.length > at + 1 ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : w;
  }
}
