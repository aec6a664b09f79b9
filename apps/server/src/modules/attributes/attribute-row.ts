import type {
  Attribute,
  AttributeOption,
  AttributeRequired,
  AttributeType,
  AttributeUnit,
} from '@dalil/contracts/attributes';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { attributes, categories } from '../../db/schema';

export type AttributeRow = typeof attributes.$inferSelect;

/**
 * The assigned categories that are live categories of the attribute's family: a category in the
 * recycle bin keeps its id in `category_ids` (its restore brings the assignment back) but is not shown.
 */
const liveCategories = sql<number[]>`array(select c.id from ${categories} c
  where c.id = any(${attributes.categoryIds}) and c.family_id = ${attributes.familyId} order by c.id)`;

/** An attribute as the API answers it; `live` are its shown categories (`liveCategories`). */
export const toAttribute = (row: AttributeRow, live: number[]): Attribute => ({
  id: row.id,
  family: row.familyId,
  key: row.key,
  name: { ar: row.nameAr, en: row.nameEn },
  group: row.groupAr === null || row.groupEn === null ? null : { ar: row.groupAr, en: row.groupEn },
  type: row.type,
  unit: row.unit,
  options: row.options,
  visible: row.visible,
  required: row.required,
  categories: live.map(Number),
  position: row.position,
});

/** Attributes matching `where`, by position then id, as the API answers them. */
export async function selectAttributes(
  db: Db | Tx,
  where: SQL | undefined,
  paging?: { limit: number; skip: number },
): Promise<Attribute[]> {
  const query = db
    .select({ row: attributes, live: liveCategories })
    .from(attributes)
    .where(where)
    .orderBy(attributes.position, attributes.id);
  const rows = paging ? await query.limit(paging.limit).offset(paging.skip) : await query;
  return rows.map((r) => toAttribute(r.row, r.live));
}

export async function attributeById(db: Db | Tx, id: number): Promise<Attribute | undefined> {
  const [found] = await selectAttributes(db, eq(attributes.id, id));
  return found;
}

/** The stored columns of an attribute's API fields (a create, an update, a revert of a delete). */
export function attributeColumns(a: {
  family: number;
  key: string;
  name: { ar: string; en: string };
  group: { ar: string; en: string } | null;
  type: AttributeType;
  unit: AttributeUnit | null;
  options: AttributeOption[];
  visible: boolean;
  required: AttributeRequired;
  categories: number[];
}) {
  return {
    familyId: a.family,
    key: a.key,
    nameAr: a.name.ar,
    nameEn: a.name.en,
    groupAr: a.group?.ar ?? null,
    groupEn: a.group?.en ?? null,
    type: a.type,
    unit: a.unit,
    options: a.options,
    visible: a.visible,
    required: a.required,
    // In id order, as reads list them, so a revert compares like with like.
    categoryIds: [...new Set(a.categories)].sort((x, y) => x - y),
  };
}

/** The stored columns of the API fields given (a revert writes back those its entry recorded). */
export function attributeFieldColumns(fields: Partial<Attribute>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    switch (field) {
      case 'family':
        out.familyId = value;
        break;
      case 'name': {
        const name = value as Attribute['name'] | null;
        out.nameAr = name?.ar;
        out.nameEn = name?.en;
        break;
      }
      case 'group': {
        const group = value as Attribute['group'];
        out.groupAr = group?.ar ?? null;
        out.groupEn = group?.en ?? null;
        break;
      }
      case 'categories':
        out.categoryIds = [...((value as number[] | null) ?? [])].sort((x, y) => x - y);
        break;
      default:
        out[field] = value;
    }
  }
  return out;
}
