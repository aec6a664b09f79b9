import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { FAMILY_ACCESS, crudSchemas, defineResource } from './resources';
import { listOf, NamedRecordSchema, NamesBodySchema, NullableTextSchema, PagingQuerySchema } from './common';
import { ImageNameSchema, imageBodyFields, imageRecordFields } from './media';
import { SearchQuerySchema } from './refs';

/** POST and PUT /api/family: the family form (name in both languages, optional logo, image and cover). */
export const FamilyBodySchema = NamesBodySchema.extend({ ...imageBodyFields, cover: ImageNameSchema });

export const FamilySchema = NamedRecordSchema.extend({ ...imageRecordFields, cover: NullableTextSchema });
export type Family = z.infer<typeof FamilySchema>;

/** GET /api/family/:id also gives the linked counts the admin confirms before a delete. */
export const FamilyDetailSchema = FamilySchema.extend({
  counts: z.object({ categories: z.number().int(), products: z.number().int() }),
});
export type FamilyDetail = z.infer<typeof FamilyDetailSchema>;

const FamilyListQuerySchema = PagingQuerySchema.extend({ search: SearchQuerySchema });
export const FamilyListSchema = listOf(FamilySchema);
export type FamilyList = z.infer<typeof FamilyListSchema>;

/** The families admin resource: a family's routes, access and operation ids are derived from this. */
export const familyResource = defineResource({
  name: { one: 'Family', many: 'Families' },
  path: API_PATHS.families,
  schemas: crudSchemas(FamilySchema, FamilyBodySchema, FamilyListQuerySchema, { detail: FamilyDetailSchema }),
  access: FAMILY_ACCESS,
  summaries: {
    list: 'Families, ordered by id; search matches either name',
    read: 'One family, with the number of linked categories and products',
    delete: 'Delete a family with its categories and products',
  },
  history: { entity: 'family', revertible: true },
});
