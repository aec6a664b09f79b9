import { showParamsWith } from './error-text';
// The admin menu's labels and the admin screens' titles, merged into the visitor's `pages`.
import adminNavAr from './locales/admin-nav.ar.json';
import adminNavEn from './locales/admin-nav.en.json';
// The counted nouns only the admin screens use, merged into the visitor's `counts`.
import countsAdminAr from './locales/counts-admin.ar.json';
import countsAdminEn from './locales/counts-admin.en.json';
import { i18n } from './i18n';
import adminAr from './locales/admin.ar.json';
import adminEn from './locales/admin.en.json';
// File names in the upload texts sit in bidi isolates (U+2068, U+2069), so a Latin name does not pull
// the words after it into its direction.
import uploadAr from './locales/upload.ar.json';
import uploadEn from './locales/upload.en.json';
import imagesAr from './locales/images.ar.json';
import imagesEn from './locales/images.en.json';
import apiKeysAr from './locales/api-keys.ar.json';
import apiKeysEn from './locales/api-keys.en.json';
import feedsAr from './locales/feeds.ar.json';
import feedsEn from './locales/feeds.en.json';
import webhooksAr from './locales/webhooks.ar.json';
import webhooksEn from './locales/webhooks.en.json';
import attributesAr from './locales/attributes.ar.json';
import attributesEn from './locales/attributes.en.json';
import bulkAr from './locales/bulk.ar.json';
import bulkEn from './locales/bulk.en.json';
// Every error code's text (docs/decisions/0063-error-codes.md): the error answers' and the reasons
// the admin screens show.
import errorCodesAr from './locales/error-codes.ar.json';
import errorCodesEn from './locales/error-codes.en.json';
import { adminParams } from './sentence-text';

/**
 * The back office's texts (admin screens and uploads), in both languages. They are a third of the
 * dictionaries, so they load with the admin area instead of with every visitor's first screen
 * (docs/performance.md, "First visit"): importing this module adds them.
 */
export const adminTexts = {
  en: {
    ...adminNavEn,
    counts: countsAdminEn,
    admin: adminEn,
    upload: uploadEn,
    images: imagesEn,
    apiKeys: apiKeysEn,
    feeds: feedsEn,
    webhooks: webhooksEn,
    attributes: attributesEn,
    bulk: bulkEn,
    errorCodes: errorCodesEn,
  },
  ar: {
    ...adminNavAr,
    counts: countsAdminAr,
    admin: adminAr,
    upload: uploadAr,
    images: imagesAr,
    apiKeys: apiKeysAr,
    feeds: feedsAr,
    webhooks: webhooksAr,
    attributes: attributesAr,
    bulk: bulkAr,
    errorCodes: errorCodesAr,
  },
};

i18n.addMessages('en', adminTexts.en);
i18n.addMessages('ar', adminTexts.ar);
showParamsWith(adminParams);
