import type { TFunction } from './i18n';

/** A code's params as an answer carries them. */
export type ErrorParams = Record<string, string | number>;

/**
 * Codes the visitor's own texts cover (signing in), so they read in the person's language before the
 * admin area's texts, which hold every code of the catalogue (locales/error-codes.*.json), load.
 */
const VISITOR_TEXTS: Record<string, 'errors.badCredentials' | 'errors.sessionEnded' | 'validation.required'> =
  {
    'auth.badCredentials': 'errors.badCredentials',
    'auth.signIn': 'errors.sessionEnded',
    'field.required': 'validation.required',
  };

/**
 * A param in the UI's language: a field list (`nameEn, cost`) by the fields' labels; a sentence the
 * server wrote from another code (a reason inside a reason), through `inner` when the caller reads
 * sentences back (features/admin/form-kit/sentence-text.ts).
 */
function shownParams(params: ErrorParams, t: TFunction, inner?: (text: string) => string | undefined) {
  const shown: ErrorParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') shown[name] = value;
    else if (name === 'fields') {
      shown[name] = value
        .split(', ')
        .map((field) => t(`admin.fields.${field}`, { defaultValue: field }))
        .join(t('admin.users.separator', { defaultValue: ', ' }));
    } else {
      // A sentence inside the sentence (a reason) in the UI's language, keeping its own direction.
      const own = inner?.(value);
      shown[name] = own === undefined ? value : `\u2068${own}\u2069`;
    }
  }
  return shown;
}

/**
 * An error's code and params in the UI's language (docs/decisions/0063-error-codes.md); undefined
 * when this client has no text for the code (a newer server's), so the caller shows the server's
 * English `message` instead. `problem` (a sentence no template wrote) has no text of its own.
 */
export function codeText(
  code: string | undefined,
  params: ErrorParams | undefined,
  t: TFunction,
  inner?: (text: string) => string | undefined,
): string | undefined {
  if (!code || code === 'problem') return undefined;
  const values = shownParams(params ?? {}, t, inner);
  const text = t(`errorCodes.${code}`, { ...values, defaultValue: '' });
  if (text) return text;
  const visitor = VISITOR_TEXTS[code];
  return visitor ? t(visitor) : undefined;
}
