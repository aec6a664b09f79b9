import {
  errorMessage,
  readError,
  type AnyErrorParams,
  type ErrorCode,
  type ErrorParams,
} from './error-codes';
import { z } from 'zod';
import { ErrorBodySchema } from './common';
import { csvText } from './csv-cells';
import { OptionalRefSchema } from './refs';
import { CSV_COLUMNS, IMPORT_COLUMNS, IMPORT_KINDS, UPLOAD_FORMATS, type ImportKind } from './import-columns';

export {
  CSV_COLUMNS,
  IMPORT_COLUMNS,
  importColumnsDescription,
  OLD_COLUMN_NAMES,
  REQUIRED_COLUMNS,
  XLSX_MEDIA_TYPE,
  type CsvColumn,
  type ImportKind,
  type UploadFormat,
} from './import-columns';

/** Problems listed in a report; all of them are counted. */
export const MAX_LISTED_PROBLEMS = 1000;

export const ImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * One invalid cell or row. `line` is the CSV's physical line (header = 1), or the spreadsheet's row
 * number in an XLSX file; `column` null = whole row.
 */
const ImportProblemSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  reason: z.string(),
  /** The reason's code and params in the error catalogue (error-codes.ts), for a client's own words. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
/** A problem as the checks find it; the report adds its code and params (`codedProblem`). */
export type ImportProblem = Omit<z.infer<typeof ImportProblemSchema>, 'code' | 'params'>;
export type ReportedImportProblem = z.infer<typeof ImportProblemSchema>;

/** A problem with its reason's code and params, read back from the catalogue's templates. */
export const codedProblem = (p: ImportProblem): ReportedImportProblem => ({ ...p, ...readError(p.reason) });

/** An item of a saved report with its code and params, read back from its sentence when it has none. */
function coded<T extends { code?: string; params?: AnyErrorParams }>(item: T, sentence: string) {
  return typeof item.code === 'string' && item.params
    ? { ...item, code: item.code, params: item.params }
    : { ...item, ...readError(sentence) };
}

/**
 * A report as it was saved: one saved before its problems and warnings carried codes gets them here,
 * from each sentence, so every report served has the same shape.
 */
export function storedReport<
  R extends {
    problems: (ImportProblem & Partial<ReportedImportProblem>)[];
    warnings: (Omit<ImportWarning, 'code' | 'params'> & Partial<ImportWarning>)[];
  },
>(
  report: R,
): Omit<R, 'problems' | 'warnings'> & { problems: ReportedImportProblem[]; warnings: ImportWarning[] } {
  return {
    ...report,
    problems: report.problems.map((p) => coded(p, p.reason)),
    warnings: report.warnings.map((w) => coded(w, w.message)),
  };
}

const ImportWarningSchema = z.object({
  /**
   * familyName: a company's Arabic name differs from the catalogue's, or within the file.
   * invalidGtin: a barcode that is not a valid GTIN, in a family that does not require them.
   */
  kind: z.enum(['unknownColumn', 'duplicateRow', 'familyName', 'invalidGtin']),
  message: z.string(),
  /** The message's code and params in the error catalogue (error-codes.ts), for a client's own words. */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  column: z.string().nullable(),
  lines: z.array(z.number().int()),
});
export type ImportWarning = z.infer<typeof ImportWarningSchema>;

/** A warning written from its code and params: its English message is the code's template. */
export function codedWarning<C extends ErrorCode>(
  warning: Pick<ImportWarning, 'kind' | 'column' | 'lines'>,
  code: C,
  params: ErrorParams<C>,
): ImportWarning {
  return { ...warning, message: errorMessage(code, params), code, params };
}

const LevelCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type LevelCounts = z.infer<typeof LevelCountsSchema>;

/**
 * The preview (`?dryRun=true`) and the import answer with this report.
 * Levels a file does not cover (families in a categories file...) count zero.
 */
export const ImportReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The upload's format, as its content showed it: line numbers are spreadsheet rows for xlsx. */
  format: z.enum(UPLOAD_FORMATS),
  dryRun: z.boolean(),
  imported: z.boolean(),
  /** Data rows read (blank lines not counted). */
  rows: z.number().int(),
  families: LevelCountsSchema,
  categories: LevelCountsSchema,
  products: LevelCountsSchema,
  /**
   * Products whose attribute values the file changes (`attr.<key>` columns): updated ones whose values
   * differ, and new ones given any. Absent in reports kept from before attribute columns.
   */
  attributeChanges: z.number().int().optional(),
  problemCount: z.number().int(),
  /** The first MAX_LISTED_PROBLEMS problems, in file order. */
  problems: z.array(ImportProblemSchema),
  warningCount: z.number().int(),
  warnings: z.array(ImportWarningSchema),
  /** The import's id when it wrote something: GET /api/import lists it, .../undo takes it back. */
  importId: z.number().int().optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** 422 when a real import finds problems: nothing was written; the report says why. */
export const ImportErrorBodySchema = ErrorBodySchema.extend({ report: ImportReportSchema });
export type ImportErrorBody = z.infer<typeof ImportErrorBodySchema>;

export const ExportFamilyParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The invalid-rows download: problem reasons in the admin's language. */
export const InvalidRowsQuerySchema = z.object({
  lang: z.enum(['ar', 'en'], { error: 'must be ar or en' }).default('en'),
});

export const TemplateParamsSchema = z.object({ kind: z.enum(IMPORT_KINDS) });
export const TemplateQuerySchema = z.object({
  example: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * A family: the template gets its attribute columns after the fixed ones (`attr.<key>`, and
   * `attr.<key>.ar` and `attr.<key>.en` for texts), in the family's attribute order.
   */
  family: OptionalRefSchema,
});

const EXAMPLE_ROWS: string[][] = [
  [
    'Al Safi',
    'الصافي',
    'Dairy',
    'ألبان',
    'Milk',
    'حليب',
    'Fresh Milk 1L',
    'حليب طازج ١ لتر',
    '6281000000011',
    '7 days',
    '1 (L)',
    '',
    '12',
    '80',
    '1001',
    '',
    '4.75',
    'Pasteurised full-cream milk, kept chilled',
    'حليب كامل الدسم مبستر، يحفظ مبرداً',
  ],
  [
    'Al Safi',
    'الصافي',
    'Dairy',
    'ألبان',
    '',
    '',
    'Laban 500ml',
    'لبن ٥٠٠ مل',
    '6281000000028',
    '14 days',
    '500 (ml)',
    '',
    '20',
    '60',
    '1002',
    'draft',
    '2.5',
    '',
    '',
    '2027-01-31T09:00:00Z',
  ],
  [
    'Al Safi',
    'الصافي',
    'Canned Food',
    'معلبات',
    '',
    '',
    'Chickpeas, boiled',
    'حمص مسلوق',
    '6281000000035',
    '2 years',
    '400 (g)',
    '240 (g)',
    '24',
    '100',
    '1003',
  ],
];

/**
 * A template's header: the kind's columns, every one named, then a family's attribute columns if
 * given (`attributeColumns`). A template holds no data rows, so one uploaded as downloaded imports
 * nothing.
 */
export const importTemplateHeader = (kind: ImportKind, attributes: readonly string[] = []): string[] => [
  ...IMPORT_COLUMNS[kind],
  ...attributes,
];

/**
 * The example rows of a kind (their attribute cells empty), under the template's header. They go only
 * where an import never reads them: the XLSX template's second sheet, "Examples".
 */
export const importTemplateExamples = (kind: ImportKind, attributes: readonly string[] = []): string[][] => {
  const skip = CSV_COLUMNS.length - IMPORT_COLUMNS[kind].length;
  const width = IMPORT_COLUMNS[kind].length;
  return EXAMPLE_ROWS.map((row) => {
    const cells = row.slice(skip);
    return [...cells, ...Array<string>(width - cells.length).fill(''), ...attributes.map(() => '')];
  });
};

/**
 * The upload screens' CSV template: the header line only (UTF-8 with a BOM so Excel shows the
 * Arabic). A CSV has no place an import skips, so its examples are in the XLSX template's
 * "Examples" sheet instead.
 */
export function importTemplateCsv(kind: ImportKind, attributes: readonly string[] = []): string {
  return csvText([importTemplateHeader(kind, attributes)], { bom: true });
}
