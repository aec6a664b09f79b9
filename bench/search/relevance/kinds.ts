/** The kinds of query the relevance set measures, in the order the table prints them. */
export const KINDS = [
  'spelling variants',
  'article and attached prefixes',
  'suffixes',
  'plurals through synonyms',
  'English plurals',
  'typo, 1 letter, Arabic',
  'typo, 1 letter, English',
  'typo, 2 letters',
  'swapped letters',
  'word order',
  'barcode, Latin digits',
  'barcode, Arabic-Indic digits',
  'partial word as typed',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Judgment {
  kind: Kind;
  family: number;
  query: string;
  /** Product ids that must be in the top 10. */
  expected: number[];
  /** The product id that must come first, where one must. */
  first?: number;
  /** Where the judgment comes from: the demo catalogue or the generated one. */
  catalogue: 'demo' | 'generated';
}
