import type { Account } from '@dalil/contracts/auth';
import { attributeResource, type Attribute } from '@dalil/contracts/attributes';
import { and, eq, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { attributes, categories, families, products } from '../../db/schema';
import { resourceModule } from '../../core/app-module';
import { recomputeCompleteness } from '../../core/completeness';
import * as crud from '../../core/crud-service';
import { fieldError, notFound } from '../../lib/errors';
import { canWrite, familyFilter, requireReadable, requireWritable } from '../../core/family-scope';
import { publishChange } from '../../core/domain-events';
import { lockForWrite } from '../../core/record-version';
import {
  attributeById,
  attributeColumns,
  attributeFieldColumns,
  selectAttributes,
  toAttribute,
  type AttributeRow,
} from './attribute-row';

type AttributeInput = z.output<typeof attributeResource.schemas.updateBody>;

const HISTORY = { entity: 'attribute' } as const;

/** A family's attribute keys are unique: they name the values in every product of the family. */
export const ATTRIBUTE_CONFLICTS = {
  attributes_family_key_key: { field: 'key', message: 'This family already has an attribute with this key' },
};

/**
 * The family an attribute is put in: one that exists and the caller may write to (else it is unknown).
 * Its row is share-locked, so a delete of the family waits for the write.
 */
export async function requireFamily(tx: Tx, id: number, caller: Account | null) {
  if (!canWrite(caller, id)) throw fieldError(400, 'family', 'family.unknown', {});
  const [found] = await tx
    .select({ id: families.id })
    .from(families)
    .where(eq(families.id, id))
    .for('key share');
  if (!found) throw fieldError(400, 'family', 'family.unknown', {});
}

/** Every assigned category is a category (or sub-category) of the attribute's family. */
export async function checkCategories(tx: Tx, family: number, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.familyId, family)));
  const missing = ids.find((id) => !found.some((c) => c.id === id));
  if (missing !== undefined) {
    throw fieldError(400, 'categories', 'attribute.categoryElsewhere', { category: Number(missing) });
  }
}

/** The products that have (or had) an attribute assigned to these categories, in its family. */
const productsIn = (family: number, ids: number[]): SQL =>
  ids.length === 0
    ? sql`false`
    : and(
        eq(products.familyId, family),
        or(inArray(products.categoryId, ids), inArray(products.subCategoryId, ids)),
      )!;

/** The product side: checking, storing and showing a product's values (product-values.ts). */
export {
  attributesByFamily,
  checkValue,
  familyAttributes,
  productValues,
  shownDefinitions,
  shownValues,
} from './product-values';
/** The ready-made food-labelling set, for the catalogue pages' tests of its nutrition table. */
export { FOOD_SET } from './food-set';
export type { AttributeRow };

/** Recomputes the completeness of the products an attribute's change can reach. */
const recomputeFor = (tx: Tx, family: number, ...lists: number[][]) =>
  recomputeCompleteness(tx, productsIn(family, [...new Set(lists.flat())]));

/**
 * A change that would leave stored values unreadable is refused: a new type while products hold
 * values, or dropping an option some product chose. Clearing the values first is an edit of each
 * product, which the history records and can revert.
 */
async function checkValuesFit(tx: Tx, current: AttributeRow, input: AttributeInput) {
  const holding = (extra: SQL) =>
    tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.familyId, current.familyId), extra))
      .limit(1);
  const value = sql`${products.attributes} -> ${current.key}`;
  if (input.type !== current.type) {
    const [held] = await holding(sql`${value} is not null`);
    if (held) {
      throw fieldError(400, 'type', 'attribute.valuesHeld', { product: held.id });
    }
  }
  const kept = new Set(input.options.map((o) => o.key));
  for (const option of current.options.filter((o) => !kept.has(o.key))) {
    const [held] = await holding(
      sql`(${value} = to_jsonb(${option.key}::text) or ${value} @> jsonb_build_array(${option.key}::text))`,
    );
    if (held) {
      throw fieldError(400, 'options', 'attribute.optionChosen', { option: option.key, product: held.id });
    }
  }
}

/** One attribute's update in the caller's transaction; a revert records it as `revert`. */
async function updateAttribute(
  tx: Tx,
  id: number,
  input: AttributeInput,
  caller: Account | null,
  action: 'update' | 'revert' = 'update',
): Promise<Attribute> {
  const current = await lockForWrite(tx, attributes, id);
  if (!current) throw notFound('Attribute');
  requireWritable(caller, current.familyId, 'Attribute');
  if (input.family !== current.familyId) {
    throw fieldError(400, 'family', 'attribute.staysInFamily', {});
  }
  await checkCategories(tx, current.familyId, input.categories);
  await checkValuesFit(tx, current, input);
  const before = (await attributeById(tx, id))!;
  await tx
    .update(attributes)
    .set({
      ...attributeColumns(input),
      position: input.position ?? current.position,
      updatedAt: new Date(),
    })
    .where(eq(attributes.id, id));
  if (input.key !== current.key) {
    // Every product's value follows the key, in one statement; no product is edited by it.
    await tx.execute(sql`update ${products}
      set attributes = (attributes - ${current.key}::text) || jsonb_build_object(${input.key}::text, attributes -> ${current.key}::text)
      where ${products.familyId} = ${current.familyId} and attributes ? ${current.key}::text`);
  }
  await recomputeFor(tx, current.familyId, current.categoryIds, input.categories);
  const after = (await attributeById(tx, id))!;
  await publishChange(tx, caller, {
    ...HISTORY,
    action,
    entityId: id,
    family: current.familyId,
    before,
    after,
  });
  return after;
}

/** Creates one attribute in the caller's transaction (the food-labelling set creates several). */
export async function createAttribute(
  tx: Tx,
  input: AttributeInput,
  caller: Account | null,
): Promise<Attribute> {
  await requireFamily(tx, input.family, caller);
  await checkCategories(tx, input.family, input.categories);
  let position = input.position;
  if (position === undefined) {
    const [last] = await tx
      .select({ n: max(attributes.position) })
      .from(attributes)
      .where(eq(attributes.familyId, input.family));
    position = last?.n === null || last?.n === undefined ? 0 : last.n + 1;
  }
  // Values an earlier attribute of this key left behind (its delete keeps them for a revert) would
  // otherwise become the new attribute's, typed for the old one.
  await tx.execute(sql`update ${products} set attributes = attributes - ${input.key}::text
    where ${products.familyId} = ${input.family} and attributes ? ${input.key}::text`);
  const [row] = await tx
    .insert(attributes)
    .values({ ...attributeColumns(input), position })
    .returning({ id: attributes.id });
  await recomputeFor(tx, input.family, input.categories);
  const after = (await attributeById(tx, row!.id))!;
  await publishChange(tx, caller, {
    ...HISTORY,
    action: 'create',
    entityId: after.id,
    family: input.family,
    before: null,
    after,
  });
  return after;
}

/**
 * Deletes an attribute. The products keep their values of it (reads leave them out), so reverting the
 * delete, which puts the attribute back from the history, shows them again.
 */
async function deleteAttribute(tx: Tx, id: number, caller: Account | null): Promise<void> {
  const row = await lockForWrite(tx, attributes, id);
  if (!row) throw notFound('Attribute');
  requireWritable(caller, row.familyId, 'Attribute');
  const before = (await attributeById(tx, id))!;
  await tx.delete(attributes).where(eq(attributes.id, id));
  await recomputeFor(tx, row.familyId, row.categoryIds);
  await publishChange(tx, caller, {
    ...HISTORY,
    action: 'delete',
    entityId: id,
    family: row.familyId,
    before,
    after: null,
  });
}

/**
 * The attributes a product of this category has: assigned to it or, for a sub-category, to its
 * parent; only attributes of the category's own family.
 */
const forCategory = (
  id: number,
) => sql`${attributes.familyId} = (select family_id from ${categories} where id = ${id})
  and (${id} = any(${attributes.categoryIds})
    or (select parent_id from ${categories} where id = ${id}) = any(${attributes.categoryIds}))`;

const attributeService: crud.CrudService<typeof attributeResource.schemas> = {
  list: async ({ db }, query, caller) => {
    const where = and(
      familyFilter(caller, attributes.familyId),
      query.family === undefined ? undefined : eq(attributes.familyId, query.family),
      query.category === undefined ? undefined : forCategory(query.category),
    );
    const data = await selectAttributes(db, where, query);
    const [total] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(attributes)
      .where(where);
    return { data, count: Number(total?.n ?? 0) };
  },
  read: async ({ db }, id, caller) => {
    const found = await attributeById(db, id);
    if (!found) throw notFound('Attribute');
    requireReadable(caller, found.family, 'Attribute');
    return found;
  },
  create: (ctx, input, caller) =>
    crud.withUniqueConflicts(ATTRIBUTE_CONFLICTS, () =>
      ctx.catalogue.write((tx) => createAttribute(tx, input, caller)),
    ),
  update: (ctx, id, input, caller) =>
    crud.withUniqueConflicts(ATTRIBUTE_CONFLICTS, () =>
      ctx.catalogue.write((tx) => updateAttribute(tx, id, input, caller)),
    ),
  remove: (ctx, id, caller) => ctx.catalogue.write((tx) => deleteAttribute(tx, id, caller)),
};

/** An attribute's English and Arabic names, from its row or from the fields its history recorded. */
function attributeName(row: Record<string, unknown>) {
  const name = row.name as { ar?: string; en?: string } | undefined;
  const ar = (row.nameAr as string | undefined) ?? name?.ar;
  const en = (row.nameEn as string | undefined) ?? name?.en;
  return ar && en ? { ar, en } : null;
}

/** The attributes' routes and what a revert of an attribute's history entry needs. */
export const attributeModule = resourceModule(attributeResource, {
  service: attributeService,
  names: { table: attributes, name: attributeName },
  // The attributes have no foreign key to cascade through (db/schema-attributes.ts): the bin removes them.
  keptWithFamily: attributes.familyId,
  revert: {
    table: attributes,
    what: 'Attribute',
    // The stored assignments: a category deleted since shows as a change, which a revert would undo.
    snapshot: (row: AttributeRow) => toAttribute(row, row.categoryIds),
    family: (row) => row.familyId!,
    columns: (fields) => attributeFieldColumns(fields as Partial<Attribute>),
    conflicts: {
      attributes_family_key_key: {
        field: 'key',
        message: 'Another attribute of this family now has this key',
      },
    },
    update: updateAttribute,
    remove: (ctx, id, caller) => attributeService.remove(ctx, id, caller),
    restored: (tx, row: AttributeRow) => recomputeFor(tx, row.familyId, row.categoryIds),
  },
});
