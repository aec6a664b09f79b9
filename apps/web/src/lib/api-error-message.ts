import type { TFunction } from './i18n';
import { isApiError } from './api-error';
import type { MessageKey } from './locales/en';
import { isUnreachable } from './server-reach';

/** Server messages the UI knows, so they can be shown in the current language. */
const KNOWN_SERVER_MESSAGES: Record<string, MessageKey> = {
  'Incorrect username or password': 'errors.badCredentials',
  'This field is required': 'validation.required',
};

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
 * Describes a failure in the current language. Server messages are written in English: a known one is
 * translated; in English an unknown one is shown as sent (it names the field or row to fix), in Arabic
 * the status gets a generic Arabic sentence and the original still goes to the console.
 */
export function apiErrorMessage(error: unknown, t: TFunction, language: string): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.kind === 'timeout') return t('errors.timeout');
  // A proxy's 502/503/504 stands in for a server that is down or restarting: to the person, unreachable.
  if (error.kind === 'network' || isUnreachable(error)) return t('errors.network');
  const known = KNOWN_SERVER_MESSAGES[error.message];
  if (known) return t(known);
  if (language === 'en' && error.body && error.status < 500) {
    const detail = error.body.details?.[0];
    return detail ? `${error.body.message} (${detail.path}: ${detail.message})` : error.body.message;
  }
  return t(statusKey(error.status));
}

/** Translates a validation message from a shared contract schema (written in English). */
export function translateMessage(message: string | undefined, t: TFunction): string | undefined {
  if (message === undefined) return undefined;
  const known = KNOWN_SERVER_MESSAGES[message];
  return known ? t(known) : message;
}
