/**
 * The columns of catalogue files (CSV and Excel): their names in export order, which an import of
 * each kind takes and requires, and the upload formats. `imports.ts` re-exports them with the
 * import's requests and reports.
 */

/** The CSV columns, in the order exports write them. */
export const CSV_COLUMNS = [
  'familyNameEn',
  'familyNameAr',
  'categoryNameEn',
  'categoryNameAr',
  'subCategoryNameEn',
  'subCategoryNameAr',
  'productNameEn',
  'productNameAr',
  'productBarcode',
  /** The shelf life ("7 days"); files may still name it productExpDate (OLD_COLUMN_NAMES). */
  'productShelfLife',
  'productNetWeight',
  'productDrainedWeight',
  'productUnitsPerCarton',
  /** Cartons per pallet; files may still name it productCartonPerPalate (OLD_COLUMN_NAMES). */
  'productCartonPerPallet',
  'productNumber',
  /** draft or published; left empty, a new product is published and a stored one keeps its status. */
  'productStatus',
  /** The price: a number of 0 or more (Arabic digits too), up to two decimals kept. */
  'productCost',
  'productDescriptionEn',
  'productDescriptionAr',
  /** When a draft counts as published: ISO date and time (2027-01-31T09:00:00Z); empty = no date. */
  'productPublishAt',
  /**
   * The product's image and icon: the stored name an export writes (abc….webp), or an https address
   * the import downloads and stores like an uploaded image. Empty = none.
   */
  'productImage',
  'productIcon',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * Former names of columns, still read by imports: files exported before the rename keep importing.
 * Exports and templates write the new names; a file with both names of one column is refused.
 */
export const OLD_COLUMN_NAMES: Readonly<Record<string, CsvColumn>> = {
  productExpDate: 'productShelfLife',
  productCartonPerPalate: 'productCartonPerPallet',
};

export const IMPORT_KINDS = ['all', 'categories', 'products'] as const;

/** Upload formats, recognised by the file's content: a CSV text, or an Excel workbook. */
export const UPLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * The categories file omits the family columns; the products file omits family and category (its
 * rows may still name a sub-category of the route's category). The sub-category columns are optional
 * everywhere: files without them import as before.
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly CsvColumn[]> = {
  all: CSV_COLUMNS,
  categories: CSV_COLUMNS.slice(2),
  products: CSV_COLUMNS.slice(4),
};

/**
 * Columns a file must have (a 400 names the missing ones). In "all" and "categories" files the product
 * columns may be left out, or left empty on a row: that row then only creates or updates its category.
 */
export const REQUIRED_COLUMNS: Record<ImportKind, readonly CsvColumn[]> = {
  all: ['familyNameEn', 'familyNameAr', 'categoryNameEn', 'categoryNameAr'],
  categories: ['categoryNameEn', 'categoryNameAr'],
  products: ['productNameEn', 'productNameAr'],
};

/**
 * What the columns hold, for the API description of uploads and exports. An export writes every
 * column, so an untouched export imports back changing nothing.
 */
export const importColumnsDescription = (kind: ImportKind): string =>
  [
    `Columns, matched by name in any order and case: ${IMPORT_COLUMNS[kind].join(', ')};`,
    `required: ${REQUIRED_COLUMNS[kind].join(', ')}.`,
    `Former names still read: ${Object.entries(OLD_COLUMN_NAMES)
      .map(([old, column]) => `${old} (= ${column})`)
      .join(', ')}; a file with both names of one column is refused.`,
    'A column the file lacks leaves its field unchanged; a column present but empty clears it',
    '(productStatus: an empty cell keeps the stored status, a new product is published).',
    'productCost: a number of 0 or more (Arabic digits accepted).',
    'productPublishAt: ISO date and time with its offset (2027-01-31T09:00:00Z), or a sheet date',
    '(2027-01-31 09:00, read as UTC).',
    'productImage and productIcon: the name of a stored image, as exports write it, or an https',
    'address that the import downloads (within the image upload limit, an image by its content)',
    'and stores like an uploaded image.',
    'Attribute columns: attr.<key> per attribute of the family, attr.<key>.ar and attr.<key>.en for texts;',
    'numbers plain, booleans yes/no, a choice its option key, choices keys separated by |, dates YYYY-MM-DD;',
    'an unknown key is a 400 naming the column (in an "all" file, a problem of each line that fills it).',
    'A problem names the line (or sheet row) and the column.',
  ].join(' ');
