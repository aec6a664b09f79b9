import type { SheetColumn } from '../../lib/xlsx-writer';

/**
 * Counts and the price are numbers in an exported sheet; every other column is text (codes keep
 * leading zeros, publish dates stay the ISO text the import reads).
 */
export const NUMBER_COLUMNS = new Set([
  'productUnitsPerCarton',
  'productCartonPerPallet',
  'productCartonPerPalate',
  'productCost',
]);
const WIDE_COLUMNS = new Set([
  'productNameEn',
  'productNameAr',
  'productDescriptionEn',
  'productDescriptionAr',
  'reason',
]);

/** Sheet columns for header names: widths to read them by, and which ones hold text. */
export const sheetColumns = (
  names: readonly string[],
  /** `numbers`: more number columns (an export's number attributes). */
  options: { allText: boolean; numbers?: Set<string> },
): SheetColumn[] =>
  names.map((name) => ({
    width: WIDE_COLUMNS.has(name) ? 32 : name.trim() === '' ? 4 : 20,
    text: options.allText || !(NUMBER_COLUMNS.has(name) || options.numbers?.has(name)),
  }));
