import { IMPORT_COLUMNS, type ImportKind } from '@dalil/contracts/imports';
import type { TFunction } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { isApiError } from '../../../lib/api-error';
import type { ErrorParams } from '../../../lib/error-text';
import { FileTooLargeError } from './use-csv-upload';

/** Codes of a refused file that get the upload screen's own sentence (what to do about it). */
const FILE_WORDS: Partial<Record<string, (t: TFunction, params: ErrorParams, kind: ImportKind) => string>> = {
  'import.missingColumns': (t, p) => t('upload.errors.missingColumns', { columns: p.columns }),
  'import.missingColumn': (t, p) => t('upload.errors.missingColumns', { columns: p.columns }),
  'import.columnTwice': (t, p) => t('upload.errors.duplicateColumn', { column: p.column }),
  'import.notCatalogue': (t, _, kind) =>
    t('upload.errors.notCatalogue', { columns: IMPORT_COLUMNS[kind].join(', ') }),
  'import.binary': (t) => t('upload.errors.binary'),
  'import.notUtf8': (t) => t('upload.errors.notUtf8'),
  'import.empty': (t) => t('upload.errors.empty'),
  'import.damagedWorkbook': (t) => t('upload.errors.damagedXlsx'),
  'import.notWorkbook': (t) => t('upload.errors.notWorkbook'),
  'import.malformedCsv': (t, p) => t('upload.errors.malformed', { line: p.line }),
  'category.notInThisFamily': (t) => t('upload.errors.categoryNotInFamily'),
  'import.unpacksTooLarge': (t) => t('upload.errors.workbookTooLarge'),
  'import.fileTooLarge': (t, p) => t('upload.errors.tooLarge', { limit: `${p.size} MB` }),
};

/**
 * What went wrong with an uploaded file, in the current language, by the answer's code
 * (apps/server/src/modules/imports/csv-header.ts, csv-source.ts and xlsx-source.ts write them): a
 * refused file gets the upload screen's own sentence, anything else the shared wording.
 */
export function uploadErrorMessage(error: unknown, kind: ImportKind, t: TFunction, language: string): string {
  if (error instanceof FileTooLargeError) {
    const limit = `${Math.max(1, Math.round(error.limitBytes / (1024 * 1024)))} MB`;
    return t('upload.errors.tooLarge', { limit });
  }
  if (!isApiError(error) || error.kind !== 'http') return apiErrorMessage(error, t, language);
  const words = error.body && error.status < 500 ? FILE_WORDS[error.body.code] : undefined;
  if (words) return words(t, error.body!.params, kind);
  if (error.status === 413) return t('upload.errors.tooLargeNoLimit');
  if (error.status === 415) return t('upload.errors.notCsv');
  if (error.status === 404) return t('upload.errors.targetGone');
  return apiErrorMessage(error, t, language);
}
