import type { TFunction } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { codeText } from '../../../lib/error-text';
import { sentenceText } from '../../../lib/sentence-text';

/**
 * A field's error message in the UI language: the form's own zod message (a contract's sentence, read
 * back to its code) or the server's detail (its English, when `serverFieldErrors` kept no code).
 */
export function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  return sentenceText(message, t) ?? t('errorCodes.field.invalid');
}

/** A failed save or delete as one sentence; the server's field message when it names one. */
export function failureMessage(error: unknown, t: TFunction, language: string): string {
  if (isApiError(error) && error.kind === 'http' && error.status < 500) {
    const detail = error.body?.details?.[0];
    const own = detail
      ? codeText(detail.code, detail.params, t)
      : codeText(error.body?.code, error.body?.params, t);
    if (own) return own;
  }
  return apiErrorMessage(error, t, language);
}

/** The server's refusals of a form's own fields (`body.<field>` in a 4xx's details), in its order. */
export function serverFieldErrors(error: unknown, fields: readonly string[]) {
  const details = isApiError(error) ? (error.body?.details ?? []) : [];
  return details
    .map((detail) => ({
      field: detail.path.replace(/^body\./, '').split('.')[0] ?? '',
      message: detail.message,
    }))
    .filter(({ field }) => fields.includes(field));
}
