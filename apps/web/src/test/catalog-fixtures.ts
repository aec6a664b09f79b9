import type { ShownAttribute } from '@dalil/contracts/attributes';
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

const grams = (key: string, en: string, ar: string): ShownAttribute => ({
  key,
  name: { en, ar },
  group: { en: 'Nutrition per 100 g / 100 ml', ar: 'القيم الغذائية لكل ١٠٠ غ / ١٠٠ مل' },
  type: 'number',
  unit: 'g',
  options: [],
});

/**
 * A food product's values and their definitions as the product read carries them (the food set's
 * keys), with the ingredients written in Arabic only.
 */
export function foodAttributesFixture(): Pick<Product, 'attributes' | 'attributeDefinitions'> {
  return {
    attributes: {
      ingredients: { ar: 'زيتون، ماء، ملح', en: '' },
      allergens: ['milk', 'sesame'],
      energy_kcal: 145,
      energy_kj: 607,
      fat: 15.3,
      saturated_fat: 2,
      carbohydrate: 3.8,
      sugars: 0.5,
      protein: 1,
      salt: 3.1,
      country_of_origin: { ar: 'الأردن', en: 'Jordan' },
      organic: false,
    },
    attributeDefinitions: [
      {
        key: 'ingredients',
        name: { en: 'Ingredients', ar: 'المكونات' },
        group: null,
        type: 'longText',
        unit: null,
        options: [],
      },
      {
        key: 'allergens',
        name: { en: 'Allergens', ar: 'مسببات الحساسية' },
        group: null,
        type: 'choices',
        unit: null,
        options: [
          { key: 'milk', name: { en: 'Milk', ar: 'الحليب' } },
          { key: 'sesame', name: { en: 'Sesame seeds', ar: 'بذور السمسم' } },
        ],
      },
      { ...grams('energy_kcal', 'Energy (kcal)', 'الطاقة (كيلو كالوري)'), unit: 'kcal' },
      { ...grams('energy_kj', 'Energy (kJ)', 'الطاقة (كيلو جول)'), unit: 'kJ' },
      grams('fat', 'Fat', 'الدهون'),
      grams('saturated_fat', 'Saturated fat', 'الدهون المشبعة'),
      grams('carbohydrate', 'Carbohydrate', 'الكربوهيدرات'),
      grams('sugars', 'Sugars', 'السكريات'),
      grams('protein', 'Protein', 'البروتين'),
      grams('salt', 'Salt', 'الملح'),
      {
        key: 'country_of_origin',
        name: { en: 'Country of origin', ar: 'بلد المنشأ' },
        group: null,
        type: 'text',
        unit: null,
        options: [],
      },
      {
        key: 'organic',
        name: { en: 'Organic', ar: 'عضوي' },
        group: { en: 'Farming', ar: 'الزراعة' },
        type: 'boolean',
        unit: null,
        options: [],
      },
    ],
  };
}
