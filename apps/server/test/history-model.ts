// The in-memory catalogue model of the history property test (not a test file itself): what a person
// expects the catalogue to hold after each write and each take-back.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { resultRows } from '../src/lib/db-helpers';

interface FamilyRow {
  nameEn: string;
  nameAr: string;
}
interface CategoryRow {
  family: number;
  parent: number | null;
  nameEn: string;
  nameAr: string;
}
interface ProductRow {
  family: number;
  category: number;
  subCategory: number | null;
  nameEn: string;
  nameAr: string;
  barcode: string | null;
  netWeight: string | null;
  image: string | null;
}

export interface Catalogue {
  families: Map<number, FamilyRow>;
  categories: Map<number, CategoryRow>;
  products: Map<number, ProductRow>;
}

/** How one write is taken back: its history entries, reverted newest first, or an import's undo. */
export type TakeBack =
  | { kind: 'entries'; entries: number[]; deleted?: { entity: DeletedKind; id: number } }
  | { kind: 'import'; id: number }
  | { kind: 'imageJob'; id: number };

export interface Model extends Catalogue {
  /** The writes of this run that were not taken back, newest last, with the catalogue before each. */
  stack: { takeBack: TakeBack; before: Catalogue }[];
}

export type DeletedKind = 'family' | 'category' | 'product';

const copy = <V>(m: Map<number, V>) => new Map([...m].map(([k, v]) => [k, { ...v }]));

export const cloneModel = (m: Catalogue): Model => ({
  families: copy(m.families),
  categories: copy(m.categories),
  products: copy(m.products),
  stack: [],
});

export function restore(model: Model, to: Catalogue) {
  model.families = copy(to.families);
  model.categories = copy(to.categories);
  model.products = copy(to.products);
}

/**
 * A delete as the recycle bin does it: a family takes its categories and products with it; a
 * category its sub-categories and every product filed under any of them; a sub-category gives its
 * products back to its parent category.
 */
export function applyDelete(m: Catalogue, entity: DeletedKind, id: number) {
  if (entity === 'product') {
    m.products.delete(id);
  } else if (entity === 'family') {
    for (const [pid, p] of m.products) if (p.family === id) m.products.delete(pid);
    for (const [cid, c] of m.categories) if (c.family === id) m.categories.delete(cid);
    m.families.delete(id);
  } else if (m.categories.get(id)?.parent != null) {
    for (const p of m.products.values()) if (p.subCategory === id) p.subCategory = null;
    m.categories.delete(id);
  } else {
    for (const [pid, p] of m.products) if (p.category === id) m.products.delete(pid);
    for (const [cid, c] of m.categories) if (c.parent === id) m.categories.delete(cid);
    m.categories.delete(id);
  }
}

/** The catalogue as the database holds it, in the model's shape. */
export async function readModel(database: Database): Promise<Model> {
  const q = async <T>(text: string) =>
    resultRows<T & { id: number }>(await database.db.execute(sql.raw(text)));
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map(({ id, ...rest }) => [id, rest]));
  return {
    families: byId(await q<FamilyRow>('select id, name_en as "nameEn", name_ar as "nameAr" from families')),
    categories: byId(
      await q<CategoryRow>(
        'select id, family_id as family, parent_id as parent, name_en as "nameEn", name_ar as "nameAr" from categories',
      ),
    ),
    products: byId(
      await q<ProductRow>(
        `select id, family_id as family, category_id as category, sub_category_id as "subCategory",
          name_en as "nameEn", name_ar as "nameAr", barcode, net_weight as "netWeight", image from products`,
      ),
    ),
    stack: [],
  };
}

/** The model's catalogue in a form `toEqual` compares (sorted entries, no stack). */
export const comparable = (m: Catalogue) => ({
  families: [...m.families].sort(([a], [b]) => a - b),
  categories: [...m.categories].sort(([a], [b]) => a - b),
  products: [...m.products].sort(([a], [b]) => a - b),
});
