import type { Attribute, ProductAttributes } from '@dalil/contracts/attributes';
import { queryOptions } from '@tanstack/react-query';
import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import { z } from 'zod';
import { resourceApis } from '../resource-kit/resource-api';

/** The form's attribute values by key, as the fields hold them (a text as `{ ar, en }`, a number as a number). */
export type AttributeFormValues = Record<string, unknown>;

/**
 * The attributes a product of this category has (its own and, for a sub-category, its parent's),
 * in their order; none without a category.
 */
export function categoryAttributesQuery(family: number | null, category: number | null) {
  return queryOptions({
    queryKey: ['attributes', 'of-category', family, category],
    queryFn: async ({ signal }): Promise<Attribute[]> => {
      if (family === null || category === null) return [];
      const page = await resourceApis.attributes.list(
        { family, category, limit: MAX_LIST_LIMIT, skip: 0 },
        signal,
      );
      return page.data;
    },
    staleTime: 30_000,
  });
}

const trimmed = (text: unknown) => (typeof text === 'string' ? text.trim() : '');

/** One value as the API takes it: an empty one (no text, no choice, no date) is null. */
function bodyValue(value: unknown): ProductAttributes[string] {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String);
  if (typeof value === 'object') {
    const { ar, en } = value as { ar?: unknown; en?: unknown };
    const pair = { ar: trimmed(ar), en: trimmed(en) };
    return pair.ar === '' && pair.en === '' ? null : pair;
  }
  return typeof value === 'string' ? value.trim() || null : null;
}

/** Whether a value holds something a person typed or chose (what a category change would lose). */
const isFilled = (value: unknown) => bodyValue(value) !== null;

/** The form's attributes as the body's: every value of the category's attributes, empty ones null. */
export const AttributesInputSchema = z
  .record(z.string(), z.unknown())
  .transform((values): ProductAttributes =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, bodyValue(value)])),
  );

/** The values kept for a category's attributes; every other key leaves the form. */
export function keptValues(
  values: AttributeFormValues,
  attributes: readonly Attribute[],
): AttributeFormValues {
  return Object.fromEntries(attributes.map((a) => [a.key, values[a.key] ?? null]));
}

/** The filled values a category without these attributes would drop, named in the page's language. */
export function droppedNames(
  values: AttributeFormValues,
  current: readonly Attribute[],
  next: readonly Attribute[],
  language: 'ar' | 'en',
): string[] {
  const staying = new Set(next.map((a) => a.key));
  return Object.entries(values)
    .filter(([key, value]) => !staying.has(key) && isFilled(value))
    .map(([key]) => current.find((a) => a.key === key)?.name[language] ?? key);
}
