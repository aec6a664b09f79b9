import type { AttributeBody } from '@dalil/contracts/attributes';

/** An attribute of a set, as the set defines it; the family and categories come with the request. */
type SetAttribute = Omit<AttributeBody, 'family' | 'categories' | 'position'>;

const NUTRITION = { ar: 'القيم الغذائية لكل ١٠٠ غ / ١٠٠ مل', en: 'Nutrition per 100 g / 100 ml' };

const grams = (key: string, en: string, ar: string): SetAttribute => ({
  key,
  name: { ar, en },
  group: NUTRITION,
  type: 'number',
  unit: 'g',
});

/** The 14 allergens food labels must name (the EU's list, which the Gulf and Arab standards follow). */
const ALLERGENS = [
  ['gluten', 'Cereals containing gluten', 'الحبوب المحتوية على الغلوتين'],
  ['crustaceans', 'Crustaceans', 'القشريات'],
  ['eggs', 'Eggs', 'البيض'],
  ['fish', 'Fish', 'الأسماك'],
  ['peanuts', 'Peanuts', 'الفول السوداني'],
  ['soybeans', 'Soybeans', 'فول الصويا'],
  ['milk', 'Milk', 'الحليب'],
  ['tree_nuts', 'Tree nuts', 'المكسرات'],
  ['celery', 'Celery', 'الكرفس'],
  ['mustard', 'Mustard', 'الخردل'],
  ['sesame', 'Sesame seeds', 'بذور السمسم'],
  ['sulphites', 'Sulphites', 'الكبريتيتات'],
  ['lupin', 'Lupin', 'الترمس'],
  ['molluscs', 'Molluscs', 'الرخويات'],
] as const;

/**
 * The food-labelling set (POST /api/attribute/sets/food): what a food label carries beyond the
 * product's fixed fields, in the order the product page shows it. Its keys are fixed, so imports and
 * search filters can name them in every family that has the set.
 */
export const FOOD_SET: readonly SetAttribute[] = [
  {
    key: 'ingredients',
    name: { ar: 'المكونات', en: 'Ingredients' },
    type: 'longText',
    required: 'both',
  },
  {
    key: 'allergens',
    name: { ar: 'مسببات الحساسية', en: 'Allergens' },
    type: 'choices',
    options: ALLERGENS.map(([key, en, ar]) => ({ key, name: { ar, en } })),
  },
  {
    key: 'nutrition_basis',
    name: { ar: 'أساس القيم الغذائية', en: 'Nutrition basis' },
    group: NUTRITION,
    type: 'choice',
    options: [
      { key: 'per_100g', name: { ar: 'لكل ١٠٠ غ', en: 'Per 100 g' } },
      { key: 'per_100ml', name: { ar: 'لكل ١٠٠ مل', en: 'Per 100 ml' } },
    ],
  },
  {
    key: 'energy_kcal',
    name: { ar: 'الطاقة (كيلو كالوري)', en: 'Energy (kcal)' },
    group: NUTRITION,
    type: 'number',
    unit: 'kcal',
  },
  {
    key: 'energy_kj',
    name: { ar: 'الطاقة (كيلو جول)', en: 'Energy (kJ)' },
    group: NUTRITION,
    type: 'number',
    unit: 'kJ',
  },
  grams('fat', 'Fat', 'الدهون'),
  grams('saturated_fat', 'Saturated fat', 'الدهون المشبعة'),
  grams('carbohydrate', 'Carbohydrate', 'الكربوهيدرات'),
  grams('sugars', 'Sugars', 'السكريات'),
  grams('protein', 'Protein', 'البروتين'),
  grams('salt', 'Salt', 'الملح'),
  {
    key: 'storage',
    name: { ar: 'طريقة التخزين', en: 'Storage' },
    type: 'text',
  },
  {
    key: 'country_of_origin',
    name: { ar: 'بلد المنشأ', en: 'Country of origin' },
    type: 'text',
  },
];
