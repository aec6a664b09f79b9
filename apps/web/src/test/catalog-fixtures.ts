import type { Family } from '@dalil/contracts/families';
import type { Product } from '@dalil/contracts/products';

/**
 * A product as the API answers it, every optional field empty: tests name only what they show
 * (`productFixture({ barcode: '6281000000057', image: 'Olives000001.webp' })`).
 */
export function productFixture(
  fields: Partial<Product> & { nameEn?: string; nameAr?: string } = {},
): Product {
  const nameEn = fields.nameEn ?? 'Green olives';
  const nameAr = fields.nameAr ?? 'زيتون أخضر';
  return {
    id: 5,
    name: { ar: nameAr, en: nameEn },
    nameAr,
    nameEn,
    family: 1,
    category: 2,
    subCategory: null,
    barcode: null,
    number: null,
    netWeight: null,
    drainedWeight: null,
    unitsPerCarton: null,
    cartonPerPalate: null,
    descriptionEn: null,
    descriptionAr: null,
    cost: null,
    shelfLife: null,
    logo: null,
    image: null,
    status: 'published',
    publishAt: null,
    attributes: {},
    completeness: { ar: 100, en: 100 },
    ...fields,
  };
}

/** A family as the API answers it, without images unless given. */
export function familyFixture(fields: Partial<Family> = {}): Family {
  return {
    id: 1,
    name: { ar: 'النخيل للأغذية', en: 'Al Nakheel Foods' },
    nameAr: 'النخيل للأغذية',
    nameEn: 'Al Nakheel Foods',
    logo: null,
    image: null,
    cover: null,
    requireValidGtin: false,
    status: 'published',
    publishAt: null,
    ...fields,
  };
}
