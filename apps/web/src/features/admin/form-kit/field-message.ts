import type { ErrorBody } from '@dalil/contracts/common';
import type { TFunction } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { codeText, type ErrorParams } from '../../../lib/error-text';
import { sentenceText } from '../../../lib/sentence-text';

type Detail = NonNullable<ErrorBody['details']>[number];

/**
 * A form keeps a field's error as a string; a server's refusal is kept as its code and params behind
 * this mark (`codedMessage`), so the field reads it in the UI's language whenever it shows, even after
 * the language changes, and never from the server's English.
 */
const CODED = '\u0001code:';

/** A server detail as a field's error message: its code and params, for `fieldMessage` to word. */
export function codedMessage(detail: Pick<Detail, 'code' | 'params'>): string {
  return `${CODED}${JSON.stringify({ code: detail.code, params: detail.params })}`;
}

function readCoded(message: string): { code: string; params: ErrorParams } | undefined {
  if (!message.startsWith(CODED)) return undefined;
  try {
    const coded = JSON.parse(message.slice(CODED.length)) as { code?: unknown; params?: unknown };
    if (typeof coded.code !== 'string') return undefined;
    const params = typeof coded.params === 'object' && coded.params !== null ? coded.params : {};
    return { code: coded.code, params: params as ErrorParams };
  } catch {
    return undefined;
  }
}

/**
 * A field's error message in the UI language: the server's refusal by its code and params
 * (`codedMessage`), or the form's own zod message (a contract's sentence, read back to its code). A
 * code this client has no text for reads as the field being invalid.
 */
export function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  const coded = readCoded(message);
  const text = coded ? codeText(coded.code, coded.params, t) : sentenceText(message, t);
  return text ?? t('errorCodes.field.invalid');
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

/**
 * The server's refusals of a form's own fields (`body.<field>` in a 4xx's details), in its order:
 * the field, the detail's path below `body`, and its code and params as a field message.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]) {
  const details = isApiError(error) ? (error.body?.details ?? []) : [];
  return details
    .map((detail) => {
      const path = detail.path.replace(/^body\./, '');
      return { field: path.split('.')[0] ?? '', path, message: codedMessage(detail) };
    })
    .filter(({ field }) => fields.includes(field));
}
