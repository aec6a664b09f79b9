import { LoginResponseSchema } from '@dalil/contracts/auth';
import { CategoryListSchema, CategorySchema } from '@dalil/contracts/categories';
import { PublicConfigSchema } from '@dalil/contracts/config';
import { FamilyDetailSchema, FamilyListSchema, FamilySchema } from '@dalil/contracts/families';
import { ProductSchema } from '@dalil/contracts/products';
import { SearchResultSchema } from '@dalil/contracts/search';
import { z } from 'zod';
import type { ResponseTypes } from './response-check';

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

/** The JSON Schema of every answer shape, as the module `virtual:response-shapes` exports it. */
export function responseShapes(): Record<keyof ResponseTypes, object> {
  const out = {} as Record<keyof ResponseTypes, object>;
  for (const [name, schema] of Object.entries(SHAPES) as [keyof ResponseTypes, z.ZodType][]) {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
    delete json.$schema;
    assertKnown(json, name);
    out[name] = json;
  }
  return out;
}
