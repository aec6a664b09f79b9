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
 * How params read in the UI's language. At first only as sent; the admin area, once loaded, shows
 * field lists by their labels and sentences inside sentences in the UI's language (`adminParams` in
 * lib/sentence-text.ts), which a visitor's first screen need not carry.
 */
let shownParams = (params: ErrorParams, _t: TFunction): ErrorParams => params;
export function showParamsWith(show: typeof shownParams): void {
  shownParams = show;
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
): string | undefined {
  if (!code || code === 'problem') return undefined;
  const values = shownParams(params ?? {}, t);
  const text = t(`errorCodes.${code}`, { ...values, defaultValue: '' });
  if (text) return text;
  const visitor = VISITOR_TEXTS[code];
  return visitor ? t(visitor) : undefined;
}
