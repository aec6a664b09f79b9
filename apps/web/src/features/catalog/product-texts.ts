import { i18n } from '../../lib/i18n';
import productAr from '../../lib/locales/catalog-product.ar.json';
import productEn from '../../lib/locales/catalog-product.en.json';

// The product page's texts (`catalog.product`) load with the modules that show them, not with the
// visitor's first screen: importing this module adds them.
i18n.addMessages('en', { catalog: productEn });
i18n.addMessages('ar', { catalog: productAr });
