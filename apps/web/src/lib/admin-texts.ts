import { i18n } from '../i18n';
import adminAr from './admin.ar.json';
import adminEn from './admin.en.json';
// File names in the upload texts sit in bidi isolates (U+2068, U+2069), so a Latin name does not pull
// the words after it into its direction.
import uploadAr from './upload.ar.json';
import uploadEn from './upload.en.json';
import imagesAr from './images.ar.json';
import imagesEn from './images.en.json';
import './server-message-rules';

/**
 * The back office's texts (admin screens and uploads), in both languages. They are a third of the
 * dictionaries, so they load with the admin area instead of with every visitor's first screen
 * (docs/performance.md, "First visit"): importing this module adds them.
 */
export const adminTexts = {
  en: { admin: adminEn, upload: uploadEn, images: imagesEn },
  ar: { admin: adminAr, upload: uploadAr, images: imagesAr },
};

i18n.addMessages('en', adminTexts.en);
i18n.addMessages('ar', adminTexts.ar);
