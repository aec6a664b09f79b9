import { readError } from '@dalil/contracts/error-codes';
import { codeText } from './error-text';
import type { TFunction } from './i18n';

/**
 * A sentence written from the error catalogue's templates, in the UI's language: a form's own zod
 * message (the contracts write it), or a reason the server stored (why a webhook was turned off, a
 * delivery's error). It is read back to its code and params (`readError`), not matched by hand.
 * Undefined for a sentence no template wrote. Admin screens only: it carries every template.
 */
export function sentenceText(sentence: string, t: TFunction): string | undefined {
  const { code, params } = readError(sentence);
  return codeText(code, params, t, (inner) => sentenceText(inner, t));
}
