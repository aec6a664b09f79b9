import type { TFunction } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { knownServerMessage as known } from '../../../lib/server-messages';

/** A field's error message (from the form's zod schema or the server's details) in the UI language. */
export function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  return known(message, t) ?? t('admin.validation.invalid');
}

/** A failed save or delete as one sentence; the server's field message when it names one. */
export function failureMessage(error: unknown, t: TFunction, language: string): string {
  if (isApiError(error) && error.kind === 'http' && error.status < 500) {
    const own = known(error.body?.details?.[0]?.message ?? error.message, t);
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
