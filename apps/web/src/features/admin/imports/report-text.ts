import type { ImportWarning, ReportedImportProblem } from '@dalil/contracts/imports';
import { codeText } from '../../../lib/error-text';
import type { TFunction } from '../../../lib/i18n';
import type { MessageKey } from '../../../lib/locales/en';

type Problem = Pick<ReportedImportProblem, 'reason' | 'code' | 'params'>;
type Params = ReportedImportProblem['params'];
type UploadProblemKey = Extract<MessageKey, `upload.problems.${string}`>;

/** Codes an import row's problem words in the import's own way (a cell of the file, not a form field). */
const IMPORT_WORDS: Partial<
  Record<
    string,
    [UploadProblemKey, (p: Params) => Record<string, string | number | undefined>] | UploadProblemKey
  >
> = {
  'field.required': 'upload.problems.required',
  'field.tooLong': ['upload.problems.tooLong', (p) => ({ max: p.max })],
  'field.tooManyDigits': 'upload.problems.tooManyDigits',
  'field.digitsOnlyRounded': 'upload.problems.rounded',
  'field.digitsOnly': 'upload.problems.digitsOnly',
  'field.wholeNumber': 'upload.problems.wholeNumber',
  'import.extraCellsXlsx': 'upload.problems.extraCellsSheet',
  'import.extraCellsCsv': 'upload.problems.extraCells',
  'import.longNumber': 'upload.problems.longNumber',
  'import.formulaNoResult': 'upload.problems.formulaNoResult',
  'import.formulaError': 'upload.problems.formulaError',
  'import.spreadsheetError': ['upload.problems.sheetError', (p) => ({ error: p.error })],
  'family.notManaged': 'upload.problems.foreignFamily',
  'attribute.unknownKey': 'upload.problems.noSuchAttribute',
  'attribute.notOfCategory': 'upload.problems.notInCategory',
  'field.number': 'upload.problems.number',
  'field.boolean': 'upload.problems.yesNo',
  'field.date': 'upload.problems.date',
  'attribute.optionTwice': 'upload.problems.optionTwice',
  'attribute.notAnOption': ['upload.problems.notAnOption', (p) => ({ value: p.value, options: p.options })],
  // A barcode that is not a valid GTIN in a family that requires them (docs/decisions/0053-gtin-barcodes.md).
  'gtin.format': 'upload.problems.gtinFormat',
  'gtin.checkDigit': [
    'upload.problems.gtinCheckDigit',
    (p) => ({ expected: p.expected, length: String(p.kind).replace(/^GTIN-/, '') }),
  ],
};

/** The other lines of a row that clashes with others for one product, by its code's params. */
function sameKeyLines({ code, params }: Problem, t: TFunction): string | undefined {
  if (code === 'import.sameKeyLine') return String(params.line);
  if (code === 'import.sameKeyLines') return String(params.lines);
  if (code === 'import.sameKeyMore')
    return t('upload.problems.moreLines', { lines: params.lines, more: params.more });
  return undefined;
}

/**
 * A row problem's reason in the current language, by its code and params (the report carries them
 * beside the English reason); a code this client has no text for shows the reason as sent.
 */
export function problemReason(problem: Problem, t: TFunction): string {
  const words = IMPORT_WORDS[problem.code];
  if (typeof words === 'string') return t(words);
  if (words) return t(words[0], words[1](problem.params));
  // Two different rows for one product (apps/server/src/modules/imports/key-conflicts.ts).
  const lines = sameKeyLines(problem, t);
  if (lines !== undefined) {
    const key =
      problem.params.what === 'barcode' ? 'upload.problems.sameBarcode' : 'upload.problems.sameCode';
    return t(key, { value: problem.params.value, lines });
  }
  return codeText(problem.code, problem.params, t) ?? problem.reason;
}

/** One problem as a single sentence, for the invalid-rows CSV's reason column. */
export function problemSentence(problem: ReportedImportProblem, t: TFunction): string {
  const reason = problemReason(problem, t);
  return problem.column ? `${problem.column}: ${reason}` : reason;
}

/**
 * A warning in the current language, by its code and params (the report carries them beside the
 * English message); a code this client has no text for shows the message as sent.
 */
export function warningText(warning: ImportWarning, t: TFunction): string {
  return codeText(warning.code, warning.params, t) ?? warning.message;
}

const MAX_LINES_SHOWN = 12;

export function linesText(lines: number[]): string {
  const shown = lines.slice(0, MAX_LINES_SHOWN).join(', ');
  return lines.length > MAX_LINES_SHOWN ? `${shown}, …` : shown;
}
