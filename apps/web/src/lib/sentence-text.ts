import { readError } from '@dalil/contracts/error-codes';
import { codeText, type ErrorParams } from './error-text';
import type { TFunction } from './i18n';

/**
 * A sentence written from the error catalogue's templates, in the UI's language: a form's own zod
 * message (the contracts write it), or a sentence inside a code's params (the last error in
 * `webhook.failedDay`). It is read back to its code and params (`readError`), not matched by hand.
 * What the server answers carries its own code and params instead. Undefined for a sentence no
 * template wrote. Admin screens only: it carries every template.
 */
export function sentenceText(sentence: string, t: TFunction): string | undefined {
  const { code, params } = readError(sentence);
  return codeText(code, params, t);
}

/**
 * A code's params in the admin's language: a field list (`nameEn, cost`) by the fields' labels, and a
 * sentence the server wrote from another code (a reason inside a reason) read back in the UI's
 * language. The admin texts install it (lib/admin-texts.ts) for every error the admin area shows.
 */
export function adminParams(params: ErrorParams, t: TFunction): ErrorParams {
  const shown: ErrorParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') shown[name] = value;
    else if (name === 'fields') {
      shown[name] = value
        .split(', ')
        .map((field) => t(`admin.fields.${field}`, { defaultValue: field }))
        .join(t('admin.users.separator', { defaultValue: ', ' }));
    } else {
      // A sentence inside the sentence, keeping its own direction.
      const own = sentenceText(value, t);
      shown[name] = own === undefined ? value : `\u2068${own}\u2069`;
    }
  }
  return shown;
}
