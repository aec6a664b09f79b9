import { unescapeCsvCell } from '@dalil/contracts/csv-cells';
import type { CsvColumn, ImportProblem } from '@dalil/contracts/imports';
import { toAsciiDigits } from '@dalil/contracts/search-text';
import { productSearchText } from '../products/product-search-text';
import type { Header } from './csv-header';

/** A valid row, ready for the staging table. */
export interface StagedRow {
  line: number;
  familyEn: string;
  familyAr: string;
  categoryEn: string | null;
  categoryAr: string | null;
  subCategoryEn: string | null;
  subCategoryAr: string | null;
  nameEn: string | null;
  nameAr: string | null;
  barcode: string | null;
  number: string | null;
  shelfLife: string | null;
  netWeight: string | null;
  drainedWeight: string | null;
  unitsPerCarton: number | null;
  cartonPerPalate: number | null;
  searchText: string | null;
}

/** Names that come from the route instead of the file (categories and products files). */
export interface FixedNames {
  familyEn?: string;
  familyAr?: string;
  categoryEn?: string;
  categoryAr?: string;
}

const REQUIRED = 'This field is required';
const MAX_NAME = 200;
const MAX_TEXT = 100;
const MAX_INT = 2_147_483_647;
const PRODUCT_COLUMNS: CsvColumn[] = [
  'productNameEn',
  'productNameAr',
  'productBarcode',
  'productExpDate',
  'productNetWeight',
  'productDrainedWeight',
  'productUnitsPerCarton',
  'productCartonPerPalate',
  'productNumber',
];

export const isBlankRecord = (cells: string[]) => cells.every((c) => c.trim() === '');

/** How the row's file is read: CSV cells undo the export's formula escaping, XLSX cells are as typed. */
export interface RowSource {
  unescape: boolean;
  /** Cells that could not be read, by cell index: reported on their column, never imported. */
  cellProblems?: Map<number, string> | undefined;
}

/**
 * Checks one data row (docs/architecture.md, "Import pipeline"): required names, digits-only barcode and code
 * (after folding Arabic-Indic digits), whole non-negative counts, bounded texts. Reports every problem of the
 * row through `report` and returns null when there was one.
 */
export function checkRow(
  line: number,
  cells: string[],
  header: Header,
  fixed: FixedNames,
  report: (problem: ImportProblem) => void,
  source: RowSource = { unescape: true },
): StagedRow | null {
  let ok = true;
  const problem = (column: CsvColumn | null, reason: string) => {
    ok = false;
    report({ line, column, reason });
  };
  // A cell that cannot be read is reported once, and counts as neither empty nor filled.
  const unreadable = new Set<CsvColumn>();
  const cell = (column: CsvColumn): string | null => {
    const i = header.index.get(column);
    if (i === undefined) return null;
    const bad = source.cellProblems?.get(i);
    if (bad !== undefined) {
      if (!unreadable.has(column)) problem(column, bad);
      unreadable.add(column);
      return null;
    }
    const raw = cells[i] ?? '';
    const value = (source.unescape ? unescapeCsvCell(raw) : raw).trim();
    return value === '' ? null : value;
  };
  const text = (column: CsvColumn, max: number, required: boolean): string | null => {
    const value = cell(column);
    if (value === null && required && !unreadable.has(column)) problem(column, REQUIRED);
    if (value !== null && value.length > max) problem(column, `must be at most ${max} characters`);
    return value;
  };
  const digits = (column: CsvColumn): string | null => {
    const value = cell(column);
    if (value === null) return null;
    const folded = toAsciiDigits(value).replace(/\s+/g, '');
    if (/^[0-9]+$/.test(folded)) {
      if (folded.length <= 32) return folded;
      problem(column, 'must be at most 32 digits');
    } else if (/^[0-9.]+e\+?[0-9]+$/i.test(folded)) {
      problem(
        column,
        'must contain digits only (the spreadsheet wrote it as a rounded number: format the column as text)',
      );
    } else problem(column, 'must contain digits only');
    return null;
  };
  const count = (column: CsvColumn): number | null => {
    const value = cell(column);
    if (value === null) return null;
    const folded = toAsciiDigits(value);
    const n = /^[0-9]+(\.0*)?$/.test(folded) ? Number(folded) : NaN;
    if (Number.isInteger(n) && n <= MAX_INT) return n;
    problem(column, 'must be a whole number of 0 or more');
    return null;
  };

  const familyEn = fixed.familyEn ?? text('familyNameEn', MAX_NAME, true);
  const familyAr = fixed.familyAr ?? text('familyNameAr', MAX_NAME, true);
  // A row may stop at its category (in "all" and "categories" files), or at its family (in "all"
  // files): exports write such rows for categories without products and families without categories.
  const hasProduct = fixed.categoryEn !== undefined || PRODUCT_COLUMNS.some((c) => cell(c) !== null);
  const hasSubCategory = cell('subCategoryNameEn') !== null || cell('subCategoryNameAr') !== null;
  const hasCategory =
    hasProduct ||
    hasSubCategory ||
    fixed.familyEn !== undefined ||
    cell('categoryNameEn') !== null ||
    cell('categoryNameAr') !== null;
  const categoryEn = fixed.categoryEn ?? text('categoryNameEn', MAX_NAME, hasCategory);
  const categoryAr = fixed.categoryAr ?? text('categoryNameAr', MAX_NAME, hasCategory);
  // Optional: a sub-category of the row's category, named in both languages when named at all.
  const subCategoryEn = text('subCategoryNameEn', MAX_NAME, hasSubCategory);
  const subCategoryAr = text('subCategoryNameAr', MAX_NAME, hasSubCategory);
  if (subCategoryEn && categoryEn && subCategoryEn.toLowerCase() === categoryEn.toLowerCase()) {
    problem('subCategoryNameEn', 'must differ from the category (a category cannot be its own sub-category)');
  }
  const names = {
    familyEn: familyEn!,
    familyAr: familyAr!,
    categoryEn,
    categoryAr,
    subCategoryEn,
    subCategoryAr,
  };
  if (!hasProduct) return ok ? { line, ...names, ...NO_PRODUCT } : null;
  // Checked in the file's column order, so a row's problems are listed left to right.
  const nameEn = text('productNameEn', MAX_NAME, true);
  const nameAr = text('productNameAr', MAX_NAME, true);
  const barcode = digits('productBarcode');
  const shelfLife = text('productExpDate', MAX_TEXT, false);
  const netWeight = text('productNetWeight', MAX_TEXT, false);
  const drainedWeight = text('productDrainedWeight', MAX_TEXT, false);
  const unitsPerCarton = count('productUnitsPerCarton');
  const cartonPerPalate = count('productCartonPerPalate');
  const number = digits('productNumber');
  const row: StagedRow = {
    line,
    ...names,
    nameEn,
    nameAr,
    barcode,
    number,
    shelfLife,
    netWeight,
    drainedWeight,
    unitsPerCarton,
    cartonPerPalate,
    searchText: nameEn && nameAr ? productSearchText(nameAr, nameEn) : null,
  };
  return ok ? row : null;
}

const NO_PRODUCT = {
  nameEn: null,
  nameAr: null,
  barcode: null,
  number: null,
  shelfLife: null,
  netWeight: null,
  drainedWeight: null,
  unitsPerCarton: null,
  cartonPerPalate: null,
  searchText: null,
} as const;
