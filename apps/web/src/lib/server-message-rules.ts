import { addServerMessages, knownServerMessage, type ServerMessageRule } from './server-messages';

/**
 * The back office's server messages in the UI's language: taken names, the last administrator, a
 * change made since, the contracts' field rules. They load with the admin area's texts (their keys
 * are the admin's), not with every visitor's first screen.
 */
const RULES: ServerMessageRule[] = [
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
  // A barcode its family's GTIN rule refuses (docs/decisions/0053-gtin-barcodes.md).
  [
    /^the check digit should be (\d) \(GTIN-(\d+)\)$/,
    (t, m) => t('admin.gtin.checkDigit', { expected: m[1], length: m[2] }),
  ],
  [/^is not a GTIN: GTINs have 8, 12, 13 or 14 digits$/, (t) => t('admin.gtin.format')],
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
  [
    /^Changed since this entry: (.+)\. Revert the later change first\.$/,
    (t, m) =>
      t('admin.server.changedSince', {
        fields: (m[1] ?? '')
          .split(', ')
          .map((field) => t(`admin.fields.${field}`, { defaultValue: field }))
          .join(t('admin.users.separator')),
      }),
  ],
  // Attribute definitions: the key's and the options' rules.
  [/^must start with a letter and hold only a-z, 0-9 and _/, (t) => t('attributes.validation.keyRule')],
  [/^a choice needs at least one option$/, (t) => t('attributes.validation.needsOption')],
  [/^is already an option of this attribute$/, (t) => t('attributes.validation.optionTaken')],
  [/^This import was undone already$/, (t) => t('admin.server.undoneAlready')],
  [/^This needs an administrator/, (t) => t('errors.forbidden')],
  // Scheduled feeds (docs/decisions/0052-scheduled-feeds.md): the schedule and time zone fields (the
  // address rules are the outbound ones, with the webhooks' below).
  [/^must have five fields/, (t) => t('feeds.server.fiveFields')],
  [/^is not a valid cron expression/, (t) => t('feeds.server.badCron')],
  [/^never runs: no date matches it$/, (t) => t('feeds.server.neverRuns')],
  [/^must be a time zone such as/, (t) => t('feeds.server.timeZone')],
  [/^This feed is running already$/, (t) => t('feeds.server.running')],
  // API keys (docs/decisions/0049-api-keys.md): what a key is refused, and the key form's fields.
  [
    /^An API key cannot manage accounts, keys, webhooks, feeds or sessions$/,
    (t) => t('apiKeys.server.keysRefused'),
  ],
  [/^This API key may only read$/, (t) => t('apiKeys.server.readOnly')],
  [/^must be in the future$/, (t) => t('apiKeys.server.future')],
  [/^must name at least one family$/, (t) => t('apiKeys.server.oneFamily')],
  [/^No family has the id ([\d, ]+)$/, (t, m) => t('apiKeys.server.noFamily', { ids: m[1] })],
  // Webhooks (docs/decisions/0051-webhooks.md): the address rules outbound calls follow
  // (docs/decisions/0050-outbound-addresses.md), the events, and why a subscription is off.
  [/^must be an address such as/, (t) => t('webhooks.server.address')],
  [/^must be an https address$/, (t) => t('webhooks.server.https')],
  [/^must not carry a user name or password$/, (t) => t('webhooks.server.credentials')],
  [
    /^must not point at a private or local address \((.+)\)$/,
    (t, m) => t('webhooks.server.private', { host: m[1] }),
  ],
  [
    /^(\S+) resolves to a private or local address \((.+)\)$/,
    (t, m) => t('webhooks.server.resolvesPrivate', { host: m[1], address: m[2] }),
  ],
  [/^(\S+) does not resolve$/, (t, m) => t('webhooks.server.unresolved', { host: m[1] })],
  [/^must name at least one event type$/, (t) => t('webhooks.server.oneEvent')],
  [/^The receiver answered (\d+)$/, (t, m) => t('webhooks.server.answered', { code: m[1] })],
  [/^No answer within (\d+) s$/, (t, m) => t('webhooks.server.noAnswerWithin', { seconds: m[1] })],
  [/^The request failed$/, (t) => t('webhooks.server.requestFailed')],
  [/^Turned off by (.+)$/, (t, m) => t('webhooks.server.turnedOffBy', { name: `\u2068${m[1]}\u2069` })],
  [
    /^Deliveries failed for 24 hours \(last: (.*)\); turned off$/,
    (t, m) =>
      t('webhooks.server.failedDay', { error: `\u2068${knownServerMessage(m[1] ?? '', t) ?? m[1]}\u2069` }),
  ],
  [/^Sign in to continue$/, (t) => t('errors.sessionEnded')],
  [/^Incorrect username or password$/, (t) => t('errors.badCredentials')],
];

addServerMessages(RULES);
