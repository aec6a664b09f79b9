import { eq } from 'drizzle-orm';
import type { ProductAttributes } from '@dalil/contracts/attributes';
import type { productResource } from '@dalil/contracts/products';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import { recomputeProductCompleteness } from '../../core/completeness';
import { publicationColumns } from '../../core/publication';
import { familyAttributes, productValues } from '../attributes/attributes.service';
import { productSearchText } from './product-search-text';

/** What a product write is given: the update body, also used for creates and reverts. */
export type ProductInput = z.output<typeof productResource.schemas.updateBody>;

/** The table's columns for a written product, with the attribute values it stores. */
export function toColumns(input: ProductInput, values: ProductAttributes) {
  const { family, category, subCategory, cost, status, publishAt, attributes: _given, ...rest } = input;
  return {
    ...rest,
    ...publicationColumns({ status, publishAt }),
    familyId: family,
    categoryId: category,
    subCategoryId: subCategory,
    cost: cost === null ? null : cost.toFixed(2),
    searchText: productSearchText(input.nameAr, input.nameEn),
    attributes: values,
  };
}

/**
 * The attribute values a write stores: checked against the category's attributes (attributes/
 * product-values.ts); a revert puts back the recorded values exactly, as the history kept them.
 */
export async function valuesToStore(
  tx: Tx,
  input: ProductInput,
  current: typeof products.$inferSelect | undefined,
  action: 'create' | 'update' | 'revert',
) {
  if (action === 'revert') return input.attributes ?? current?.attributes ?? {};
  return productValues({
    all: await familyAttributes(tx, input.family),
    category: input.category,
    subCategory: input.subCategory,
    given: input.attributes,
    ...(current
      ? {
          was: {
            category: current.categoryId,
            subCategory: current.subCategoryId,
            values: current.attributes,
          },
        }
      : {}),
  });
}

/** Stores a written product's completeness and reads it back as it now is. */
export async function withCompleteness(tx: Tx, id: number) {
  await recomputeProductCompleteness(tx, id);
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  return row!;
}
