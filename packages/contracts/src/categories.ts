import { z } from 'zod';
import { BilingualNameSchema, listOf, PagingQuerySchema, requiredText } from './common';
import { ImageNameSchema } from './media';
import { OptionalRefSchema, RefSchema, SearchQuerySchema } from './refs';

/** POST and PUT /api/category: the category form (spec section 2, "Create Category"). */
export const CategoryBodySchema = z.object({
  nameEn: requiredText(),
  nameAr: requiredText(),
  family: RefSchema,
  logo: ImageNameSchema,
  image: ImageNameSchema,
});
export type CategoryBody = z.input<typeof CategoryBodySchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  name: BilingualNameSchema,
  nameAr: z.string(),
  nameEn: z.string(),
  family: z.number().int(),
  logo: z.string().nullable(),
  image: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

/** GET /api/category/:id also gives the product count shown before a delete (spec section 8). */
export const CategoryDetailSchema = CategorySchema.extend({
  counts: z.object({ products: z.number().int() }),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

export const CategoryListQuerySchema = PagingQuerySchema.extend({
  family: OptionalRefSchema,
  search: SearchQuerySchema,
});
export const CategoryListSchema = listOf(CategorySchema);
export type CategoryList = z.infer<typeof CategoryListSchema>;
