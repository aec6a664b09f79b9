import type { TFunction } from './i18n';
import { isApiError } from './api-error';
import type { MessageKey } from './locales/en';
import { isUnreachable } from './server-reach';
import { knownServerMessage } from './server-messages';

/** Server messages the UI knows, so they can be shown in the current language. */
const KNOWN_SERVER_MESSAGES: Record<string, MessageKey> = {
  'Incorrect username or password': 'errors.badCredentials',
  'This field is required': 'validation.required',
};

/** `body.nameEn` -> the field's label; `line 4` (a CSV line) stays as the server wrote it. */
function placeOf(path: string, t: TFunction): string {
  const field = path.split('.').at(-1) ?? path;
  return t(`admin.fields.${field}`, { defaultValue: field });
}

function statusKey(status: number): MessageKey {
  if (status === 400 || status === 422) return 'errors.badRequest';
  if (status === 401) return 'errors.sessionEnded';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.notFound';
  if (status === 409) return 'errors.conflict';
  if (status === 413) return 'errors.tooLarge';
  if (status === 429) return 'errors.tooMany';
  if (status >= 500) return 'errors.server';
  return 'errors.generic';
}

/**
 * Describes a failure in the current language. Server messages are written in English, so the known
 * shapes are put in the person's language: a known message (a taken name, the last administrator, a
 * change made since), the first field error with the field's label, a 409 conflict, too many
 * requests. Only what is not known shows the server's own text, which names the field or row to fix
 * (after the status's sentence in Arabic); 5xx texts are never shown.
 */
export function apiErrorMessage(error: unknown, t: TFunction, language: string): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.kind === 'timeout') return t('errors.timeout');
  // A proxy's 502/503/504 stands in for a server that is down or restarting: to the person, unreachable.
  if (error.kind === 'network' || isUnreachable(error)) return t('errors.network');
  if (error.status === 429) return t('errors.tooMany');
  const body = error.status < 500 ? error.body : null;
  if (!body) return t(statusKey(error.status));
  const known = knownServerMessage(body.message, t);
  if (known) return known;
  const detail = body.details?.[0];
  if (detail) {
    const message = knownServerMessage(detail.message, t) ?? detail.message;
    const problem = t('errors.fieldProblem', { field: placeOf(detail.path, t), message });
    if (language === 'en' || knownServerMessage(detail.message, t)) return problem;
    return `${t(statusKey(error.status))} (${problem})`;
  }
  if (language === 'en') return body.message;
  return `${t(statusKey(error.status))} (\u2068${body.message}\u2069)`;
}

/** Translates a validation message from a shared contract schema (written in English). */
export function translateMessage(message: string | undefined, t: TFunction): string | undefined {
  if (message === undefined) return undefined;
  const known = KNOWN_SERVER_MESSAGES[message];
  return known ? t(known) : message;
}
