import { parseGtinProblem } from '@dalil/contracts/gtin';
import type { ImportProblem, ImportWarning } from '@dalil/contracts/imports';
import type { TFunction } from '../../../lib/i18n';

const ATTRIBUTE_PROBLEMS = {
  'the family has no attribute with this key': 'upload.problems.noSuchAttribute',
  "is not an attribute of this product's category": 'upload.problems.notInCategory',
  'must be a number': 'upload.problems.number',
  'must be true or false': 'upload.problems.yesNo',
  'must be a date written YYYY-MM-DD': 'upload.problems.date',
  'must not name an option twice': 'upload.problems.optionTwice',
} as const;
type AttributeProblemKey = (typeof ATTRIBUTE_PROBLEMS)[keyof typeof ATTRIBUTE_PROBLEMS];

/**
 * The server writes problem reasons in English (apps/server/src/modules/imports/row-check.ts); the
 * known ones are shown in the current language, anything else as sent.
 */
export function problemReason(reason: string, t: TFunction): string {
  if (reason === 'This field is required') return t('upload.problems.required');
  const tooLong = /^must be at most (\d+) characters$/.exec(reason);
  if (tooLong) return t('upload.problems.tooLong', { max: tooLong[1] });
  if (reason === 'must be at most 32 digits') return t('upload.problems.tooManyDigits');
  if (reason.startsWith('must contain digits only (the spreadsheet')) return t('upload.problems.rounded');
  if (reason === 'must contain digits only') return t('upload.problems.digitsOnly');
  if (reason === 'must be a whole number of 0 or more') return t('upload.problems.wholeNumber');
  if (reason.startsWith('has more cells than the header (a value right'))
    return t('upload.problems.extraCellsSheet');
  if (reason.startsWith('has more cells than the header')) return t('upload.problems.extraCells');
  // Cells of a workbook that cannot be read (apps/server/src/modules/imports/xlsx-cells.ts).
  if (reason.startsWith('is a number with more than 15 digits')) return t('upload.problems.longNumber');
  if (reason.startsWith('is a formula without a saved result')) return t('upload.problems.formulaNoResult');
  if (reason.startsWith('is a formula whose result is')) return t('upload.problems.formulaError');
  const error = /^holds the spreadsheet error (.+)$/.exec(reason);
  if (error) return t('upload.problems.sheetError', { error: error[1] });
  if (reason.startsWith('is a family you do not manage')) return t('upload.problems.foreignFamily');
  // Attribute cells (apps/server/src/modules/imports/attribute-cells.ts), in the API's own words.
  const attribute = (ATTRIBUTE_PROBLEMS as Record<string, AttributeProblemKey | undefined>)[reason];
  if (attribute) return t(attribute);
  const option = /^"(.*)" is not an option of .+: (.*)$/.exec(reason);
  if (option) return t('upload.problems.notAnOption', { value: option[1], options: option[2] });
  // Two different rows for one product (apps/server/src/modules/imports/key-conflicts.ts).
  // A barcode that is not a valid GTIN in a family that requires them (docs/decisions/0053-gtin-barcodes.md).
  const gtin = parseGtinProblem(reason);
  if (gtin?.reason === 'format') return t('upload.problems.gtinFormat');
  if (gtin) return t('upload.problems.gtinCheckDigit', { expected: gtin.expected, length: gtin.length });
  const same = /^has the same (barcode|code) (\d+) as lines? (.+) with different values/.exec(reason);
  if (same) {
    const key = same[1] === 'barcode' ? 'upload.problems.sameBarcode' : 'upload.problems.sameCode';
    return t(key, { value: same[2], lines: same[3] });
  }
  return reason;
}

/** One problem as a single sentence, for the invalid-rows CSV's reason column. */
export function problemSentence(problem: ImportProblem, t: TFunction): string {
  const reason = problemReason(problem.reason, t);
  return problem.column ? `${problem.column}: ${reason}` : reason;
}

/** Warnings: the server's English sentence in English (it names the row), a translation in Arabic. */
export function warningText(warning: ImportWarning, t: TFunction, language: string): string {
  if (language === 'en') return warning.message;
  if (warning.kind === 'unknownColumn') return t('upload.warnings.unknownColumn', { column: warning.column });
  if (warning.kind === 'familyName') return t('upload.warnings.familyName');
  if (warning.kind === 'invalidGtin') {
    const m = /^The barcode (\d+) is not a valid GTIN: (.+)$/.exec(warning.message);
    const gtin = parseGtinProblem(m?.[2] ?? '');
    const problem =
      gtin?.reason === 'check-digit'
        ? t('upload.problems.gtinCheckDigit', { expected: gtin.expected, length: gtin.length })
        : t('upload.problems.gtinFormat');
    return t('upload.warnings.invalidGtin', { barcode: m?.[1] ?? '', problem });
  }
  return t('upload.warnings.duplicateRow');
}

const MAX_LINES_SHOWN = 12;

export function linesText(lines: number[]): string {
  const shown = lines.slice(0, MAX_LINES_SHOWN).join(', ');
  return lines.length > MAX_LINES_SHOWN ? `${shown}, …` : shown;
}
