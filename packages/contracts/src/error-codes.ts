import { TRANSFER_TEMPLATES } from './error-codes-transfers';

/**
 * The error codes every error answer carries (docs/decisions/0063-error-codes.md): each code is
 * stable and dotted, and its English template below is where the server's `message` comes from.
 * `{name}` is a text parameter, `{name:n}` a number; `params` holds them by name. A client
 * translates by `code` (the web app's locale files have a text for every code) and shows `message`
 * only for a code it does not know.
 *
 * The templates are also read back: `readError` turns a sentence written from one (a contract
 * schema's zod message, an import row's reason) into its code and params, so those places keep
 * writing plain sentences and cannot drift from their code.
 */
export const ERROR_TEMPLATES = {
  // Requests and the server itself.
  'request.notFound': '{what} not found',
  'request.routeNotFound': 'Route {route} not found',
  'request.invalid': 'The request has an invalid value',
  'request.validation': '{problems}',
  'request.rejected': '{reason}',
  'request.malformedMultipart': 'The upload is not well-formed multipart/form-data; send the file again',
  'request.notMultipart': 'is not well-formed multipart/form-data',
  'request.tooLarge': 'Request body is too large',
  'request.unsupportedMediaType': 'Unsupported Media Type: {type}',
  'request.tooMany': 'Rate limit exceeded, retry in {after}',
  'request.badHeader': 'The {header} header {problem}',
  'request.putMissing':
    '{fields}: left out of a PUT; send each field (null clears it), or PATCH only what changes',
  'request.notAField': '{fields}: not a field of {what}',
  'field.notChangeable': 'is not a field that can be changed',
  'header.notProto': 'is neither http nor https',
  'header.notHost': 'is not a host name or bracketed address with an optional port 1-65535',
  'record.nameTaken': 'A record with the same name or code already exists',
  'database.unavailable': 'The database is not answering; try again in a moment',
  'database.notAnswering': 'The database is not answering',
  'media.unreachable': 'The media store (S3 bucket) cannot be reached',
  'server.starting': 'The server is starting: {reason}; try again in a moment',
  'server.startingStep': '{reason}',
  'server.shuttingDown': 'The server is shutting down; try again in a moment',
  'server.busy': '{what} at once; try again in a moment',
  internal: 'Something went wrong on our side',
  'storage.full': '{storage} is full: nothing was saved; try again later',
  'storage.readOnly': '{storage} is read-only: nothing was saved; try again later',
  'storage.isFull': '{storage} is full',
  'storage.isReadOnly': '{storage} is read-only',
  problem: '{text}',
  'system.notReady': '{problems}',

  // Signing in and access.
  'auth.signIn': 'Sign in to continue',
  'auth.badCredentials': 'Incorrect username or password',
  'auth.tooManyFailures': 'Too many failed sign-ins; try again later',
  'auth.tooManyGuests': 'Too many guest sign-ins from this address; try again later',
  'auth.tooManySignIns': 'Too many sign-ins at once; try again in a moment',
  'auth.tooManySignOuts': 'Too many sign-outs from this address; try again later',
  'auth.adminOnly': 'This needs an administrator account',
  'auth.staffOnly': 'This needs an administrator or editor account',
  'auth.metricsToken': 'The metrics need the operator’s bearer token',
  'apiKey.refused': 'An API key cannot manage accounts, keys, webhooks, feeds or sessions',
  'apiKey.readOnly': 'This API key may only read',
  'apiKey.future': 'must be in the future',
  'apiKey.oneFamily': 'must name at least one family',
  'apiKey.role': 'must be editor or reader',
  'apiKey.familyList': 'must be a list of family ids',

  // Field rules (the contracts' zod messages and the server's own checks of one field).
  'field.required': 'This field is required',
  'field.requiredFamily': 'is required: choose a family',
  'field.tooLong': 'must be at most {max:n} characters',
  'field.tooManyDigits': 'must be at most {max:n} digits',
  'field.tooShort': 'must be at least {min:n} characters',
  'field.tooMany': 'must hold at most {max:n} options',
  'field.tooManyWords': 'must have at most {max:n} words',
  'field.digitsOnly': 'must contain digits only',
  'field.digitsOnlyRounded': 'must contain digits only {hint}',
  'field.wholeNumber': 'must be a whole number of 0 or more',
  'field.positiveWhole': 'must be a positive whole number',
  'field.number': 'must be a number',
  'field.notNegative': 'must be 0 or more',
  'field.tooLarge': 'is too large',
  'field.text': 'must be text',
  'field.noNul': 'must not contain NUL characters',
  'field.boolean': 'must be true or false',
  'field.dateTime': 'must be a date and time such as {example}',
  'field.dateOrTime': 'must be a date such as 2026-11-23 or a time such as 2026-11-23T10:00:00Z',
  'field.date': 'must be a date written YYYY-MM-DD',
  'field.oneOf': 'must be one of {options}',
  'field.either': 'must be {first} or {second}',
  'field.imageName': 'must be the name of an uploaded image',
  'field.invalid': 'is invalid',
  'field.missing': 'is missing',
  'field.empty': 'is empty',
  'field.tooBig': 'must be at most {max:n}',
  'field.tooSmall': 'must be at least {min:n}',

  // Families, categories, products and their barcodes.
  'family.unknown': 'No family has this id',
  'family.unknownIds': 'No family has the id {ids}',
  'family.nameTaken': 'A family with this English name already exists',
  'family.notManaged': 'is a family you do not manage: this row cannot be imported by you',
  'category.unknown': 'No category has this id',
  'category.nameTaken': 'This family already has a category with this English name',
  'category.notInFamily': 'The category does not belong to the chosen family',
  'category.notInThisFamily': 'The category does not belong to this family',
  'category.notInChosenFamily': 'is not in the chosen family',
  'category.subNotInCategory': 'The sub-category does not belong to the chosen category',
  'category.ownParent': 'A category cannot be its own parent',
  'category.parentOtherFamily': 'The parent category belongs to another family',
  'category.parentIsSub': 'The parent is itself a sub-category; sub-categories go one level deep',
  'category.hasSubs': 'This category has sub-categories, so it cannot become one',
  'category.ownSub': 'must differ from the category (a category cannot be its own sub-category)',
  'category.alsoParent': 'is also the category of other rows; sub-categories go one level deep',
  'category.barcodeClash': 'A product of this category has a barcode already used in that family',
  'category.barcodeClashNow': 'A product of this category has a barcode now used in that family',
  'product.barcodeTaken': 'Another product of this family already has this barcode',
  'product.barcodeTakenNow': 'Another product of this family now has this barcode',
  'product.definitionsShown': 'must be shown',
  'publication.scheduledIsShown': 'is shown, not written: send draft with a publishAt to schedule',
  'record.nameTakenNow': 'Another record now has this English name',
  'gtin.checkDigit': 'the check digit should be {expected:n} ({kind})',
  'gtin.format': 'is not a GTIN: GTINs have 8, 12, 13 or 14 digits',

  // Attributes and their values.
  'attribute.keyRule': 'must start with a letter and hold only a-z, 0-9 and _ (at most 40 characters)',
  'attribute.keyTaken': 'This family already has an attribute with this key',
  'attribute.keyTakenNow': 'Another attribute of this family now has this key',
  'attribute.needsOption': 'a choice needs at least one option',
  'attribute.onlyChoiceOptions': 'only choice attributes have options',
  'attribute.onlyNumberUnit': 'only number attributes have a unit',
  'attribute.optionTaken': 'is already an option of this attribute',
  'attribute.categoryElsewhere': "Category {category:n} is not a category of this attribute's family",
  'attribute.valuesHeld': 'Products hold values of this attribute (product {product:n}): clear them first',
  'attribute.optionChosen':
    'Option "{option}" is chosen by products (product {product:n}): change them first',
  'attribute.staysInFamily': 'An attribute stays in its family: define it in the other family instead',
  'attribute.notOfCategory': "is not an attribute of this product's category",
  'attribute.unknownKey': 'the family has no attribute with this key',
  'attribute.textBothLanguages': 'must be a text in each language: { "ar": ..., "en": ... }',
  'attribute.notALanguage': '"{key}" is not a language: a text has "ar" and "en" only',
  'attribute.oneOption': 'must be one option key',
  'attribute.optionList': 'must be a list of option keys',
  'attribute.optionTwice': 'must not name an option twice',
  'attribute.notAnOption': '"{value}" is not an option of {attribute}: {options}',
  'attribute.notAChoice': 'is not a choice attribute of this family',
  'attribute.facetNotAChoice': '{facet} is not a choice attribute of this family',
  'attribute.nameAnOption': 'must name an option',
  'attribute.noSuchOption': 'has no option "{option}" (options: {options})',
  'search.facetRule': 'must be category or attr.<key> of a choice attribute',

  // Accounts.
  'user.usernameTaken': 'Username is already taken',
  'user.lastAdmin': 'The last administrator cannot be {change}',
  'user.notYourself': 'You cannot delete your own account',
  'guest.role': 'The guest account cannot be given another role: its password is published to every visitor',
  'guest.rename':
    'The guest account cannot be renamed: visitors sign in with its published username (GUEST_USERNAME)',
  'guest.password': 'The guest account keeps the password set by GUEST_PASSWORD: visitors sign in with it',
  'guest.delete':
    'The guest account cannot be deleted: visitors sign in with it (GUEST_ACCESS=false closes it)',

  // History, reverts and the recycle bin.
  'record.changed':
    'The record was changed since it was read: read it again (its current version is in the ETag header)',
  'record.changedSince': 'Changed since this entry: {fields}. Revert the later change first.',
  'record.changedAfter': 'was changed after this entry',
  'record.changedSinceShort': 'changed since',
  'record.deletedSince': 'deleted since',
  'record.rowsAddedSince': 'holds rows added since',
  'revert.notRevertable': 'A {entity} {action} cannot be reverted',
  'revert.needsAdmin':
    'Reverting this entry would {operation} a {what}, which needs an administrator account',
  'revert.existsAgain': 'The {what} exists again: nothing to bring back',
  'revert.ownerDeleted': 'What it belonged to was deleted since: bring that back first',
  'revert.onlyChanges': 'Only a create, an update or a delete can be reverted',
  'revert.deleted': 'The {what} was deleted since',
  'revert.historyOff': 'The history is off: the delete was not recorded',
  'revert.noLongerFits': 'The recorded values no longer fit: {reason}',
  'revert.nothing': 'Nothing to put back: the values are as recorded',
  'bin.goneForGood': 'It was removed from the recycle bin for good: nothing to bring back',
  'bin.cannotRestore': 'Cannot restore: {reason}',
  'bin.cannotRestoreMore': 'Cannot restore: {reason} (and {more:n} more)',
  'bin.ownerGone': '{record} "{name}": its {owner} (id {id:n}) is no longer there; restore it first',

  // Bulk product writes and their change sets.
  'bulk.matchKey': 'must name either number or barcode, not both',
  'bulk.tooManyOperations': 'must hold at most {max:n} operations in one request',
  'bulk.failed': '{count:n} of {total:n} operations failed; nothing was written',
  'bulk.matchAmbiguous': '{count:n} products of this family have this code: patch the one meant by its id',
  'bulk.changeSetUndone': 'This change set was undone: send the writes as a new one',
  'bulk.changeSetElsewhere':
    'This change set was made by another caller or in other families: send the writes as a new one',

  ...TRANSFER_TEMPLATES,
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_TEMPLATES;
export const ERROR_CODES = Object.keys(ERROR_TEMPLATES) as ErrorCode[];

type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;
type ParamsOfTemplate<T extends string> = {
  [P in Placeholders<T> as P extends `${infer N}:n` ? N : P]: P extends `${string}:n` ? number : string;
};
/** The params of one code, by its template: `{ expected: number; kind: string }` for `gtin.checkDigit`. */
export type ErrorParams<C extends ErrorCode> = ParamsOfTemplate<(typeof ERROR_TEMPLATES)[C]>;
/** Any code's params, as they travel in an answer. */
export type AnyErrorParams = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)(:n)?\}/g;

/** The English message of a code, with its params written in. */
export function errorMessage<C extends ErrorCode>(code: C, params: ErrorParams<C>): string;
export function errorMessage(code: string, params: AnyErrorParams): string;
export function errorMessage(code: string, params: AnyErrorParams): string {
  const template = (ERROR_TEMPLATES as Record<string, string>)[code] ?? code;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

interface Reader {
  code: ErrorCode;
  pattern: RegExp;
  names: { name: string; number: boolean }[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let readers: Reader[] | undefined;
/** Templates as patterns, those with more fixed text first (so `Cannot restore: … (and 2 more)` wins). */
function templateReaders(): Reader[] {
  if (readers) return readers;
  const built: (Reader & { fixed: number })[] = [];
  for (const code of ERROR_CODES) {
    const template: string = ERROR_TEMPLATES[code];
    const fixed = template.replace(PLACEHOLDER, '').length;
    if (fixed === 0) continue; // `{text}`: matches anything, so it is only ever written, never read
    const names: Reader['names'] = [];
    let source = '';
    let last = 0;
    for (const m of template.matchAll(PLACEHOLDER)) {
      source += escape(template.slice(last, m.index));
      source += m[2] ? '(-?\\d+(?:\\.\\d+)?)' : '(.+?)';
      names.push({ name: m[1]!, number: Boolean(m[2]) });
      last = m.index + m[0].length;
    }
    source += escape(template.slice(last));
    built.push({ code, pattern: new RegExp(`^${source}$`, 's'), names, fixed });
  }
  readers = built.sort((a, b) => b.fixed - a.fixed);
  return readers;
}

/**
 * A sentence written from a template, read back to its code and params; `problem` (with the
 * sentence as `text`) when no template wrote it.
 */
export function readError(message: string): { code: ErrorCode; params: AnyErrorParams } {
  for (const { code, pattern, names } of templateReaders()) {
    const m = pattern.exec(message);
    if (!m) continue;
    const params: AnyErrorParams = {};
    names.forEach(({ name, number }, i) => {
      params[name] = number ? Number(m[i + 1]) : m[i + 1]!;
    });
    return { code, params };
  }
  return { code: 'problem', params: { text: message } };
}
