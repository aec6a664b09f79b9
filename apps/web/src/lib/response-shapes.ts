import { LoginResponseSchema } from '@dalil/contracts/auth';
import { CategoryListSchema, CategorySchema } from '@dalil/contracts/categories';
import { PublicConfigSchema } from '@dalil/contracts/config';
import { FamilyDetailSchema, FamilyListSchema, FamilySchema } from '@dalil/contracts/families';
import { ProductSchema } from '@dalil/contracts/products';
import { SearchResultSchema } from '@dalil/contracts/search';
import { z } from 'zod';
import type { FirstVisitShape, ResponseTypes } from './response-check';

// Build time only (vite.config.ts): the contracts' schemas of the answers a visitor's screens read,
// turned into JSON Schema for lib/response-check.ts, so the visitor's browser checks the answers
// against the contracts without downloading zod (docs/decisions/0034-first-visit-budget.md).

const SHAPES = {
  config: PublicConfigSchema,
  login: LoginResponseSchema,
  families: FamilyListSchema,
  family: FamilySchema,
  familyDetail: FamilyDetailSchema,
  categories: CategoryListSchema,
  category: CategorySchema,
  search: SearchResultSchema,
  product: ProductSchema,
} satisfies { [K in keyof ResponseTypes]: z.ZodType<ResponseTypes[K]> };

/** What lib/response-check.ts understands; anything else fails the build instead of going unchecked. */
const KNOWN = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

function assertKnown(schema: unknown, where: string): void {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) return schema.forEach((item, i) => assertKnown(item, `${where}[${i}]`));
  for (const [key, value] of Object.entries(schema)) {
    // A record's keys (a product's attributes by key): JSON keys are strings, nothing to check.
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') {
      delete (schema as Record<string, unknown>)[key];
      continue;
    }
    if (!KNOWN.has(key))
      throw new Error(`response shape ${where}: JSON Schema keyword ${key} is not checked`);
    if (key === 'properties')
      for (const [name, property] of Object.entries(value as object))
        assertKnown(property, `${where}.${name}`);
    else if (key === 'items' || key === 'anyOf' || key === 'additionalProperties')
      assertKnown(value, `${where}.${key}`);
  }
}

/**
 * Leaves out what response-check.ts assumes anyway, as the first visit downloads every byte:
 * `additionalProperties: false` (an object's other properties are dropped unless the shape keeps
 * them) and the safe-integer bounds zod gives every whole number (JSON numbers past them are not
 * whole numbers JavaScript can hold).
 */
function compact(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) return schema.forEach(compact);
  const record = schema as Record<string, unknown>;
  if (record.additionalProperties === false) delete record.additionalProperties;
  if (record.minimum === Number.MIN_SAFE_INTEGER) delete record.minimum;
  if (record.maximum === Number.MAX_SAFE_INTEGER) delete record.maximum;
  Object.values(record).forEach(compact);
}

/** One contract as the JSON Schema lib/response-check.ts reads. */
function jsonShape(name: string, schema: z.ZodType): object {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
  delete json.$schema;
  assertKnown(json, name);
  compact(json);
  return json;
}

/**
 * The JSON Schema of every answer shape but the product's, as the module `virtual:response-shapes`
 * exports it (in the first visit's code).
 */
export function responseShapes(): Record<FirstVisitShape, object> {
  const out = {} as Record<FirstVisitShape, object>;
  for (const [name, schema] of Object.entries(SHAPES) as [keyof ResponseTypes, z.ZodType][])
    if (name !== 'product') out[name] = jsonShape(name, schema);
  return out;
}

/**
 * The product's, as `virtual:response-shapes/product` exports it: only the product page reads a
 * product, so its shape (with the attribute definitions) loads with that page's code, not with the
 * first visit's.
 */
export const productShape = (): object => jsonShape('product', SHAPES.product);
