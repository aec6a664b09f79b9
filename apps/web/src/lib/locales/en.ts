import catalogEn from './catalog.en.json';
import countsEn from './counts.en.json';
import type adminEn from './admin.en.json';
import type apiKeysEn from './api-keys.en.json';
import type feedsEn from './feeds.en.json';
import type webhooksEn from './webhooks.en.json';
import type attributesEn from './attributes.en.json';
import type bulkEn from './bulk.en.json';
import type catalogFiltersEn from './catalog-filters.en.json';
import type imagesEn from './images.en.json';
import type uploadEn from './upload.en.json';
import type errorCodesEn from './error-codes.en.json';
import type adminNavEn from './admin-nav.en.json';
import type countsAdminEn from './counts-admin.en.json';
import type catalogProductEn from './catalog-product.en.json';
import type catalogPrintEn from './catalog-print.en.json';

/** English UI strings. Screen titles, labels and messages keep the catalogue's established English wording. */
export const en = {
  app: { name: 'Dalil', tagline: 'Product catalogue' },
  /** A count with its noun, in every plural form the language has (lib/plural.ts). */
  counts: countsEn,
  prefs: {
    toLight: 'Switch to light mode',
    toDark: 'Switch to dark mode',
    toLtr: 'Switch to left-to-right layout',
    toRtl: 'Switch to right-to-left layout',
    otherLanguage: 'العربية',
    changeLanguage: 'Change language to Arabic',
  },
  auth: {
    adminTitle: 'Admin login',
    adminSubtitle: 'Manage families, categories, products and users.',
    catalogTitle: 'Catalogue login',
    catalogSubtitle: 'Sign in to browse the catalogue.',
    username: 'Username',
    password: 'Password',
    login: 'Login',
    signIn: 'Sign in',
    signInHint: 'Sign in with your own account to see your companies',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    signingIn: 'Signing you in…',
    checkingSession: 'Checking your session…',
  },
  validation: { required: 'This field is required' },
  errors: {
    badCredentials: 'Incorrect username or password',
    timeout: 'The server took too long to answer. Please try again.',
    network: 'The server could not be reached. Check your connection and try again.',
    sessionEnded: 'Your session has ended. Please sign in again.',
    badRequest: 'Some of the information is not valid.',
    forbidden: 'You do not have access to this.',
    notFound: 'What you asked for was not found.',
    conflict: 'This clashes with something that already exists.',
    tooLarge: 'The file is too large.',
    tooMany: 'Too many attempts. Please wait a moment and try again.',
    server: 'Something went wrong on the server. Please try again.',
    fieldProblem: '{{field}}: {{message}}',
    generic: 'Something went wrong.',
    dismiss: 'Close',
    requestId: 'Reference: {{id}}',
  },
  unreachable: {
    title: 'The server cannot be reached',
    text: 'Check your connection. This page carries on by itself as soon as the server answers again.',
    retry: 'Retry',
  },
  errorPage: {
    title: 'Oops!',
    text: 'Sorry, an unexpected error has occurred.',
    notFound: 'Not Found',
    home: 'Go to the catalogue',
  },
  catalog: catalogEn,
  pages: {
    familyChooser: 'Choose the company to know more',
    catalogMain: 'Discover our products and all our varieties',
    product: 'Product',
    catalogPrint: 'Printable catalogue',
    notFound: 'Page not found',
  },
};

/** What the visitor's screens need; the admin area adds its texts when it loads (lib/admin-texts.ts). */
export type BaseMessages = typeof en;
/**
 * The visitor's texts and the admin area's: the keys `t` accepts. The admin menu's labels (`nav`) and
 * the admin screens' titles (more of `pages`) are the admin area's (admin-nav.*.json).
 */
type Messages = BaseMessages &
  typeof adminNavEn & {
    admin: typeof adminEn;
    upload: typeof uploadEn;
    images: typeof imagesEn;
    apiKeys: typeof apiKeysEn;
    feeds: typeof feedsEn;
    webhooks: typeof webhooksEn;
    attributes: typeof attributesEn;
    /** The admin lists' bulk changes (features/admin/products/bulk-edit.tsx). */
    bulk: typeof bulkEn;
    /** Every error code's text (the error catalogue's, packages/contracts/src/error-codes.ts). */
    errorCodes: typeof errorCodesEn;
    /** Added by the catalogue's filter chips when they load (features/catalog/attribute-chips.tsx). */
    catalogFilters: typeof catalogFiltersEn;
    /** Added by the product page and the printable catalogue as they load (product-texts.ts, print-texts.ts). */
    catalog: typeof catalogProductEn & typeof catalogPrintEn;
    /** The counted nouns only the admin screens use (lib/admin-texts.ts). */
    counts: typeof countsAdminEn;
  };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
