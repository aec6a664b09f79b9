import { i18n } from '../../../lib/i18n';
import printAr from '../../../lib/locales/catalog-print.ar.json';
import printEn from '../../../lib/locales/catalog-print.en.json';

// The printable catalogue's texts (`catalog.print`) load with it, not with the visitor's first
// screen: importing this module adds them.
i18n.addMessages('en', { catalog: printEn });
i18n.addMessages('ar', { catalog: printAr });
