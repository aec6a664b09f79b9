// bench/search/expansion.ts: the cost of turning query words into the vocabulary words they accept,
// in JavaScript only (no database), over one family of the generated catalogue.
//   npx tsx bench/search/expansion.ts [--products 100000] [--queries 2000]
// Prints the time to build a family's vocabulary and, per kind of query word, the time per word
// through the indexes (`match`, the LRU left out) and by comparing with every word (`matchByScan`).
// A benchmark, never a test; results are in docs/performance.md.
import { parseArgs } from 'node:util';
import { searchWords, stemWord } from '@dalil/contracts/search-analysis';
import { productSearchText } from '../../apps/server/src/modules/products/product-search-text';
import { FamilyVocabulary } from '../../apps/server/src/modules/search/vocabulary';
import { markdownTable } from '../lib/table';
import { BRANDS, CATEGORIES_PER_FAMILY, FAMILIES, TYPES, VARIANTS } from '../lib/catalogue';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '2000' },
  },
});
const TOTAL = Number(values.products);
const QUERIES = Number(values.queries);

/** The words of the first family with their product counts, named as catalogue.ts names them. */
function firstFamilyWords(): { word: string; products: number }[] {
  const perFamily = Math.ceil(TOTAL / (FAMILIES * CATEGORIES_PER_FAMILY)) * CATEGORIES_PER_FAMILY;
  const counts = new Map<string, number>();
  for (let seq = 0; seq < Math.min(perFamily, TOTAL); seq++) {
    const type = TYPES[seq % TYPES.length]!;
    const brand = BRANDS[(seq * 7919) % BRANDS.length]!;
    const variant = VARIANTS[(seq * 31) % VARIANTS.length]!;
    const text = productSearchText(
      `${type[1]} ${brand.ar} ${variant[1]}`,
      `${type[0]} ${brand.en} ${variant[0]}`,
    );
    for (const word of new Set(searchWords(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].map(([word, products]) => ({ word, products }));
}

const rows = firstFamilyWords();
const builds: number[] = [];
let vocabulary: FamilyVocabulary | undefined;
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  vocabulary = new FamilyVocabulary(rows);
  builds.push(performance.now() - started);
}
const v = vocabulary!;

const dropMiddle = (w: string) => w.slice(0, w.length >> 1) + w.slice((w.length >> 1) + 1);
const swap = (w: string) => w.slice(0, 1) + w[2] + w[1] + w.slice(3);
const kinds: Record<string, (i: number) => string> = {
  'Arabic brand word': (i) => BRANDS[i % BRANDS.length]!.ar,
  'Arabic brand, letter missing': (i) => dropMiddle(BRANDS[i % BRANDS.length]!.ar),
  'Arabic brand with article': (i) => `ال${BRANDS[i % BRANDS.length]!.ar}`,
  'English brand word': (i) => BRANDS[i % BRANDS.length]!.en.toLowerCase(),
  'English brand, letters swapped': (i) => swap(BRANDS[i % BRANDS.length]!.en.toLowerCase()),
  'long Arabic word, typo': (i) => `${VARIANTS[i % VARIANTS.length]![1].split(' ')[0]!.slice(0, -1)}ي`,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const table: (string | number)[][] = [];
for (const [kind, make] of Object.entries(kinds)) {
  const words = [...new Set(Array.from({ length: QUERIES }, (_, i) => make(i * 37)))];
  const analyzed = words.map((word) => ({ word, stem: stemWord(word), digits: false }));
  const time = (f: (q: (typeof analyzed)[number]) => unknown) => {
    const started = performance.now();
    for (const q of analyzed) f(q);
    return ((performance.now() - started) * 1000) / analyzed.length;
  };
  // `match` remembers recent words; a fresh vocabulary per round keeps every word a first sight.
  const indexed = () => {
    const fresh = new FamilyVocabulary(rows);
    return time((q) => fresh.match(q, true));
  };
  const scanned = time((q) => v.matchByScan(q, true));
  indexed();
  const through = indexed();
  const accepted = analyzed.reduce((n, q) => n + [...v.match(q, true).values()].flat().length, 0);
  table.push([kind, (accepted / analyzed.length).toFixed(1), scanned.toFixed(0), through.toFixed(0)]);
}

process.stdout.write(
  `One family of ${TOTAL} products: ${v.size} words; building its vocabulary takes ` +
    `${median(builds).toFixed(1)} ms (median of ${builds.length}).\n\n`,
);
process.stdout.write(
  `${markdownTable(['query word', 'accepted words', 'scan µs/word', 'indexed µs/word'], table)}\n`,
);
