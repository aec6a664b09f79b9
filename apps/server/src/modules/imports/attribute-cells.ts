import {
  attributeColumn,
  attributeColumns,
  isTextAttribute,
  type AttributeValue,
  type ProductAttributes,
} from '@dalil/contracts/attributes';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { attributes, categories, families } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { checkValue, type AttributeRow } from '../attributes/attributes.service';

/**
 * Attribute columns of imports and exports (docs/decisions/0056-typed-attributes.md, "Import and
 * export"): `attr.<key>` holds one attribute's value, `attr.<key>.ar` and `attr.<key>.en` the two
 * languages of a text or long text. Numbers are plain numbers (the unit is the attribute's), booleans
 * yes/no, a choice its option key, choices their keys separated by `|`, dates YYYY-MM-DD.
 */
export const ATTR_COLUMN = /^attr\.([a-z][a-z0-9_]{0,39})(?:\.(ar|en))?$/i;

type Lang = 'ar' | 'en';
const LANGS: Lang[] = ['ar', 'en'];

/** One family's attributes (in their order) and its categories by lower-case English name. */
export interface FamilyAttributes {
  attributes: AttributeRow[];
  categories: Map<string, number>;
}

/** The attributes an upload may name, by lower-case English family name. */
export type AttributeScope = Map<string, FamilyAttributes>;

/** Families' attributes in order (position, then id): one family, or every family that has some. */
export async function loadAttributeScope(db: Db | Tx, family?: number): Promise<AttributeScope> {
  const rows = await db
    .select()
    .from(attributes)
    .where(family === undefined ? undefined : eq(attributes.familyId, family))
    .orderBy(asc(attributes.position), asc(attributes.id));
  const ids = [...new Set(rows.map((r) => r.familyId))];
  if (family !== undefined && !ids.includes(family)) ids.push(family);
  if (ids.length === 0) return new Map();
  const cats = await db
    .select({ id: categories.id, familyId: categories.familyId, nameEn: categories.nameEn })
    .from(categories)
    .where(inArray(categories.familyId, ids));
  const names = await db
    .select({ id: families.id, nameEn: families.nameEn })
    .from(families)
    .where(inArray(families.id, ids));
  const scope: AttributeScope = new Map();
  for (const f of names) {
    const catMap = new Map(
      cats.filter((c) => c.familyId === f.id).map((c) => [c.nameEn.toLowerCase(), c.id]),
    );
    scope.set(f.nameEn.toLowerCase(), {
      attributes: rows.filter((r) => r.familyId === f.id),
      categories: catMap,
    });
  }
  return scope;
}

const NO_SUCH_KEY = 'the family has no attribute with this key';

/** A family's attribute column names, in its attribute order (a template's); 404 for no such family. */
export async function familyAttributeColumns(db: Db | Tx, family: number): Promise<string[]> {
  const scope = await loadAttributeScope(db, family);
  const [mine] = [...scope.values()];
  if (!mine) throw notFound('Family');
  return mine.attributes.flatMap(attributeColumns);
}

/** Why a file's attribute column cannot hold values of this family; null when it can. */
function columnProblem(name: string, family: FamilyAttributes | undefined): string | null {
  const [, key, lang] = ATTR_COLUMN.exec(name)!;
  const a = family?.attributes.find((x) => x.key === key!.toLowerCase());
  if (!a) return NO_SUCH_KEY;
  if (isTextAttribute(a) && !lang)
    return `${a.key} is a text in two languages: use ${attributeColumns(a).join(' and ')}`;
  if (!isTextAttribute(a) && lang)
    return `${a.key} is not a text in two languages: use ${attributeColumn(a.key)}`;
  return null;
}

/**
 * A file's attribute columns checked before its rows: a text's language column without the other is
 * a 400 (an absent column leaves values alone, so half a text cannot be written). In a per-family
 * upload (`family` given) an unknown key or a column of the wrong form is a 400 naming the column too;
 * an "all" file's rows are checked against their own family's attributes instead.
 */
export function checkAttributeHeader(names: string[], family?: FamilyAttributes): void {
  for (const name of names) {
    const problem = family ? columnProblem(name, family) : null;
    if (problem) {
      const unknown = problem === NO_SUCH_KEY;
      const details = [{ path: `header.${name}`, message: problem }];
      throw unknown
        ? badRequest('import.unknownAttributeColumn', { column: name, problem }, details)
        : badRequest('import.attributeColumn', { column: name, problem }, details);
    }
    const [, key, lang] = ATTR_COLUMN.exec(name)!;
    const other = lang
      ? attributeColumn(key!.toLowerCase(), lang.toLowerCase() === 'ar' ? 'en' : 'ar')
      : null;
    if (other && !names.includes(other)) {
      throw badRequest('import.otherLanguageMissing', { column: other }, [
        { path: `header.${other}`, code: 'field.missing' },
      ]);
    }
  }
}

const YES = new Set(['yes', 'true', '1']);
const NO = new Set(['no', 'false', '0']);

/** A cell as the API's value of the attribute, before the API's own check. */
function apiValue(a: AttributeRow, cell: (lang?: Lang) => string | null): unknown {
  if (isTextAttribute(a)) return { ar: cell('ar') ?? '', en: cell('en') ?? '' };
  const v = cell();
  if (v === null) return null;
  if (a.type === 'boolean') return YES.has(v.toLowerCase()) ? true : NO.has(v.toLowerCase()) ? false : v;
  if (a.type === 'choices')
    return v
      .split('|')
      .map((k) => k.trim())
      .filter((k) => k !== '');
  return v;
}

export interface AttributeCellsInput {
  /** What to read of the file's attribute columns, by the row's family. */
  plans: AttributePlans;
  /** A cell's trimmed text by column name, null when empty or unreadable. */
  cell: (name: string) => string | null;
  family: FamilyAttributes | undefined;
  categoryEn: string | null;
  subCategoryEn: string | null;
  problem: (column: string, reason: string) => void;
}

/**
 * A row's attribute values, keyed by attribute key: the checked value, or null for an empty cell
 * (the stored value is cleared). Values go through the API's check (`checkValue`), so a file and the
 * API refuse a value in the same words. An attribute the row's category does not have takes no
 * value; its empty cells leave the product alone. Null when the file has no attribute columns.
 */
export function readAttributeCells(input: AttributeCellsInput): ProductAttributes | null {
  if (input.plans.names.length === 0) return null;
  const { family } = input;
  const out: ProductAttributes = {};
  const cats = [input.categoryEn, input.subCategoryEn]
    .filter((n): n is string => n !== null)
    .map((n) => family?.categories.get(n.toLowerCase()))
    .filter((id): id is number => id !== undefined);
  for (const step of input.plans.of(family)) {
    if (step.problem !== undefined) {
      if (input.cell(step.name) !== null) input.problem(step.name, step.problem);
      continue;
    }
    const { a, columns } = step;
    const raw = apiValue(a, (lang) => {
      const column = columns[lang ?? ''];
      return column === undefined ? null : input.cell(column);
    });
    let value: AttributeValue | undefined;
    try {
      value = checkValue(a, raw);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const lang = /\.(ar|en)$/.exec(err.details?.[0]?.path ?? '')?.[1];
      const column = attributeColumn(
        a.key,
        isTextAttribute(a) ? ((lang as Lang | undefined) ?? 'en') : undefined,
      );
      input.problem(column, err.details?.[0]?.message ?? err.message);
      continue;
    }
    const assigned = a.categoryIds.some((id) => cats.includes(id));
    if (!assigned) {
      if (value !== undefined)
        input.problem(attributeColumns(a)[0]!, "is not an attribute of this product's category");
      continue;
    }
    out[a.key] = value ?? null;
  }
  return out;
}

/** One step of reading a row's attribute cells: a column that cannot hold values, or an attribute. */
type ColumnStep =
  | { problem: string; name: string }
  | { problem?: undefined; a: AttributeRow; columns: Partial<Record<Lang | '', string>> };

/** What to read of one file's attribute columns (`names`, lower-case), worked out once per family. */
export interface AttributePlans {
  names: readonly string[];
  of: (family: FamilyAttributes | undefined) => ColumnStep[];
}

/** The reading plans of a file's attribute columns: made with its header, used for each of its rows. */
export function attributePlans(names: readonly string[]): AttributePlans {
  const byFamily = new Map<FamilyAttributes | undefined, ColumnStep[]>();
  return {
    names,
    of: (family) => {
      let steps = byFamily.get(family);
      if (!steps) {
        steps = columnPlan(names, family);
        byFamily.set(family, steps);
      }
      return steps;
    },
  };
}

/**
 * What to read from a row, in the file's column order: each column that names no attribute of the
 * family (or has the wrong form), and each attribute with the columns the file has for it.
 */
function columnPlan(names: readonly string[], family: FamilyAttributes | undefined): ColumnStep[] {
  const steps: ColumnStep[] = [];
  const done = new Set<string>();
  for (const name of names) {
    const problem = columnProblem(name, family);
    if (problem) {
      steps.push({ problem, name });
      continue;
    }
    const a = family!.attributes.find((x) => x.key === ATTR_COLUMN.exec(name)![1]!.toLowerCase())!;
    if (done.has(a.key)) continue;
    done.add(a.key);
    const columns: Partial<Record<Lang | '', string>> = {};
    for (const lang of isTextAttribute(a) ? LANGS : ['' as const]) {
      const column = attributeColumn(a.key, lang || undefined);
      if (names.includes(column)) columns[lang] = column;
    }
    steps.push({ a, columns });
  }
  return steps;
}

/** A stored value as the cell of one attribute column (`lang` for a text's language columns). */
export function formatAttributeCell(
  a: AttributeRow,
  value: AttributeValue | undefined,
  lang?: Lang,
): string | number | null {
  if (value === undefined || value === null) return null;
  // Stored values have their type's form (checked when written); anything else writes no cell.
  switch (a.type) {
    case 'text':
    case 'longText':
      return typeof value === 'object' && !Array.isArray(value) ? value[lang ?? 'en'] || null : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? (value ? 'yes' : 'no') : null;
    case 'choices':
      return Array.isArray(value) ? value.join('|') : null;
    default:
      return typeof value === 'string' ? value : null;
  }
}
