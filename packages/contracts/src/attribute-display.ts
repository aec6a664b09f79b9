// How a product's attribute values read on the catalogue pages: the web app's product page and
// printed catalogue and the server's rendered product page all show them through this module.
import type { AttributeUnit, ProductAttributes, ShownAttribute } from './attributes';

type Language = 'ar' | 'en';

/** A text and the language it is in (a value missing in the page's language falls back to the other). */
export interface ShownText {
  text: string;
  lang: Language;
}

interface AttributeLine {
  key: string;
  label: ShownText;
  value: ShownText;
  /** A long text (ingredients): shown as a paragraph. */
  long: boolean;
}

export interface AttributeGroup {
  /** The attributes' group, or for those without one, the words for the product's details. */
  title: ShownText;
  lines: AttributeLine[];
}

interface NutritionRow {
  key: string;
  label: string;
  value: string;
  /** "of which ...": indented under the row before. */
  sub: boolean;
}

export interface NutritionTable {
  caption: string;
  /** The column headers: the nutrient, and the amount per 100 g or ml. */
  nutrient: string;
  amount: string;
  rows: NutritionRow[];
}

export interface AttributeDisplay {
  groups: AttributeGroup[];
  nutrition: NutritionTable | null;
}

/** The food-labelling set's nutrition values, in a label's order (keys as in the server's food set). */
const NUTRITION_ROWS = [
  { keys: ['energy_kcal', 'energy_kj'], label: { en: 'Energy', ar: 'الطاقة' }, sub: false },
  { keys: ['fat'], label: { en: 'Fat', ar: 'الدهون' }, sub: false },
  { keys: ['saturated_fat'], label: { en: 'of which saturates', ar: 'منها الدهون المشبعة' }, sub: true },
  { keys: ['carbohydrate'], label: { en: 'Carbohydrate', ar: 'الكربوهيدرات' }, sub: false },
  { keys: ['sugars'], label: { en: 'of which sugars', ar: 'منها السكريات' }, sub: true },
  { keys: ['protein'], label: { en: 'Protein', ar: 'البروتين' }, sub: false },
  { keys: ['salt'], label: { en: 'Salt', ar: 'الملح' }, sub: false },
] as const;

/** The food set's choice of 100 g or 100 ml; it names the table's basis rather than being a row. */
const NUTRITION_BASIS_KEY = 'nutrition_basis';

/** Every key the nutrition table shows. */
export const NUTRITION_KEYS: readonly string[] = [
  NUTRITION_BASIS_KEY,
  ...NUTRITION_ROWS.flatMap((row) => row.keys),
];

/** Unit labels in each language. */
const UNIT_LABELS: Record<AttributeUnit, Record<Language, string>> = {
  g: { en: 'g', ar: 'غ' },
  kg: { en: 'kg', ar: 'كغ' },
  mg: { en: 'mg', ar: 'ملغ' },
  ml: { en: 'ml', ar: 'مل' },
  l: { en: 'l', ar: 'ل' },
  kcal: { en: 'kcal', ar: 'كيلو كالوري' },
  kJ: { en: 'kJ', ar: 'كيلو جول' },
  '%': { en: '%', ar: '٪' },
  mm: { en: 'mm', ar: 'مم' },
  cm: { en: 'cm', ar: 'سم' },
  m: { en: 'm', ar: 'م' },
  pcs: { en: 'pcs', ar: 'قطعة' },
  days: { en: 'days', ar: 'يوم' },
  months: { en: 'months', ar: 'شهر' },
};

const WORDS = {
  en: {
    yes: 'Yes',
    no: 'No',
    details: 'Product information',
    nutrient: 'Nutrient',
    caption: (basis: string) => `Nutrition facts per ${basis}`,
    per: (basis: string) => `Per ${basis}`,
    list: ', ',
  },
  ar: {
    yes: 'نعم',
    no: 'لا',
    details: 'معلومات المنتج',
    nutrient: 'العنصر الغذائي',
    caption: (basis: string) => `القيم الغذائية لكل ${basis}`,
    per: (basis: string) => `لكل ${basis}`,
    list: '، ',
  },
} as const;

/** Western digits in both languages, as prices and barcodes are shown. */
const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

/** A number with its unit's label in the language ("12.5 g", "12.5 غ", "40%"). */
function formatAmount(value: number, unit: AttributeUnit | null, language: Language): string {
  const number = new Intl.NumberFormat(locale(language), { maximumFractionDigits: 3 }).format(value);
  if (!unit) return number;
  return unit === '%'
    ? `${number}${UNIT_LABELS[unit][language]}`
    : `${number} ${UNIT_LABELS[unit][language]}`;
}

/** A text of both languages in the page's, or the other's when the page's is empty. */
function inLanguage(text: { ar?: string | null; en?: string | null } | null, language: Language) {
  const other: Language = language === 'ar' ? 'en' : 'ar';
  const mine = text?.[language]?.trim();
  if (mine) return { text: mine, lang: language };
  const theirs = text?.[other]?.trim();
  return theirs ? { text: theirs, lang: other } : null;
}

/** One value as words in the page's language; null when there is nothing to show. */
export function formatValue(
  attribute: ShownAttribute,
  value: ProductAttributes[string] | undefined,
  language: Language,
): ShownText | null {
  if (value === null || value === undefined) return null;
  const words = WORDS[language];
  const said = (text: string): ShownText => ({ text, lang: language });
  const optionName = (key: string) => {
    const option = attribute.options.find((o) => o.key === key);
    return option ? (inLanguage(option.name, language)?.text ?? key) : key;
  };
  switch (attribute.type) {
    case 'text':
    case 'longText':
      return typeof value === 'object' && !Array.isArray(value) ? inLanguage(value, language) : null;
    case 'number':
      return typeof value === 'number' ? said(formatAmount(value, attribute.unit, language)) : null;
    case 'boolean':
      return typeof value === 'boolean' ? said(value ? words.yes : words.no) : null;
    case 'choice':
      return typeof value === 'string' ? said(optionName(value)) : null;
    case 'choices':
      return Array.isArray(value) && value.length ? said(value.map(optionName).join(words.list)) : null;
    case 'date': {
      if (typeof value !== 'string') return null;
      const date = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(date.getTime())) return null;
      return said(
        new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date),
      );
    }
  }
}

function nutritionTable(
  values: ProductAttributes,
  definitions: ShownAttribute[],
  language: Language,
): NutritionTable | null {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const rows: NutritionRow[] = [];
  for (const row of NUTRITION_ROWS) {
    const amounts = row.keys.flatMap((key) => {
      const definition = byKey.get(key);
      const value = values[key];
      return definition && typeof value === 'number' ? [formatAmount(value, definition.unit, language)] : [];
    });
    if (amounts.length) {
      rows.push({ key: row.keys[0], label: row.label[language], value: amounts.join(' / '), sub: row.sub });
    }
  }
  if (rows.length === 0) return null;
  const basis = values[NUTRITION_BASIS_KEY] === 'per_100ml' ? 'ml' : 'g';
  const amount = `100 ${UNIT_LABELS[basis][language]}`;
  const words = WORDS[language];
  return { caption: words.caption(amount), nutrient: words.nutrient, amount: words.per(amount), rows };
}

/**
 * A product's values as its page shows them: the nutrition values as a table, every other value as
 * a line under its group (groups in the order of their first attribute). `definitions` are the
 * product read's `attributeDefinitions`, in their order.
 */
export function attributeDisplay(
  values: ProductAttributes,
  definitions: ShownAttribute[],
  language: Language,
): AttributeDisplay {
  const nutrition = nutritionTable(values, definitions, language);
  const groups: AttributeGroup[] = [];
  const details: ShownText = { text: WORDS[language].details, lang: language };
  for (const attribute of definitions) {
    if (nutrition && NUTRITION_KEYS.includes(attribute.key)) continue;
    const value = formatValue(attribute, values[attribute.key], language);
    if (!value) continue;
    const title = inLanguage(attribute.group, language) ?? details;
    let group = groups.find((g) => g.title.text === title.text);
    if (!group) {
      group = { title, lines: [] };
      groups.push(group);
    }
    group.lines.push({
      key: attribute.key,
      label: inLanguage(attribute.name, language) ?? { text: attribute.key, lang: language },
      value,
      long: attribute.type === 'longText',
    });
  }
  return { groups, nutrition };
}
