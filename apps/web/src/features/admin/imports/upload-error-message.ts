import { IMPORT_COLUMNS, type ImportKind } from '@dalil/contracts/imports';
import type { TFunction } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { isApiError } from '../../../lib/api-error';
import { FileTooLargeError } from './use-csv-upload';

/**
 * What went wrong with an uploaded file, in the current language. The
 * server's 400s name the problem in English (apps/server/src/modules/imports/csv-header.ts,
 * csv-source.ts and xlsx-source.ts); each known one gets its own sentence, the rest fall back to the shared wording.
 */
export function uploadErrorMessage(error: unknown, kind: ImportKind, t: TFunction, language: string): string {
  if (error instanceof FileTooLargeError) {
    const limit = `${Math.max(1, Math.round(error.limitBytes / (1024 * 1024)))} MB`;
    return t('upload.errors.tooLarge', { limit });
  }
  if (!isApiError(error) || error.kind !== 'http') return apiErrorMessage(error, t, language);
  const message = error.body?.message ?? '';
  if (error.status === 413 && message.startsWith('The workbook holds too much data'))
    return t('upload.errors.workbookTooLarge');
  if (error.status === 413) {
    const limit = /larger than (\d+ MB)/.exec(message)?.[1];
    return limit ? t('upload.errors.tooLarge', { limit }) : t('upload.errors.tooLargeNoLimit');
  }
  if (error.status === 415) return t('upload.errors.notCsv');
  if (error.status === 404) return t('upload.errors.targetGone');
  if (error.status !== 400) return apiErrorMessage(error, t, language);
  const missing = /^Missing required columns?: (.+)$/.exec(message);
  if (missing) return t('upload.errors.missingColumns', { columns: missing[1] });
  const twice = /^Column (\S+) appears twice/.exec(message);
  if (twice) return t('upload.errors.duplicateColumn', { column: twice[1] });
  if (message.startsWith('The file is not a catalogue CSV')) {
    return t('upload.errors.notCatalogue', { columns: IMPORT_COLUMNS[kind].join(', ') });
  }
  if (message.includes('holds binary data')) return t('upload.errors.binary');
  if (message.startsWith('The file is not UTF-8')) return t('upload.errors.notUtf8');
  if (message === 'The file is empty') return t('upload.errors.empty');
  if (message.startsWith('The file is not a readable Excel workbook')) return t('upload.errors.damagedXlsx');
  if (message.startsWith('The file is a ZIP archive but not an Excel workbook'))
    return t('upload.errors.notWorkbook');
  const malformed = /^The file is not valid CSV near line (\d+)/.exec(message);
  if (malformed) return t('upload.errors.malformed', { line: malformed[1] });
  if (message === 'The category does not belong to this family')
    return t('upload.errors.categoryNotInFamily');
  return apiErrorMessage(error, t, language);
}
