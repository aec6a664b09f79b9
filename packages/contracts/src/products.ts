import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { listOf, NamedRecordSchema, NamesBodySchema, NullableTextSchema, PagingQuerySchema } from './common';
import { imageBodyFields, imageRecordFields } from './media';
import {
  keptText,
  NullableRefSchema,
  OptionalRefSchema,
  optionalText,
  RefSchema,
  SearchQuerySchema,
} from './refs';
import { CATALOGUE_ACCESS, crudSchemas, defineResource } from './resources';
import { toAsciiDigits } from './search-text';
import {
  CompletenessSchema,
  IncompleteFilterSchema,
  ProductAttributesSchema,
  ShownAttributeSchema,
} from './attributes';
import { publicationBodyFields, publicationQueryFields, publicationRecordFields } from './publication';

const DIGITS_ONLY = 'must contain digits only';
const WHOLE_NUMBER = 'must be a whole number of 0 or more';
const MAX_INT = 2_147_483_647;
const MAX_COST = 9_999_999_999.99; // numeric(12, 2)

/**
 * Barcode and code: a number or a digit string (Arabic-Indic digits allowed); kept as a digit string
 * so leading zeros and 14-digit GTINs survive. Spaces between the digits are dropped, as a barcode is
 * often copied from its label in groups ("6 281000 000017"), whether it is typed in the form or comes
 * in an import file. Empty means none.
 */
export const DigitStringSchema = z
  .union([z.string(), z.number()], { error: DIGITS_ONLY })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const text = typeof v === 'number' ? (Number.isSafeInteger(v) && v >= 0 ? String(v) : 'x') : v.trim();
    const digits = toAsciiDigits(text).replace(/\s+/g, '');
    if (digits === '') return null;
    if (!/^[0-9]+$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: DIGITS_ONLY });
      return z.NEVER;
    }
    if (digits.length > 32) {
      ctx.addIssue({ code: 'custom', message: 'must be at most 32 digits' });
      return z.NEVER;
    }
    return digits;
  });

/** Parses a number sent as a number or as text; empty means none. */
const optionalNumber = (check: (n: number) => string | null, notNumber = 'must be a number') =>
  z
    .union([z.string(), z.number()], { error: notNumber })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const text = typeof v === 'string' ? toAsciiDigits(v.trim()) : v;
      if (text === '') return null;
      const n = Number(text);
      const problem = Number.isFinite(n) ? check(n) : notNumber;
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });

/** A count: a whole number of 0 or more, sent as a number or as decimal digits ("12", "١٢", "12.0"). */
const CountFieldSchema = z
  .union([z.string(), z.number()], { error: WHOLE_NUMBER })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const text = typeof v === 'string' ? toAsciiDigits(v.trim()) : v;
    if (text === '') return null;
    // Digits only as text: Number() would also take "1e3", "0x10" or "Infinity".
    const n = typeof text === 'number' ? text : /^[0-9]+(\.0*)?$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n >= 0 && n <= MAX_INT) return n;
    ctx.addIssue({ code: 'custom', message: WHOLE_NUMBER });
    return z.NEVER;
  });
const CostSchema = optionalNumber((n) =>
  n < 0 ? 'must be 0 or more' : n > MAX_COST ? 'is too large' : null,
);

/** POST and PUT /api/product: the product form (also description in both languages and cost). */
export const ProductBodySchema = NamesBodySchema.extend({
  family: RefSchema,
  category: RefSchema,
  /** Optional: a sub-category of `category`. */
  subCategory: NullableRefSchema.optional().transform((v) => v ?? null),
  barcode: DigitStringSchema.describe(
    'Digits (spaces between them dropped); empty or null for none. When the product\'s family has `requireValidGtin`, a barcode must be a GTIN-8, 12, 13 or 14 with its GS1 check digit: otherwise 400 naming `barcode` with the digit it should end with, e.g. "the check digit should be 7 (GTIN-13)".',
  ),
  number: DigitStringSchema,
  netWeight: optionalText(100),
  drainedWeight: optionalText(100),
  unitsPerCarton: CountFieldSchema,
  cartonPerPalate: CountFieldSchema,
  descriptionEn: optionalText(5000),
  descriptionAr: optionalText(5000),
  cost: CostSchema,
  shelfLife: optionalText(100),
  ...imageBodyFields,
  ...publicationBodyFields,
  attributes: ProductAttributesSchema.optional().describe(
    "Values of the category's attributes, keyed by attribute key (see /attribute). Left out: none on a create, unchanged on an update; a key that is not an attribute of the product's category is refused, naming `attributes.<key>`.",
  ),
});

/**
 * PUT /api/product/:id: the same, but the fields added after the first API (the Arabic description
 * and the shelf life) keep their stored values when left out, so an older client's PUT clears nothing.
 */
const ProductUpdateBodySchema = ProductBodySchema.extend({
  descriptionAr: keptText(5000),
  shelfLife: keptText(100),
});

export const ProductSchema = NamedRecordSchema.extend({
  family: z.number().int(),
  category: z.number().int(),
  subCategory: z.number().int().nullable(),
  barcode: NullableTextSchema,
  number: NullableTextSchema,
  netWeight: NullableTextSchema,
  drainedWeight: NullableTextSchema,
  unitsPerCarton: z.number().int().nullable(),
  cartonPerPalate: z.number().int().nullable(),
  descriptionEn: NullableTextSchema,
  descriptionAr: NullableTextSchema,
  cost: z.number().nullable(),
  shelfLife: NullableTextSchema,
  ...imageRecordFields,
  ...publicationRecordFields,
  attributes: ProductAttributesSchema,
  completeness: CompletenessSchema,
  /**
   * On a single product read (and on the list with `definitions=shown`): the visible attributes whose
   * values `attributes` carries, in their order, with their names, groups, units and chosen options, so
   * a catalogue page can show the values without the staff-only attribute list. (No `.describe()`: the
   * visitor's browser checks answers against this shape, and a description would only add bytes.)
   */
  attributeDefinitions: z.array(ShownAttributeSchema).optional(),
});
export type Product = z.infer<typeof ProductSchema>;

const ProductListQuerySchema = PagingQuerySchema.extend({
  family: OptionalRefSchema,
  category: OptionalRefSchema,
  search: SearchQuerySchema,
  ...publicationQueryFields,
  /** Products not complete in that language (see `completeness`). */
  incomplete: IncompleteFilterSchema,
  definitions: z
    .enum(['shown'], { error: 'must be shown' })
    .optional()
    .describe(
      '`shown`: each product carries `attributeDefinitions` (the printed catalogue); left out, list rows carry values only.',
    ),
});
export const ProductListSchema = listOf(ProductSchema);

/** The products admin resource: routes, access and operation ids are derived from this. */
export const productResource = defineResource({
  key: 'products',
  screens: { segment: 'products' },
  words: {
    en: {
      one: 'Product',
      nav: 'Products',
      list: 'Product List',
      create: 'Create Product',
      edit: 'Edit Product',
    },
    ar: { one: 'منتج', nav: 'المنتجات', list: 'قائمة المنتجات', create: 'إنشاء منتج', edit: 'تعديل منتج' },
  },
  name: { one: 'Product', many: 'Products' },
  path: API_PATHS.products,
  schemas: crudSchemas(ProductSchema, ProductBodySchema, ProductListQuerySchema, {
    updateBody: ProductUpdateBodySchema,
  }),
  access: CATALOGUE_ACCESS,
  summaries: {
    list: 'Products, ordered by id; filter by family and category, search either name or an exact code',
    read: 'One product',
  },
  history: { entity: 'product', revertible: true },
  events: { actions: ['created', 'updated', 'deleted', 'published'] },
});
