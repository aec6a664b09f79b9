import type { TFunction } from './i18n';
import type countsAdminEn from './locales/counts-admin.en.json';
import type countsEn from './locales/counts.en.json';
import type { PluralBase } from './translate';

/**
 * The nouns a count can be given with: the visitor's (lib/locales/counts.*.json) and the admin
 * area's, which load with its texts (counts-admin.*.json).
 */
export type CountedNoun = PluralBase<keyof typeof countsEn | keyof typeof countsAdminEn>;

const formats = new Map<string, Intl.NumberFormat>();

/** A number as the language formats it (grouping; the digits CLDR gives the language). */
function formatNumber(language: string, value: number): string {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.NumberFormat(language)));
  return format.format(value);
}

/**
 * A count with its noun in the form the number takes: Arabic has six (لا منتجات، منتج واحد، منتجان،
 * 4 منتجات، 11 منتجًا، 100 منتج), chosen by Intl.PluralRules in the translator; English two. Every
 * text where a count meets a noun goes through here instead of "{{count}} items" in one form.
 */
export function countOf(t: TFunction, language: string, noun: CountedNoun, count: number): string {
  return t(`counts.${noun}`, { count, n: formatNumber(language, count) });
}

const NOUNS = new Set<string>([
  'families',
  'categories',
  'subCategories',
  'products',
  'images',
  'rows',
  'pages',
  'fields',
] satisfies CountedNoun[]);

/** Each count of a record (`{ categories: 4, products: 2 }`) as its words, for a text's placeholders. */
export function countsOf(
  t: TFunction,
  language: string,
  counts: Record<string, number>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(counts)
      .filter(([noun]) => NOUNS.has(noun))
      .map(([noun, count]) => [noun, countOf(t, language, noun as CountedNoun, count)]),
  );
}
