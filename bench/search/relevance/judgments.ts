// The relevance set: the hand-written demo judgments plus judgments made from the catalogues' own
// names (typos, swapped letters, barcodes, partial words, and for the generated catalogue every kind).
// Expected products are found from the names themselves: the products of the family holding every
// word the query was made from, so a judgment is never a guess about what the search does.
import { searchWords } from '@dalil/contracts/search-analysis';
import { normalizeSearchText } from '@dalil/contracts/search-text';
import { productSearchText } from '../../../apps/server/src/modules/products/product-search-text';
import { BRANDS, TYPES, VARIANTS } from '../../lib/catalogue';
import { DEMO_JUDGMENTS } from './demo-judgments';
import type { Judgment, Kind } from './kinds';

export interface CatalogueRow {
  id: number;
  family: number;
  nameEn: string;
  nameAr: string;
  barcode: string | null;
}

interface Indexed extends CatalogueRow {
  words: Set<string>;
}

const index = (rows: CatalogueRow[]): Indexed[] =>
  rows.map((r) => ({ ...r, words: new Set(searchWords(productSearchText(r.nameAr, r.nameEn))) }));

const ARABIC_DIGITS = (digits: string) =>
  digits.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/**
 * A barcode as printed under its symbol, which people copy with the gaps: EAN-13 as 1-6-6 digits,
 * UPC-A as 1-5-5-1, EAN-8 as 4-4; null for other lengths.
 */
const PRINTED = (barcode: string): string | null => {
  const groups = { 13: [1, 6, 6], 12: [1, 5, 5, 1], 8: [4, 4] }[barcode.length];
  if (!groups) return null;
  let at = 0;
  return groups.map((n) => barcode.slice(at, (at += n))).join(' ');
};

/** Letters a hurried typist confuses, by script: a substitution takes the partner. */
const CONFUSED: Record<string, string> = {
  ص: 'س',
  س: 'ص',
  ض: 'د',
  د: 'ض',
  ط: 'ت',
  ت: 'ط',
  ظ: 'ز',
  ز: 'ظ',
  ذ: 'ز',
  ث: 'س',
  ق: 'ك',
  ك: 'ق',
  ح: 'ه',
  ه: 'ح',
  ع: 'ا',
  ا: 'ع',
  ي: 'ى',
  ل: 'ا',
  م: 'ن',
  ن: 'م',
  ر: 'ز',
  ب: 'ت',
  و: 'ر',
  ف: 'ق',
  ج: 'ح',
  ش: 'س',
  a: 's',
  b: 'v',
  c: 'x',
  d: 's',
  e: 'r',
  f: 'g',
  g: 'h',
  h: 'j',
  i: 'o',
  j: 'k',
  k: 'l',
  l: 'k',
  m: 'n',
  n: 'm',
  o: 'p',
  p: 'o',
  q: 'w',
  r: 't',
  s: 'a',
  t: 'y',
  u: 'i',
  v: 'b',
  w: 'e',
  x: 'z',
  y: 'u',
  z: 'x',
};

/**
 * One typo in the middle of a word: a confused letter, a dropped letter or a doubled one, by `n`. A
 * letter is only dropped from a word of five letters or more: the search allows no typo in a typed
 * word under four letters.
 */
function typo1(word: string, n: number): string {
  const letters = [...word];
  const at = Math.floor(letters.length / 2);
  if (n % 3 === 0 || (n % 3 === 1 && letters.length < 5))
    letters[at] = CONFUSED[letters[at]!] ?? letters[at]!;
  else if (n % 3 === 1) letters.splice(at, 1);
  else letters.splice(at, 0, letters[at]!);
  return letters.join('');
}

/** Two typos: a dropped letter in the first third, a confused one in the last third. */
function typo2(word: string): string {
  const letters = [...word];
  const late = Math.floor((letters.length * 2) / 3);
  letters[late] = CONFUSED[letters[late]!] ?? letters[late]!;
  letters.splice(Math.floor(letters.length / 3), 1);
  return letters.join('');
}

/** Two neighbouring letters in the middle swapped; null when they are the same letter. */
function swapped(word: string): string | null {
  const letters = [...word];
  const at = Math.floor(letters.length / 2) - 1;
  if (letters[at] === letters[at + 1]) return null;
  [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  return letters.join('');
}

class Builder {
  readonly out: Judgment[] = [];
  private readonly seen = new Set<string>();
  constructor(
    private readonly rows: Indexed[],
    private readonly catalogue: Judgment['catalogue'],
  ) {}

  /** The products of `family` holding every one of `words` (normalized). */
  holders(family: number, words: string[]): Indexed[] {
    const ws = words.flatMap((w) => searchWords(normalizeSearchText(w)));
    return this.rows.filter((r) => r.family === family && ws.every((w) => r.words.has(w)));
  }

  /**
   * A judgment whose expected products are those holding `source` (the words the query was made
   * from); skipped when more than `max` hold them or the query was asked already. The one holder is
   * first when it is alone; `first` names it otherwise.
   */
  add(
    kind: Kind,
    family: number,
    query: string,
    source: string[],
    options: { max?: number; first?: number } = {},
  ) {
    const key = `${family}|${normalizeSearchText(query)}|${kind}`;
    if (this.seen.has(key) || normalizeSearchText(query) === '') return;
    const expected = this.holders(family, source);
    if (expected.length === 0 || expected.length > (options.max ?? 5)) return;
    this.seen.add(key);
    const first = options.first ?? (expected.length === 1 ? expected[0]!.id : undefined);
    this.out.push({
      kind,
      family,
      query,
      expected: expected.map((r) => r.id),
      ...(first !== undefined ? { first } : {}),
      catalogue: this.catalogue,
    });
  }

  barcode(row: Indexed) {
    if (!row.barcode) return;
    const judgment = { family: row.family, expected: [row.id], first: row.id, catalogue: this.catalogue };
    this.out.push({ kind: 'barcode, Latin digits', query: row.barcode, ...judgment });
    const printed = PRINTED(row.barcode);
    if (printed) this.out.push({ kind: 'barcode, Latin digits', query: printed, ...judgment });
    this.out.push({ kind: 'barcode, Arabic-Indic digits', query: ARABIC_DIGITS(row.barcode), ...judgment });
  }
}

/** Words of a name a shopper would type to find it: four letters or more, not digits. */
const typedWords = (name: string) =>
  searchWords(normalizeSearchText(name)).filter((w) => [...w].length >= 4 && !/^[0-9]+$/.test(w));

function demoJudgments(rows: Indexed[], families: number[]): Judgment[] {
  const b = new Builder(rows, 'demo');
  const byName = new Map(rows.map((r) => [r.nameEn, r]));
  const hand: Judgment[] = DEMO_JUDGMENTS.map(([kind, family, query, expected, first]) => {
    const id = (name: string) => {
      const row = byName.get(name);
      if (!row) throw new Error(`demo judgment "${query}" names an unknown product: ${name}`);
      return row.id;
    };
    return {
      kind,
      family: families[family - 1]!,
      query,
      expected: expected.map(id),
      ...(first ? { first: id(first) } : {}),
      catalogue: 'demo',
    };
  });

  rows.forEach((row, i) => {
    const en = typedWords(row.nameEn);
    const ar = typedWords(row.nameAr);
    // The name's most distinctive word in each language: the longest.
    const longest = (ws: string[]) => [...ws].sort((a, c) => c.length - a.length || (a < c ? -1 : 1))[0];
    const wordEn = longest(en);
    const wordAr = longest(ar);
    if (wordEn && [...wordEn].length < 8)
      b.add('typo, 1 letter, English', row.family, typo1(wordEn, i), [wordEn]);
    if (wordAr && [...wordAr].length < 8)
      b.add('typo, 1 letter, Arabic', row.family, typo1(wordAr, i), [wordAr]);
    for (const w of [wordEn, wordAr])
      if (w && [...w].length >= 8) b.add('typo, 2 letters', row.family, typo2(w), [w]);
    const swap = i % 2 === 0 ? wordEn : wordAr;
    const s = swap ? swapped(swap) : null;
    if (swap && s) b.add('swapped letters', row.family, s, [swap]);
    if (i % 3 === 0) b.barcode(row);
    // The name typed so far: every word but the last, then the first half of the last.
    const words = searchWords(normalizeSearchText(i % 2 === 0 ? row.nameEn : row.nameAr));
    const last = words.at(-1);
    if (last && [...last].length >= 4) {
      const part = [...last].slice(0, Math.ceil([...last].length / 2)).join('');
      const query = [...words.slice(0, -1), part].join(' ');
      b.add('partial word as typed', row.family, query, words, { first: row.id, max: 1 });
    }
  });
  return [...hand, ...b.out];
}

/** What the generator put in the generated product number `seq` (bench/lib/catalogue.ts). */
const generatedParts = (seq: number) => ({
  type: TYPES[seq % TYPES.length]!,
  brand: BRANDS[(seq * 7919) % BRANDS.length]!,
  variant: VARIANTS[(seq * 31) % VARIANTS.length]!,
});

/** Plural or other word for each product type, Arabic and English, where a shopper has one. */
const TYPE_PLURALS: Record<string, [string | null, string | null]> = {
  Dates: ['تمور', 'date'],
  Juice: ['عصائر', 'juices'],
  'Olive Oil': ['زيوت', 'olive oils'],
  Cheese: ['أجبان', 'cheeses'],
  Biscuits: [null, 'biscuit'],
  Beans: [null, 'bean'],
  Chickpeas: [null, 'chickpea'],
  Spices: ['توابل', 'spice'],
  Yoghurt: [null, 'yogurt'],
  Nuts: [null, 'nut'],
  Lentils: [null, 'lentil'],
  Crackers: [null, 'cracker'],
  Raisins: [null, 'raisin'],
  Oats: [null, 'oat'],
  Peas: [null, 'pea'],
  Tea: [null, 'teas'],
  Cake: ['كعكة', 'cakes'],
  Chocolate: ['شكولاتة', 'chocolates'],
};

/** Arabic spellings a shopper types for the generator's words (hamza, ta marbuta dropped or kept). */
const SPELLINGS: Record<string, string> = {
  أرز: 'ارز',
  قهوة: 'قهوه',
  تونة: 'تونه',
  حلاوة: 'حلاوه',
  معكرونة: 'معكرونه',
  ذرة: 'ذره',
  زبدة: 'زبده',
  جبنة: 'جبنه',
  شوكولاتة: 'شوكولاته',
  طحينة: 'طحينه',
  قشطة: 'قشطه',
  بازلاء: 'بازلا',
  إكسترا: 'اكسترا',
  مايونيز: 'مايونيز',
};

const SUFFIXED: Record<string, string> = {
  مملح: 'مملحة',
  مدخن: 'مدخنة',
  محمص: 'محمصة',
  مجمد: 'مجمدة',
  طازج: 'طازجة',
  طبيعي: 'طبيعية',
  عضوي: 'عضوية',
  حار: 'حارة',
  فاخر: 'فاخرة',
  حلو: 'حلوة',
};

function generatedJudgments(rows: Indexed[], firstId: number): Judgment[] {
  const b = new Builder(rows, 'generated');
  const step = Math.max(1, Math.floor(rows.length / 160));
  for (let i = 0; i < rows.length; i += step) {
    const row = rows[i]!;
    const seq = row.id - firstId;
    const { type, brand, variant } = generatedParts(seq);
    if (row.nameEn !== `${type[0]} ${brand.en} ${variant[0]}`)
      throw new Error(`unexpected name ${row.nameEn}`);
    const f = row.family;
    const brandEn = brand.en.toLowerCase();
    const n = i / step;
    switch (n % 8) {
      case 0:
        b.add('typo, 1 letter, Arabic', f, typo1(brand.ar, n), [brand.ar]);
        b.add('word order', f, `${variant[0]} ${brand.en}`, [variant[0], brand.en]);
        b.barcode(row);
        break;
      case 1:
        b.add('typo, 1 letter, English', f, typo1(brandEn, n), [brandEn]);
        b.add('word order', f, `${brand.ar} ${type[1]}`, [brand.ar, type[1]]);
        break;
      case 2: {
        const s = swapped(brandEn);
        if (s) b.add('swapped letters', f, s, [brandEn]);
        const long = variant[1].startsWith('بال') ? variant[1] : null;
        if (long && [...long].length >= 8)
          b.add('typo, 2 letters', f, `${brand.ar} ${typo2(long)}`, [brand.ar, long]);
        else if (variant[0].length >= 8)
          b.add('typo, 2 letters', f, `${brandEn} ${typo2(variant[0].toLowerCase())}`, [brandEn, variant[0]]);
        break;
      }
      case 3: {
        const s = swapped(brand.ar);
        if (s) b.add('swapped letters', f, s, [brand.ar]);
        if (variant[1].startsWith('بال'))
          b.add('article and attached prefixes', f, `${brand.ar} ال${variant[1].slice(3)}`, [
            brand.ar,
            variant[1],
          ]);
        else b.add('article and attached prefixes', f, `ال${type[1]} ${brand.ar}`, [type[1], brand.ar]);
        break;
      }
      case 4: {
        const [ar, en] = TYPE_PLURALS[type[0]] ?? [null, null];
        if (ar) b.add('plurals through synonyms', f, `${ar} ${brand.ar}`, [type[1], brand.ar]);
        if (en) b.add('English plurals', f, `${en} ${brandEn}`, [type[0], brandEn]);
        b.barcode(row);
        break;
      }
      case 5: {
        const spelled = SPELLINGS[type[1].split(' ')[0]!];
        if (spelled) b.add('spelling variants', f, `${spelled} ${brand.ar}`, [type[1], brand.ar]);
        const suffixed = SUFFIXED[variant[1]];
        if (suffixed) b.add('suffixes', f, `${brand.ar} ${suffixed}`, [brand.ar, variant[1]]);
        break;
      }
      case 6: {
        b.add('partial word as typed', f, `${type[0]} ${brandEn.slice(0, 4)}`, [type[0], brandEn], {
          first: row.id,
          max: 1,
        });
        const [ar] = TYPE_PLURALS[type[0]] ?? [null];
        if (ar) b.add('plurals through synonyms', f, `${brand.ar} ${ar}`, [type[1], brand.ar]);
        break;
      }
      default: {
        const words = searchWords(normalizeSearchText(`${type[1]} ${brand.ar}`));
        const part = [...brand.ar].slice(0, 4).join('');
        b.add('partial word as typed', f, `${words.slice(0, -1).join(' ')} ${part}`, words, {
          first: row.id,
          max: 1,
        });
        const spelled = SPELLINGS[variant[1]];
        if (spelled) b.add('spelling variants', f, `${brand.ar} ${spelled}`, [brand.ar, variant[1]]);
      }
    }
  }
  return b.out;
}

export function buildJudgments(
  demo: { rows: CatalogueRow[]; families: number[] },
  generated: { rows: CatalogueRow[]; firstId: number },
): Judgment[] {
  return [
    ...demoJudgments(index(demo.rows), demo.families),
    ...generatedJudgments(index(generated.rows), generated.firstId),
  ];
}
