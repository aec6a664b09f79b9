import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import {
  AttributeBodySchema,
  AttributeSetBodySchema,
  AttributeSetResultSchema,
  type Attribute,
} from '@dalil/contracts/attributes';
import type { Account } from '@dalil/contracts/auth';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { attributes } from '../../db/schema';
import { withUniqueConflicts } from '../../core/crud-service';
import { ATTRIBUTE_CONFLICTS, checkCategories, createAttribute, requireFamily } from './attributes.service';
import { FOOD_SET } from './food-set';

type SetBody = z.output<typeof AttributeSetBodySchema>;

/**
 * Adds the food-labelling attributes to a family in one transaction, each recorded as a create; the
 * keys the family already has are left as they are and answered as skipped, so running it again adds
 * only what is missing.
 */
async function addFoodSet(tx: Tx, body: SetBody, caller: Account | null) {
  await requireFamily(tx, body.family, caller);
  await checkCategories(tx, body.family, body.categories);
  const existing = await tx
    .select({ key: attributes.key })
    .from(attributes)
    .where(eq(attributes.familyId, body.family));
  const taken = new Set(existing.map((a) => a.key));
  const data: Attribute[] = [];
  const skipped: string[] = [];
  for (const definition of FOOD_SET) {
    if (taken.has(definition.key)) {
      skipped.push(definition.key);
      continue;
    }
    const input = AttributeBodySchema.parse({
      ...definition,
      family: body.family,
      categories: body.categories,
    });
    data.push(await createAttribute(tx, input, caller));
  }
  return { data, skipped };
}

/** POST /api/attribute/sets/food: a ready set of attributes, beside the attributes' own routes. */
export function attributeSetRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
    `${API_BASE}${API_PATHS.attributeFoodSet}`,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['attributes'],
        summary:
          'Add the food-labelling attributes (ingredients, allergens, nutrition per 100 g / 100 ml, storage, origin) to a family; keys it already has are skipped',
        operationId: 'addFoodAttributeSet',
        body: AttributeSetBodySchema,
        response: {
          201: AttributeSetResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await withUniqueConflicts(ATTRIBUTE_CONFLICTS, () =>
        ctx.catalogue.write((tx) => addFoodSet(tx, request.body, request.account)),
      );
      return reply.status(201).send(result);
    },
  );
}
