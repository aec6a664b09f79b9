import type { AttributeType, AttributeUnit, AttributeValue } from '@dalil/contracts/attributes';
import type { Db } from '../../apps/server/src/db/client';
import { attributes } from '../../apps/server/src/db/schema';

// Typed attributes of a generated catalogue (docs/decisions/0056-typed-attributes.md): with
// `--attributes N` every family gets the first N of SPECS (cycling, with a numbered key past the
// tenth) assigned to all its categories, and every product a value for each.

interface Spec {
  key: string;
  en: string;
  ar: string;
  type: AttributeType;
  unit?: AttributeUnit;
  /** Option keys of a choice or choices attribute. */
  options?: string[];
  /** Highest value of a number attribute. */
  max?: number;
}

const ORIGINS = ['sa', 'ae', 'eg', 'jo', 'tr', 'in', 'fr', 'br'];
const PACKS = ['bottle', 'can', 'box', 'bag', 'jar'];
const ALLERGENS = [
  'gluten',
  'milk',
  'egg',
  'peanut',
  'tree_nut',
  'soy',
  'fish',
  'shellfish',
  'sesame',
  'mustard',
  'celery',
  'lupin',
  'sulphite',
  'mollusc',
];

/** The realistic mix for 10: 2 choice, 1 choices, 3 numbers, 2 texts, 1 long text, 1 boolean. */
const SPECS: Spec[] = [
  { key: 'origin', en: 'Origin', ar: 'بلد المنشأ', type: 'choice', options: ORIGINS },
  { key: 'allergens', en: 'Allergens', ar: 'مسببات الحساسية', type: 'choices', options: ALLERGENS },
  { key: 'energy', en: 'Energy', ar: 'الطاقة', type: 'number', unit: 'kcal', max: 900 },
  { key: 'flavour', en: 'Flavour', ar: 'النكهة', type: 'text' },
  { key: 'pack_type', en: 'Pack type', ar: 'نوع العبوة', type: 'choice', options: PACKS },
  { key: 'protein', en: 'Protein', ar: 'البروتين', type: 'number', unit: 'g', max: 40 },
  { key: 'ingredients', en: 'Ingredients', ar: 'المكونات', type: 'longText' },
  { key: 'organic', en: 'Organic', ar: 'عضوي', type: 'boolean' },
  { key: 'sugar', en: 'Sugar', ar: 'السكر', type: 'number', unit: 'g', max: 60 },
  { key: 'storage', en: 'Storage', ar: 'طريقة الحفظ', type: 'text' },
];

const WORDS: [string, string][] = [
  ['sweet', 'حلو'],
  ['salty', 'مالح'],
  ['mild', 'خفيف'],
  ['rich', 'غني'],
  ['cool and dry place', 'مكان بارد وجاف'],
  ['refrigerated', 'مبرد'],
  ['wheat flour', 'دقيق القمح'],
  ['vegetable oil', 'زيت نباتي'],
  ['natural flavours', 'نكهات طبيعية'],
];

/** The first `n` attributes of the mix, cycling; keys past the tenth get a round number. */
export function attributeSpecs(n: number): Spec[] {
  return Array.from({ length: n }, (_, i) => {
    const spec = SPECS[i % SPECS.length]!;
    const round = Math.floor(i / SPECS.length);
    return round === 0 ? spec : { ...spec, key: `${spec.key}_${round + 1}`, en: `${spec.en} ${round + 1}` };
  });
}

/** The `attributes` rows of one family, on all its categories; the choices are required in both languages. */
export async function insertAttributes(
  db: Pick<Db, 'insert'>,
  familyId: number,
  categoryIds: number[],
  n: number,
) {
  const specs = attributeSpecs(n);
  if (specs.length === 0) return;
  await db.insert(attributes).values(
    specs.map((s, position) => ({
      familyId,
      key: s.key,
      nameEn: s.en,
      nameAr: s.ar,
      groupEn: s.type === 'number' ? 'Nutrition' : null,
      groupAr: s.type === 'number' ? 'القيمة الغذائية' : null,
      type: s.type,
      unit: s.unit ?? null,
      options: (s.options ?? []).map((key) => ({ key, name: { en: key.toUpperCase(), ar: `خيار ${key}` } })),
      required: s.type === 'choice' ? ('both' as const) : ('none' as const),
      categoryIds,
      position,
    })),
  );
}

const pick = <T>(items: T[], rnd: () => number): T => items[Math.floor(rnd() * items.length)]!;

/** A product's value of one attribute, as stored in `products.attributes`. */
function valueOf(spec: Spec, rnd: () => number): AttributeValue {
  switch (spec.type) {
    case 'choice':
      return pick(spec.options!, rnd);
    case 'choices': {
      const chosen = new Set<string>();
      const count = Math.floor(rnd() * 4);
      while (chosen.size < count) chosen.add(pick(spec.options!, rnd));
      return [...chosen];
    }
    case 'number':
      return Math.round(rnd() * spec.max! * 10) / 10;
    case 'boolean':
      return rnd() < 0.3;
    case 'date':
      return `2026-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-15`;
    default: {
      const [a, b] = [pick(WORDS, rnd), pick(WORDS, rnd)];
      return spec.type === 'text'
        ? { en: a[0], ar: a[1] }
        : { en: `${a[0]}, ${b[0]}`, ar: `${a[1]}، ${b[1]}` };
    }
  }
}

/** Every attribute's value for one product, keyed by attribute key. */
export function attributeValues(specs: Spec[], rnd: () => number): Record<string, AttributeValue> {
  return Object.fromEntries(specs.map((s) => [s.key, valueOf(s, rnd)]));
}

/** The import columns of the attributes: `attr.<key>`, or `.ar` and `.en` for texts. */
export const attributeColumns = (specs: Spec[]): string[] =>
  specs.flatMap((s) =>
    s.type === 'text' || s.type === 'longText' ? [`attr.${s.key}.ar`, `attr.${s.key}.en`] : [`attr.${s.key}`],
  );

/** One product's cells under `attributeColumns`, as a spreadsheet holds them (numbers as numbers). */
export function attributeCells(specs: Spec[], rnd: () => number): (string | number)[] {
  return specs.flatMap((s) => {
    const v = valueOf(s, rnd);
    if (s.type === 'text' || s.type === 'longText') {
      const t = v as { ar: string; en: string };
      return [t.ar, t.en];
    }
    if (Array.isArray(v)) return [v.join('|')];
    if (typeof v === 'boolean') return [v ? 'yes' : 'no'];
    return [v as string | number];
  });
}

/** The first choice attribute and its options: what the search bench filters and counts by. */
export function choiceAttribute(n: number): { key: string; options: string[] } | null {
  const spec = attributeSpecs(n).find((s) => s.type === 'choice');
  return spec ? { key: spec.key, options: spec.options! } : null;
}
