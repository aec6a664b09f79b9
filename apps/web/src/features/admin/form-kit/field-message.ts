import type { TFunction } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-error';
import { apiErrorMessage } from '../../../lib/api-error-message';

type Rule = [RegExp, (t: TFunction, match: RegExpMatchArray) => string];

// Messages written in English by the shared contracts and the server, shown in the UI's language.
const RULES: Rule[] = [
  [/^This field is required$/, (t) => t('validation.required')],
  [/^must contain digits only$/, (t) => t('admin.validation.digitsOnly')],
  [/^must be a whole number of 0 or more$/, (t) => t('admin.validation.wholeNumber')],
  [/^must be a number$/, (t) => t('admin.validation.number')],
  [/^must be 0 or more$/, (t) => t('admin.validation.notNegative')],
  [/^is too large$/, (t) => t('admin.validation.tooLarge')],
  [/^must be at most (\d+) (characters|digits)$/, (t, m) => t('admin.validation.tooLong', { max: m[1] })],
  [/^must be at least (\d+) characters$/, (t, m) => t('admin.validation.tooShort', { min: m[1] })],
  [/^A family with this English name already exists$/, (t) => t('admin.server.familyNameTaken')],
  [/^This family already has a category with this English name$/, (t) => t('admin.server.categoryNameTaken')],
  [/^Another product of this family already has this barcode$/, (t) => t('admin.server.barcodeTaken')],
  [/^A product of this category has a barcode/, (t) => t('admin.server.barcodeClash')],
  [/^The category does not belong to the chosen family$/, (t) => t('admin.server.categoryNotInFamily')],
  [/^No family has this id$/, (t) => t('admin.server.noFamily')],
  [/^No category has this id$/, (t) => t('admin.server.noCategory')],
  [/^Username is already taken$/, (t) => t('admin.server.usernameTaken')],
  [/^The last administrator cannot be/, (t) => t('admin.server.lastAdmin')],
  [/^You cannot delete your own account$/, (t) => t('admin.server.notYourself')],
  [/^needs at least two different words$/, (t) => t('admin.validation.twoWords')],
  [/^must be a single word$/, (t) => t('admin.validation.singleWord')],
  [/^must contain a letter or a digit$/, (t) => t('admin.validation.letterOrDigit')],
  [/^must have at most (\d+) words$/, (t, m) => t('admin.validation.tooManyWords', { max: m[1] })],
  [/^"(.+)" is already in another synonym group/, (t, m) => t('admin.server.synonymTaken', { word: m[1] })],
];

function known(message: string, t: TFunction): string | undefined {
  for (const [pattern, text] of RULES) {
    const match = message.match(pattern);
    if (match) return text(t, match);
  }
  return undefined;
}

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
