import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { CATALOGUE_ACCESS, crudSchemas, defineResource } from './resources';
import { listOf, NamedRecordSchema, NamesBodySchema, PagingQuerySchema } from './common';
import { imageBodyFields, imageRecordFields } from './media';
import { NullableRefSchema, OptionalRefSchema, RefSchema, SearchQuerySchema } from './refs';

/**
 * POST and PUT /api/category: the category form (name in both languages, family, optional parent,
 * logo and image). A category with a parent is a sub-category: the parent is a category of the same
 * family that has no parent itself (one level).
 */
export const CategoryBodySchema = NamesBodySchema.extend({
  family: RefSchema,
  parent: NullableRefSchema.optional().transform((v) => v ?? null),
  ...imageBodyFields,
});

/**
 * PUT /api/category/:id: the same, but `parent` (added after the first API) keeps its stored value
 * when left out: an older client's PUT does not move a sub-category to the top level.
 */
const CategoryUpdateBodySchema = CategoryBodySchema.extend({ parent: NullableRefSchema.optional() });

export const CategorySchema = NamedRecordSchema.extend({
  family: z.number().int(),
  parent: z.number().int().nullable(),
  ...imageRecordFields,
});
export type Category = z.infer<typeof CategorySchema>;

/**
 * GET /api/category/:id also gives what a delete removes, for the admin to confirm: its sub-categories
 * and the products of the category and of its sub-categories.
 */
const CategoryDetailSchema = CategorySchema.extend({
  counts: z.object({ products: z.number().int(), subCategories: z.number().int() }),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

/** `parent=none` lists the top-level categories; `parent=ID` the sub-categories of ID. */
const ParentFilterSchema = z
  .union([z.literal('none'), OptionalRefSchema], { error: 'must be none or a category id' })
  .optional();

const CategoryListQuerySchema = PagingQuerySchema.extend({
  family: OptionalRefSchema,
  parent: ParentFilterSchema,
  search: SearchQuerySchema,
});
export const CategoryListSchema = listOf(CategorySchema);
export type CategoryList = z.infer<typeof CategoryListSchema>;

/** The categories admin resource: routes, access and operation ids are derived from this. */
export const categoryResource = defineResource({
  key: 'categories',
  screens: { segment: 'category' },
  words: {
    en: {
      one: 'Category',
      nav: 'Categories',
      list: 'Category List',
      create: 'Create Category',
      edit: 'Edit Category',
    },
    ar: { one: 'فئة', nav: 'الفئات', list: 'قائمة الفئات', create: 'إنشاء فئة', edit: 'تعديل فئة' },
  },
  name: { one: 'Category', many: 'Categories' },
  path: API_PATHS.categories,
  schemas: crudSchemas(CategorySchema, CategoryBodySchema, CategoryListQuerySchema, {
    detail: CategoryDetailSchema,
    updateBody: CategoryUpdateBodySchema,
  }),
  access: CATALOGUE_ACCESS,
  summaries: {
    list: 'Categories, ordered by id; filter by family and parent (none: top level), search either name',
    read: 'One category, with the number of linked products',
    update: 'Update a category (a new family moves its products too)',
    delete: 'Delete a category with its sub-categories and their products',
  },
  history: { entity: 'category', revertible: true },
  events: { actions: ['created', 'updated', 'deleted'] },
});
