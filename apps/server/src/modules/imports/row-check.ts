import { unescapeCsvCell } from '@dalil/contracts/csv-cells';
import { errorMessage } from '@dalil/contracts/error-codes';
import { CSV_COLUMNS, type CsvColumn, type ImportProblem } from '@dalil/contracts/imports';
import { CategoryBodySchema } from '@dalil/contracts/categories';
import { FamilyBodySchema } from '@dalil/contracts/families';
import { ProductBodySchema } from '@dalil/contracts/products';
import { toAsciiDigits } from '@dalil/contracts/search-text';
import { z } from 'zod';
import { publicationBodyFields, PublicationStatusSchema } from '@dalil/contracts/publication';
import { productSearchText } from '../products/products.service';
import { MEDIA_NAME } from '../../lib/media-store';
import type { Header } from './csv-header';
import { readAttributeCells, type AttributeScope } from './attribute-cells';
import type { ProductAttributes } from '@dalil/contracts/attributes';

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
  status: 'draft' | 'published' | null;
  /** Decimal text ("12.5"): the staging column is numeric, like the product's. */
  cost: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  /** ISO date and time with its offset, read by the database as given. */
  publishAt: string | null;
  /** A stored image name, or an address until the import has fetched it (image-cells.ts). */
  image: string | null;
  logo: string | null;
  /** The file's attribute values by key, null clearing one; null when the file has no attribute columns. */
  attributes: ProductAttributes | null;
}

/** Names that come from the route instead of the file (categories and products files). */
export interface FixedNames {
  familyEn?: string;
  familyAr?: string;
  categoryEn?: string;
  categoryAr?: string;
  /** The attributes the file's attribute columns may name (all families' for an "all" file). */
  attributes?: AttributeScope;
}

const REQUIRED = 'This field is required';
// The forms' own field rules: a value the API refuses is refused in a file too, in the same words.
const FAMILY = FamilyBodySchema.shape;
const CATEGORY = CategoryBodySchema.shape;
const PRODUCT = ProductBodySchema.shape;
/** draft or published, in any case ("Draft"), as a person types it. */
const STATUS = z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), PublicationStatusSchema);
/**
 * A publish date: ISO with its offset as the form takes it, or a date (and time) as a spreadsheet
 * shows a date cell ("2027-01-31", "2027-01-31 09:00"), read as UTC.
 */
const SHEET_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(:\d{2})?)?$/;
const PUBLISH_AT = z.string().transform((v, ctx) => {
  const m = SHEET_DATE.exec(v);
  const iso = m ? `${m[1]}T${m[2] ?? '00:00'}${m[3] ?? ':00'}Z` : v;
  const parsed = publicationBodyFields.publishAt.safeParse(iso);
  // Year 0 passes the ISO check but not the database's: refused here, not as a failed insert.
  if (parsed.success && !iso.startsWith('0000')) return iso;
  const message = parsed.error?.issues[0]?.message ?? 'must be a date and time such as 2027-01-31T00:00:00Z';
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});
/** An image cell: a stored image's name, or an address to fetch it from. */
export const IMAGE_ADDRESS = /^https?:\/\//i;
const IMAGE_CELL = z
  .string()
  .refine(
    (v) => MEDIA_NAME.test(v) || (IMAGE_ADDRESS.test(v) && URL.canParse(v)),
    errorMessage('import.imageOrAddress', {}),
  );
/** A cell a spreadsheet wrote as a rounded number ("6.28100E+12"): the digits it had are lost. */
const ROUNDED = /^[0-9.]+e\+?[0-9]+$/i;
const DIGITS_ONLY = 'must contain digits only';
const ROUNDED_HINT = '(the spreadsheet wrote it as a rounded number: format the column as text)';
/** The product's own columns: the contract's product columns, in their export order. */
const PRODUCT_COLUMNS: readonly CsvColumn[] = CSV_COLUMNS.filter((column) => column.startsWith('product'));

export const isBlankRecord = (cells: string[]) => cells.every((c) => c.trim() === '');

/** How the row's file is read: CSV cells undo the export's formula escaping, XLSX cells are as typed. */
export interface RowSource {
  unescape: boolean;
  /** Cells that could not be read, by cell index: reported on their column, never imported. */
  cellProblems?: Map<number, string> | undefined;
}

/**
 * Checks one data row (docs/architecture.md, "Import pipeline"): each cell against the field schema of
 * the contract's forms (names, digits-only barcode and code, whole non-negative counts, bounded texts),
 * so a file and the API accept the same values; which names are required depends on how far the row
 * goes. Reports every problem of the row through `report`, naming its line and column, and returns null
 * when there was one.
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
  const problem = (column: string | null, reason: string) => {
    ok = false;
    // A renamed column's problem names it as the file does (its former name, when it uses that).
    const named = column === null ? null : (header.fileNames.get(column as CsvColumn) ?? column);
    report({ line, column: named, reason });
  };
  // A cell that cannot be read is reported once, and counts as neither empty nor filled.
  const unreadable = new Set<string>();
  const cell = (column: CsvColumn): string | null => cellAt(header.index.get(column), column);
  const cellAt = (i: number | undefined, column: string): string | null => {
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
  /** The cell through the contract's schema of its field; its problems are reported on the column. */
  const field = <T>(column: CsvColumn, schema: z.ZodType<T, unknown>): T | null => {
    const value = cell(column);
    if (value === null) return null;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const rounded = issue.message === DIGITS_ONLY && ROUNDED.test(toAsciiDigits(value));
      problem(column, rounded ? `${DIGITS_ONLY} ${ROUNDED_HINT}` : issue.message);
    }
    return null;
  };
  /** A name, required when the row reaches its level (an empty cell says so, whatever the schema). */
  const name = (column: CsvColumn, schema: z.ZodType<string, unknown>, required: boolean) => {
    if (required && cell(column) === null && !unreadable.has(column)) problem(column, REQUIRED);
    return field(column, schema);
  };

  const familyEn = fixed.familyEn ?? name('familyNameEn', FAMILY.nameEn, true);
  const familyAr = fixed.familyAr ?? name('familyNameAr', FAMILY.nameAr, true);
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
  const categoryEn = fixed.categoryEn ?? name('categoryNameEn', CATEGORY.nameEn, hasCategory);
  const categoryAr = fixed.categoryAr ?? name('categoryNameAr', CATEGORY.nameAr, hasCategory);
  // Optional: a sub-category of the row's category, named in both languages when named at all.
  const subCategoryEn = name('subCategoryNameEn', CATEGORY.nameEn, hasSubCategory);
  const subCategoryAr = name('subCategoryNameAr', CATEGORY.nameAr, hasSubCategory);
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
  const nameEn = name('productNameEn', PRODUCT.nameEn, true);
  const nameAr = name('productNameAr', PRODUCT.nameAr, true);
  const barcode = field('productBarcode', PRODUCT.barcode);
  const shelfLife = field('productShelfLife', PRODUCT.shelfLife);
  const netWeight = field('productNetWeight', PRODUCT.netWeight);
  const drainedWeight = field('productDrainedWeight', PRODUCT.drainedWeight);
  const unitsPerCarton = field('productUnitsPerCarton', PRODUCT.unitsPerCarton);
  const cartonPerPalate = field('productCartonPerPallet', PRODUCT.cartonPerPalate);
  const number = field('productNumber', PRODUCT.number);
  const status = field('productStatus', STATUS);
  const cost = field('productCost', PRODUCT.cost);
  const descriptionEn = field('productDescriptionEn', PRODUCT.descriptionEn);
  const descriptionAr = field('productDescriptionAr', PRODUCT.descriptionAr);
  const publishAt = field('productPublishAt', PUBLISH_AT);
  const image = field('productImage', IMAGE_CELL);
  const logo = field('productIcon', IMAGE_CELL);
  const attributes = readAttributeCells({
    plans: header.attributePlans,
    cell: (column) => cellAt(header.attributeIndex.get(column), column),
    family: fixed.attributes?.get((familyEn ?? '').toLowerCase()),
    categoryEn,
    subCategoryEn,
    problem,
  });
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
    status,
    cost: cost === null ? null : String(cost),
    descriptionEn,
    descriptionAr,
    publishAt,
    image,
    logo,
    attributes,
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
  status: null,
  cost: null,
  descriptionEn: null,
  descriptionAr: null,
  publishAt: null,
  image: null,
  logo: null,
  attributes: null,
} as const;
