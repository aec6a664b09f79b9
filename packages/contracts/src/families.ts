import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { FAMILY_ACCESS, crudSchemas, defineResource } from './resources';
import { listOf, NamedRecordSchema, NamesBodySchema, NullableTextSchema, PagingQuerySchema } from './common';
import { ImageNameSchema, imageBodyFields, imageRecordFields } from './media';
import { SearchQuerySchema } from './refs';
import { publicationBodyFields, publicationQueryFields, publicationRecordFields } from './publication';

const REQUIRE_VALID_GTIN =
  "Barcodes must be valid GTINs (GTIN-8, 12, 13 or 14 with their GS1 check digit): when true, a product of this family is refused an invalid barcode (400 naming `barcode`, an import's problem on its line); when false, an invalid one is accepted and an import's preview warns of it. Empty barcodes are always allowed.";

/**
 * POST /api/family: the family form (name in both languages, optional logo, image and cover, and
 * whether barcodes must be valid GTINs: yes unless the body says otherwise).
 */
export const FamilyBodySchema = NamesBodySchema.extend({
  ...imageBodyFields,
  cover: ImageNameSchema,
  requireValidGtin: z.boolean().default(true).describe(`${REQUIRE_VALID_GTIN} Defaults to true.`),
  ...publicationBodyFields,
});

/** PUT /api/family/:id: the same, but a body without `requireValidGtin` leaves the setting as it is. */
const FamilyUpdateBodySchema = FamilyBodySchema.extend({
  requireValidGtin: z.boolean().optional().describe(`${REQUIRE_VALID_GTIN} Left unchanged when absent.`),
});

export const FamilySchema = NamedRecordSchema.extend({
  ...imageRecordFields,
  cover: NullableTextSchema,
  /** Whether the family's barcodes must be valid GTINs (the bodies' description says what it does). */
  requireValidGtin: z.boolean(),
  ...publicationRecordFields,
});
export type Family = z.infer<typeof FamilySchema>;

/** GET /api/family/:id also gives the linked counts the admin confirms before a delete. */
export const FamilyDetailSchema = FamilySchema.extend({
  counts: z.object({
    categories: z.number().int(),
    products: z.number().int(),
    /** Products complete (100%, see the product's `completeness`) in each language. */
    complete: z.object({ ar: z.number().int(), en: z.number().int() }),
  }),
});
export type FamilyDetail = z.infer<typeof FamilyDetailSchema>;

const FamilyListQuerySchema = PagingQuerySchema.extend({
  search: SearchQuerySchema,
  ...publicationQueryFields,
});
export const FamilyListSchema = listOf(FamilySchema);
export type FamilyList = z.infer<typeof FamilyListSchema>;

/** The families admin resource: a family's routes, access and operation ids are derived from this. */
export const familyResource = defineResource({
  key: 'families',
  screens: { segment: 'family' },
  words: {
    en: { one: 'Family', nav: 'Families', list: 'Family List', create: 'Create Family', edit: 'Edit Family' },
    ar: { one: 'شركة', nav: 'الشركات', list: 'قائمة الشركات', create: 'إنشاء شركة', edit: 'تعديل شركة' },
  },
  name: { one: 'Family', many: 'Families' },
  path: API_PATHS.families,
  schemas: crudSchemas(FamilySchema, FamilyBodySchema, FamilyListQuerySchema, {
    detail: FamilyDetailSchema,
    updateBody: FamilyUpdateBodySchema,
  }),
  access: FAMILY_ACCESS,
  summaries: {
    list: 'Families, ordered by id; search matches either name',
    read: 'One family, with the number of linked categories and products',
    delete: 'Delete a family with its categories and products',
  },
  history: { entity: 'family', revertible: true },
  // A family's messages name it as their family, as every other record's do.
  events: {
    actions: ['created', 'updated', 'deleted', 'published'],
    data: FamilySchema.extend({ family: z.number().int() }),
  },
});
