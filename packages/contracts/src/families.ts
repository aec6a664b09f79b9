import { z } from 'zod';
import { BilingualNameSchema, listOf, PagingQuerySchema, requiredText } from './common';
import { ImageNameSchema } from './media';
import { SearchQuerySchema } from './refs';

/** POST and PUT /api/family: the family form (spec section 2, "Create Family"). */
export const FamilyBodySchema = z.object({
  nameEn: requiredText(),
  nameAr: requiredText(),
  logo: ImageNameSchema,
  image: ImageNameSchema,
  cover: ImageNameSchema,
});
export type FamilyBody = z.input<typeof FamilyBodySchema>;

export const FamilySchema = z.object({
  id: z.number().int(),
  name: BilingualNameSchema,
  nameAr: z.string(),
  nameEn: z.string(),
  logo: z.string().nullable(),
  image: z.string().nullable(),
  cover: z.string().nullable(),
});
export type Family = z.infer<typeof FamilySchema>;

/** GET /api/family/:id also gives the linked counts shown before a delete (spec section 8). */
export const FamilyDetailSchema = FamilySchema.extend({
  counts: z.object({ categories: z.number().int(), products: z.number().int() }),
});
export type FamilyDetail = z.infer<typeof FamilyDetailSchema>;

export const FamilyListQuerySchema = PagingQuerySchema.extend({ search: SearchQuerySchema });
export const FamilyListSchema = listOf(FamilySchema);
export type FamilyList = z.infer<typeof FamilyListSchema>;
