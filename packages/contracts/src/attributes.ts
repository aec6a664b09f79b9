import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { ATTRIBUTE_PARAM } from './catalog-query';
import { listOf, PagingQuerySchema, requiredText } from './common';
import { OptionalRefSchema, RefSchema } from './refs';
import { crudSchemas, defineResource, STAFF_ACCESS } from './resources';

/**
 * Attributes: typed product fields a family defines beyond the fixed ones (ingredients, allergens,
 * nutrition, origin...). An attribute is assigned to categories; a sub-category has its parent's
 * attributes and its own. A product carries its values in `attributes`, keyed by attribute key.
 */
export const ATTRIBUTE_TYPES = [
  'text',
  'longText',
  'number',
  'boolean',
  'choice',
  'choices',
  'date',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The column of an attribute's value in import and export files, or of one language of a text. */
export const attributeColumn = (key: string, lang?: 'ar' | 'en'): string =>
  `${ATTRIBUTE_PARAM}${key}${lang ? `.${lang}` : ''}`;

/** A text or long text: a value per language (`{ ar, en }`), the other types one value. */
export const isTextAttribute = (a: { type: AttributeType }): boolean =>
  a.type === 'text' || a.type === 'longText';

/**
 * An attribute's columns in import and export files: `attr.<key>`, or `attr.<key>.ar` and
 * `attr.<key>.en` for a text or long text (a value per language).
 */
export const attributeColumns = (a: { key: string; type: AttributeType }): string[] =>
  isTextAttribute(a)
    ? [attributeColumn(a.key, 'ar'), attributeColumn(a.key, 'en')]
    : [attributeColumn(a.key)];

/** Which languages a value must be filled in for the product to count as complete. */
export const ATTRIBUTE_REQUIRED = ['none', 'ar', 'en', 'both'] as const;
export type AttributeRequired = (typeof ATTRIBUTE_REQUIRED)[number];

/** The units a number attribute can carry; shown after the value, the same in both languages' pages. */
export const ATTRIBUTE_UNITS = [
  'g',
  'kg',
  'mg',
  'ml',
  'l',
  'kcal',
  'kJ',
  '%',
  'mm',
  'cm',
  'm',
  'pcs',
  'days',
  'months',
] as const;
export type AttributeUnit = (typeof ATTRIBUTE_UNITS)[number];

/** A key as it appears in the API, in `attr.<key>` import columns and in search filters. */
const KEY_RULE = 'must start with a letter and hold only a-z, 0-9 and _ (at most 40 characters)';
export const AttributeKeySchema = z
  .string({ error: KEY_RULE })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, KEY_RULE);

const BilingualTextBodySchema = z.object({ ar: requiredText(200), en: requiredText(200) });
const OptionalBilingualTextSchema = z
  .object({ ar: z.string().trim().max(200), en: z.string().trim().max(200) })
  .nullish()
  .transform((v) => (v && (v.ar || v.en) ? v : null));

export const AttributeOptionSchema = z.object({ key: AttributeKeySchema, name: BilingualTextBodySchema });
export type AttributeOption = z.infer<typeof AttributeOptionSchema>;

/** POST and PUT /api/attribute. */
export const AttributeBodySchema = z
  .object({
    family: RefSchema,
    key: AttributeKeySchema,
    name: BilingualTextBodySchema,
    /** The heading the attribute is shown under ("Nutrition", "Logistics"); null: no group. */
    group: OptionalBilingualTextSchema,
    type: z.enum(ATTRIBUTE_TYPES, { error: `must be one of ${ATTRIBUTE_TYPES.join(', ')}` }),
    unit: z
      .enum(ATTRIBUTE_UNITS, { error: `must be one of ${ATTRIBUTE_UNITS.join(', ')}` })
      .nullish()
      .transform((v) => v ?? null),
    options: z.array(AttributeOptionSchema).max(200, 'must hold at most 200 options').default([]),
    visible: z.boolean().default(true),
    required: z.enum(ATTRIBUTE_REQUIRED, { error: 'must be none, ar, en or both' }).default('none'),
    /** Categories (top-level or sub-categories of the same family) whose products have this attribute. */
    categories: z.array(RefSchema).max(1000).default([]),
    /** Place in the form and on the product page; smaller first. Left out: after the family's others. */
    position: z.number().int().min(0).max(1_000_000).optional(),
  })
  .superRefine((body, ctx) => {
    const choosing = body.type === 'choice' || body.type === 'choices';
    if (choosing && body.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a choice needs at least one option' });
    }
    if (!choosing && body.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'only choice attributes have options' });
    }
    if (body.unit && body.type !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'only number attributes have a unit' });
    }
    const seen = new Set<string>();
    body.options.forEach((option, i) => {
      if (seen.has(option.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, 'key'],
          message: 'is already an option of this attribute',
        });
      }
      seen.add(option.key);
    });
  });
export type AttributeBody = z.input<typeof AttributeBodySchema>;

export const AttributeSchema = z.object({
  id: z.number().int(),
  family: z.number().int(),
  key: z.string(),
  name: z.object({ ar: z.string(), en: z.string() }),
  group: z.object({ ar: z.string(), en: z.string() }).nullable(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.enum(ATTRIBUTE_UNITS).nullable(),
  options: z.array(z.object({ key: z.string(), name: z.object({ ar: z.string(), en: z.string() }) })),
  visible: z.boolean(),
  required: z.enum(ATTRIBUTE_REQUIRED),
  categories: z.array(z.number().int()),
  position: z.number().int(),
});
export type Attribute = z.infer<typeof AttributeSchema>;

/**
 * An attribute as a product's reader needs it to show a value: what the product read carries for
 * the visible attributes it has values of (the attribute list itself is for staff). Options are
 * only the ones the value chose.
 */
export const ShownAttributeSchema = AttributeSchema.pick({
  key: true,
  name: true,
  group: true,
  type: true,
  unit: true,
  options: true,
});
export type ShownAttribute = z.infer<typeof ShownAttributeSchema>;

const AttributeListQuerySchema = PagingQuerySchema.extend({
  family: OptionalRefSchema,
  /** The attributes a product of this category has: the category's own and, for a sub-category, its parent's. */
  category: OptionalRefSchema,
});
export const AttributeListSchema = listOf(AttributeSchema);

/**
 * A product's value of one attribute: text and longText as `{ ar, en }` (either may be empty), number
 * as a number, boolean as true/false, choice as an option key, choices as option keys, date as
 * YYYY-MM-DD. The server checks each against the attribute's type (a text's keys are `ar` and `en`
 * only); null or absent: no value.
 */
export const AttributeValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  // Other keys pass through for the server to refuse by name: stripped, they would read as no text
  // and clear the stored one.
  z.looseObject({ ar: z.string().nullish(), en: z.string().nullish() }),
  z.null(),
]);
export type AttributeValue = z.infer<typeof AttributeValueSchema>;

/** A product's values, keyed by attribute key. */
export const ProductAttributesSchema = z.record(z.string(), AttributeValueSchema);
export type ProductAttributes = z.infer<typeof ProductAttributesSchema>;

/** Percent (0-100) of a product's required fields and attributes filled in each language. */
export const CompletenessSchema = z.object({ ar: z.number().int(), en: z.number().int() });
export type Completeness = z.infer<typeof CompletenessSchema>;

/** The product list's filter: products below 100% in that language. */
export const IncompleteFilterSchema = z.enum(['ar', 'en'], { error: 'must be ar or en' }).optional();

/** The attributes admin resource. */
export const attributeResource = defineResource({
  key: 'attributes',
  // Under the categories' paths: the typed fields a family's categories give their products.
  screens: { segment: 'category/attributes', under: 'categories' },
  words: {
    en: {
      one: 'Attribute',
      nav: 'Attributes',
      list: 'Attributes',
      create: 'Create Attribute',
      edit: 'Edit Attribute',
    },
    ar: { one: 'خاصية', nav: 'الخصائص', list: 'الخصائص', create: 'إنشاء خاصية', edit: 'تعديل خاصية' },
  },
  name: { one: 'Attribute', many: 'Attributes' },
  path: API_PATHS.attributes,
  schemas: crudSchemas(AttributeSchema, AttributeBodySchema, AttributeListQuerySchema),
  access: STAFF_ACCESS,
  summaries: {
    list: "A family's attributes in their order; filter by family, or by category for the ones its products have",
    read: 'One attribute',
    create: 'Define an attribute',
    update: 'Change an attribute (its key renames the values of every product)',
    delete:
      "Delete an attribute; products' values of it are no longer shown, and come back if the delete is reverted",
  },
  history: { entity: 'attribute', revertible: true },
});

/** POST /api/attribute/sets/food: adds the food-labelling attributes to a family in one step. */
export const AttributeSetBodySchema = z.object({
  family: RefSchema,
  /** Categories to assign the new attributes to; they can be changed afterwards like any attribute. */
  categories: z.array(RefSchema).max(1000).default([]),
});
export const AttributeSetResultSchema = z.object({
  data: z.array(AttributeSchema),
  skipped: z.array(z.string()),
});
