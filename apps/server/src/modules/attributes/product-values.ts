import type { AttributeValue, ProductAttributes, ShownAttribute } from '@dalil/contracts/attributes';
import type { Account } from '@dalil/contracts/auth';
import { toAsciiDigits } from '@dalil/contracts/search-text';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { attributes } from '../../db/schema';
import { fieldError, fieldProblem } from '../../lib/errors';
import { seesDrafts } from '../../core/publication';
import type { AttributeRow } from './attribute-row';

type Values = ProductAttributes;

const TEXT_LIMITS = { text: 500, longText: 5000 } as const;

/** The attributes of a family, to check and show its products' values. */
export const familyAttributes = (db: Db | Tx, family: number): Promise<AttributeRow[]> =>
  db.select().from(attributes).where(eq(attributes.familyId, family));

/** The attributes of several families, by family (one query for a page of products). */
export async function attributesByFamily(
  db: Db | Tx,
  families: number[],
): Promise<Map<number, AttributeRow[]>> {
  const byFamily = new Map<number, AttributeRow[]>(families.map((f) => [f, []]));
  if (families.length === 0) return byFamily;
  const rows = await db
    .select()
    .from(attributes)
    .where(inArray(attributes.familyId, [...new Set(families)]));
  for (const row of rows) byFamily.get(row.familyId)?.push(row);
  return byFamily;
}

/** The attributes a product of this category (and sub-category) has: assigned to either. */
const attributesOf = (all: AttributeRow[], category: number, subCategory: number | null) =>
  all.filter(
    (a) => a.categoryIds.includes(category) || (subCategory !== null && a.categoryIds.includes(subCategory)),
  );

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const optionNames = (a: AttributeRow) => a.options.map((o) => o.key).join(', ');

/** A real calendar date written YYYY-MM-DD. */
function isDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A 400 naming `attributes.<key>` (or one language of a text); made only when a value is wrong. */
const badValue = (a: AttributeRow, message: string, lang?: 'ar' | 'en') =>
  fieldProblem(400, `attributes.${a.key}${lang ? `.${lang}` : ''}`, message);

/**
 * One value checked against its attribute's type and stored form; undefined when it is empty (the
 * product then has no value). A wrong value is a 400 naming `attributes.<key>`.
 */
export function checkValue(a: AttributeRow, value: unknown): AttributeValue | undefined {
  if (isEmpty(value)) return undefined;
  switch (a.type) {
    case 'text':
    case 'longText': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw badValue(a, 'must be a text in each language: { "ar": ..., "en": ... }');
      }
      const stray = Object.keys(value as object).find((k) => k !== 'ar' && k !== 'en');
      if (stray !== undefined) {
        const key = stray.slice(0, 40);
        throw fieldError(400, `attributes.${a.key}.${key}`, 'attribute.notALanguage', { key });
      }
      const limit = TEXT_LIMITS[a.type];
      const out: { ar: string; en: string } = { ar: '', en: '' };
      for (const lang of ['ar', 'en'] as const) {
        const text = (value as Record<string, unknown>)[lang] ?? '';
        if (typeof text !== 'string') throw badValue(a, 'must be a text', lang);
        const trimmed = text.trim();
        if (trimmed.length > limit) throw badValue(a, `must be at most ${limit} characters`, lang);
        out[lang] = trimmed;
      }
      return out.ar === '' && out.en === '' ? undefined : out;
    }
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(toAsciiDigits(value.trim()))
            ? Number(toAsciiDigits(value.trim()))
            : NaN;
      if (!Number.isFinite(n)) throw badValue(a, 'must be a number');
      return n;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw badValue(a, 'must be true or false');
      return value;
    case 'choice':
      if (typeof value !== 'string') throw badValue(a, 'must be one option key');
      if (!a.options.some((o) => o.key === value)) {
        throw badValue(a, `"${value}" is not an option of ${a.nameEn}: ${optionNames(a)}`);
      }
      return value;
    case 'choices': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        throw badValue(a, 'must be a list of option keys');
      }
      const keys = value as string[];
      const unknown = keys.find((k) => !a.options.some((o) => o.key === k));
      if (unknown !== undefined)
        throw badValue(a, `"${unknown}" is not an option of ${a.nameEn}: ${optionNames(a)}`);
      if (new Set(keys).size !== keys.length) throw badValue(a, 'must not name an option twice');
      // Stored in the attribute's option order, so the same choice always reads the same.
      return a.options.map((o) => o.key).filter((k) => keys.includes(k));
    }
    case 'date':
      if (typeof value !== 'string' || !isDate(value)) throw badValue(a, 'must be a date written YYYY-MM-DD');
      return value;
  }
}

export interface ValuesWrite {
  /** The family's attributes. */
  all: AttributeRow[];
  /** The product's category and sub-category after the write, and before it (none on a create). */
  category: number;
  subCategory: number | null;
  was?: { category: number; subCategory: number | null; values: Values };
  /** The body's values; undefined: left out (unchanged). */
  given: Values | undefined;
}

/**
 * The values a product stores after a create or update. The body's values are checked against the
 * attributes of the product's category; empty ones are removed. Left out, the stored values of those
 * attributes stay. Values of the attributes the product no longer has (its category changed) are
 * dropped, and a body may still carry them then (a form filled before the change); any other key that
 * is not one of its attributes is refused. Values of attributes deleted since are kept as they are:
 * reverting the delete shows them again.
 */
export function productValues(w: ValuesWrite): Values {
  const mine = attributesOf(w.all, w.category, w.subCategory);
  const stored = w.was?.values ?? {};
  const known = new Set(w.all.map((a) => a.key));
  const out: Values = Object.fromEntries(Object.entries(stored).filter(([k]) => !known.has(k)));
  if (w.given === undefined) {
    for (const a of mine) if (a.key in stored) out[a.key] = stored[a.key]!;
    return out;
  }
  const moved = w.was !== undefined && (w.was.category !== w.category || w.was.subCategory !== w.subCategory);
  const before = w.was
    ? new Set(attributesOf(w.all, w.was.category, w.was.subCategory).map((a) => a.key))
    : null;
  for (const key of Object.keys(w.given)) {
    if (mine.some((a) => a.key === key)) continue;
    if (moved && before?.has(key)) continue;
    throw fieldError(400, `attributes.${key}`, 'attribute.notOfCategory', {});
  }
  for (const a of mine) {
    const value = checkValue(a, w.given[a.key]);
    if (value !== undefined) out[a.key] = value;
  }
  return out;
}

/**
 * The values a product shows: those of the attributes its category has, and to a visitor (anyone who
 * does not edit its family) only those of visible attributes.
 */
export function shownValues(
  values: Values,
  all: AttributeRow[],
  product: { family: number; category: number; subCategory: number | null },
  caller: Account | null,
): Values {
  const staff = seesDrafts(caller, product.family);
  const out: Values = {};
  for (const a of attributesOf(all, product.category, product.subCategory)) {
    if ((staff || a.visible) && a.key in values) out[a.key] = values[a.key]!;
  }
  return out;
}

/**
 * The definitions a reader needs to show `shown` (a product's shown values): the visible attributes
 * among them, by position, with only the options the values chose. Staff, who see every value, get
 * only the visible ones too: the catalogue pages show what a visitor sees.
 */
export function shownDefinitions(shown: Values, all: AttributeRow[]): ShownAttribute[] {
  return all
    .filter((a) => a.visible && a.key in shown)
    .sort((x, y) => x.position - y.position || x.id - y.id)
    .map((a) => {
      const value = shown[a.key];
      const chosen = Array.isArray(value) ? value : [value];
      return {
        key: a.key,
        name: { ar: a.nameAr, en: a.nameEn },
        group: a.groupAr === null || a.groupEn === null ? null : { ar: a.groupAr, en: a.groupEn },
        type: a.type,
        unit: a.unit,
        options: a.options.filter((o) => chosen.includes(o.key)),
      };
    });
}
