import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { CATALOGUE_ACCESS, crudSchemas, defineResource } from './resources';
import { listOf, NamedRecordSchema, NamesBodySchema, PagingQuerySchema } from './common';
import { imageBodyFields, imageRecordFields } from './media';
import { OptionalRefSchema, RefSchema, SearchQuerySchema } from './refs';

/** POST and PUT /api/category: the category form (name in both languages, family, optional logo and image). */
export const CategoryBodySchema = NamesBodySchema.extend({ family: RefSchema, ...imageBodyFields });
export type CategoryBody = z.input<typeof CategoryBodySchema>;

export const CategorySchema = NamedRecordSchema.extend({ family: z.number().int(), ...imageRecordFields });
export type Category = z.infer<typeof CategorySchema>;

/** GET /api/category/:id also gives the product count the admin confirms before a delete. */
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

/** The categories admin resource: routes, access and operation ids are derived from this. */
export const categoryResource = defineResource({
  name: { one: 'Category', many: 'Categories' },
  path: API_PATHS.categories,
  schemas: crudSchemas(CategorySchema, CategoryBodySchema, CategoryListQuerySchema, {
    detail: CategoryDetailSchema,
  }),
  access: CATALOGUE_ACCESS,
  summaries: {
    list: 'Categories, ordered by id; filter by family, search either name',
    read: 'One category, with the number of linked products',
    update: 'Update a category (a new family moves its products too)',
    delete: 'Delete a category with its products',
  },
});
