import { checkGtin } from '@dalil/contracts/gtin';
import type { VisitorLanguage } from '../../lib/visitor-addresses';
import type { PageProduct } from './pages.repository';

/** One step of a page's breadcrumb trail: its name and absolute address. */
export interface Crumb {
  name: string;
  url: string;
}

const CONTEXT = 'https://schema.org';

export function breadcrumbList(crumbs: Crumb[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
}

export function organization(name: string, url: string): object {
  return { '@context': CONTEXT, '@type': 'Organization', name, url };
}

/** The gtin8/12/13/14 property of a barcode whose GS1 check digit is right; nothing otherwise. */
function gtinProperty(barcode: string | null): Record<string, string> {
  if (barcode === null) return {};
  const check = checkGtin(barcode);
  return check.valid ? { [`gtin${check.length}`]: barcode } : {};
}

export interface ProductFacts {
  product: PageProduct;
  language: VisitorLanguage;
  url: string;
  description: string;
  /** Absolute image addresses, the preview JPEG first. */
  images: string[];
  /** ISO 4217; null: no offer is stated (a price without a currency says nothing). */
  currency: string | null;
}

/** The schema.org Product of a product page, with the properties Google reads for product snippets. */
export function productData({ product, language, url, description, images, currency }: ProductFacts): object {
  const name = language === 'ar' ? product.nameAr : product.nameEn;
  const family = language === 'ar' ? product.family.nameAr : product.family.nameEn;
  const category = product.categories[0];
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name,
    url,
    description,
    ...(images.length ? { image: images } : {}),
    ...(product.number ? { sku: product.number } : {}),
    ...gtinProperty(product.barcode),
    brand: { '@type': 'Brand', name: family },
    ...(category ? { category: language === 'ar' ? category.nameAr : category.nameEn } : {}),
    ...(product.cost !== null && currency
      ? { offers: { '@type': 'Offer', price: product.cost, priceCurrency: currency, url } }
      : {}),
  };
}
