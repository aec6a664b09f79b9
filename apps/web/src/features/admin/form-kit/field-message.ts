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
