import { attributeColumns as columnsOf, type ProductAttributes } from '@dalil/contracts/attributes';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attributes } from '../../db/schema';
import type { AttributeRow } from '../attributes/attributes.service';
import { formatAttributeCell } from '../imports/imports.service';

/** The product fields an attribute cell is made from. */
interface ValuesOf {
  familyId: number;
  categoryId: number;
  subCategoryId: number | null;
  values: ProductAttributes;
}

export interface AttributeColumns {
  /** `attr.<key>` (`.ar`, `.en` for texts), in the families' attribute order. */
  names: string[];
  /** Columns of number attributes: number cells in a sheet. */
  numbers: Set<string>;
  /** A product's cells of those columns. */
  cells: (p: ValuesOf) => (string | number | null)[];
}

/**
 * The attribute columns an export writes for its families (all of them for the whole catalogue: a
 * column whose key a product's family lacks is left empty). A product's cell holds its value when
 * its category or sub-category has the attribute, as the product page shows it, so re-importing the
 * export changes nothing.
 */
export async function attributeColumns(db: Db, scope: readonly number[] | null): Promise<AttributeColumns> {
  const rows = await db
    .select()
    .from(attributes)
    .where(scope === null ? undefined : inArray(attributes.familyId, [...scope]))
    .orderBy(asc(attributes.familyId), asc(attributes.position), asc(attributes.id));
  const names: string[] = [];
  const numbers = new Set<string>();
  // Per family, each column's attribute (and language for a text).
  const byFamily = new Map<number, Map<string, { a: AttributeRow; lang?: 'ar' | 'en' }>>();
  for (const a of rows) {
    const mine = byFamily.get(a.familyId) ?? new Map<string, { a: AttributeRow; lang?: 'ar' | 'en' }>();
    byFamily.set(a.familyId, mine);
    for (const name of columnsOf(a)) {
      if (!names.includes(name)) names.push(name);
      if (a.type === 'number') numbers.add(name);
      const lang = /\.(ar|en)$/.exec(name)?.[1] as 'ar' | 'en' | undefined;
      mine.set(name, lang ? { a, lang } : { a });
    }
  }
  const cells = (p: ValuesOf) => {
    const mine = byFamily.get(p.familyId);
    return names.map((name) => {
      const column = mine?.get(name);
      if (!column) return null;
      const { a, lang } = column;
      const has =
        a.categoryIds.includes(p.categoryId) ||
        (p.subCategoryId !== null && a.categoryIds.includes(p.subCategoryId));
      return has ? formatAttributeCell(a, p.values[a.key], lang) : null;
    });
  };
  return { names, numbers, cells };
}
