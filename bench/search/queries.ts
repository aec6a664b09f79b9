import { BRANDS, TYPES, type Generated } from '../lib/catalogue';
import { seededRandom } from '../lib/random';

function shuffle<T>(items: T[], rnd: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function searchPath(
  family: number,
  search: string,
  options: { category?: number; skip?: number; extra?: Record<string, string> } = {},
) {
  const params = new URLSearchParams({
    family: String(family),
    limit: '25',
    skip: String(options.skip ?? 0),
  });
  if (options.category !== undefined) params.set('category', String(options.category));
  if (search) params.set('search', search);
  for (const [name, value] of Object.entries(options.extra ?? {})) params.set(name, value);
  return `/api/search?${params.toString()}`;
}

/** Drops the middle letter: a one-letter typo. */
const typo = (word: string) => {
  const letters = [...word];
  letters.splice(Math.floor(letters.length / 2), 1);
  return letters.join('');
};

/**
 * Word queries: 70% a brand word that occurs in the family, 15% the same with a letter missing,
 * 15% a product type (hundreds of matches) on one of its first four pages. Every path is distinct.
 */
function wordQueries(g: Generated, lang: 0 | 1, rnd: () => number): string[] {
  const pick = (b: number) => (lang === 0 ? BRANDS[b]!.en.toLowerCase() : BRANDS[b]!.ar);
  const brands: string[] = [];
  const typos: string[] = [];
  for (const f of g.families) {
    for (const b of g.brandsByFamily.get(f)!) {
      brands.push(searchPath(f, pick(b)));
      typos.push(searchPath(f, typo(pick(b))));
    }
  }
  const types: string[] = [];
  for (const f of g.families) {
    for (const t of TYPES)
      for (let page = 0; page < 4; page++) types.push(searchPath(f, t[lang], { skip: page * 25 }));
  }
  const pools = [shuffle(brands, rnd), shuffle(typos, rnd), shuffle(types, rnd)];
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; pools.some((p) => p.length > 0); i++) {
    const slot = i % 20;
    const pool = slot < 14 ? pools[0]! : slot < 17 ? pools[1]! : pools[2]!;
    const path = pool.pop() ?? pools.find((p) => p.length > 0)?.pop();
    if (path && !seen.has(path)) {
      seen.add(path);
      out.push(path);
    }
  }
  return out;
}

export interface QuerySets {
  arabic: string[];
  english: string[];
  barcode: string[];
  category: string[];
  /** A few product types in one family: what many visitors type, served from the cache. */
  popular: string[];
}

export function buildQueries(g: Generated): QuerySets {
  const rnd = seededRandom(20_240_605);
  const barcode = shuffle(
    g.families.flatMap((f) => g.barcodesByFamily.get(f)!.map((b) => searchPath(f, b))),
    rnd,
  );
  const category = shuffle(
    g.families.flatMap((f) =>
      g.categories
        .get(f)!
        .flatMap((c) =>
          Array.from({ length: 40 }, (_, p) => searchPath(f, '', { category: c, skip: p * 25 })),
        ),
    ),
    rnd,
  );
  return {
    arabic: wordQueries(g, 1, rnd),
    english: wordQueries(g, 0, rnd),
    barcode,
    category,
    popular: TYPES.slice(0, 20).map((t) => searchPath(g.families[0]!, t[0].toLowerCase())),
  };
}

/**
 * Empty searches filtered by one option of a choice attribute, counting the categories and that
 * attribute's options: each option of it, in the whole family or in one category, on its first four
 * pages. Every path is distinct.
 */
export function attributeQueries(g: Generated, key: string, options: string[]): string[] {
  const rnd = seededRandom(20_261_126);
  const paths = g.families.flatMap((f) =>
    [undefined, ...g.categories.get(f)!].flatMap((category) =>
      options.flatMap((option) =>
        Array.from({ length: 4 }, (_, p) =>
          searchPath(f, '', {
            category,
            skip: p * 25,
            extra: { [`attr.${key}`]: option, facets: `category,attr.${key}` },
          }),
        ),
      ),
    ),
  );
  return shuffle(paths, rnd);
}

/** Hands out each path once, so no query is asked twice across runs (no cache can have seen it). */
export class Cursor {
  private at = 0;
  constructor(private readonly paths: string[]) {}
  take(n: number): string[] {
    if (this.at + n > this.paths.length)
      throw new Error(`only ${this.paths.length - this.at} distinct queries left`);
    const out = this.paths.slice(this.at, this.at + n);
    this.at += n;
    return out;
  }
  get left(): number {
    return this.paths.length - this.at;
  }
}
