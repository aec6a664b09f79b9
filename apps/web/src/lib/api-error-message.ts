import type { TFunction } from './i18n';
import { isApiError } from './api-error';
import { codeText } from './error-text';
import type { MessageKey } from './locales/en';
import { isUnreachable } from './server-reach';

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
 * Describes a failure in the current language. Every answer carries a code and params
 * (docs/decisions/0063-error-codes.md), so the text is the code's, in the person's language: a
 * field's problem with the field's label, a taken name, the last administrator, a change made since.
 * Only a code this client has no text for shows the server's own English `message` (after the
 * status's sentence in Arabic); 5xx texts are never shown.
 */
export function apiErrorMessage(error: unknown, t: TFunction, language: string): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.kind === 'timeout') return t('errors.timeout');
  // A proxy's 502/503/504 stands in for a server that is down or restarting: to the person, unreachable.
  if (error.kind === 'network' || isUnreachable(error)) return t('errors.network');
  if (error.status === 429) return t('errors.tooMany');
  const body = error.status < 500 ? error.body : null;
  if (!body) return t(statusKey(error.status));
  const detail = body.details?.[0];
  // A validation answer lists every field in English, and a field's refusal names its field before
  // the code's words: the first detail, with the field's label, says it in the person's language.
  const aboutDetail = detail && (body.code === 'request.validation' || body.code === detail.code);
  const own = aboutDetail ? undefined : codeText(body.code, body.params, t);
  if (own) return own;
  if (detail) {
    const known = codeText(detail.code, detail.params, t);
    const problem = t('errors.fieldProblem', {
      field: placeOf(detail.path, t),
      message: known ?? detail.message,
    });
    if (language === 'en' || known) return problem;
    return `${t(statusKey(error.status))} (${problem})`;
  }
  if (language === 'en') return body.message;
  return `${t(statusKey(error.status))} (\u2068${body.message}\u2069)`;
}
