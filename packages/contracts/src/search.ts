import { z } from 'zod';
import { listOf, PagingQuerySchema } from './common';
import { CATALOGUE_PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants';
import { ProductSchema } from './products';
import { normalizeSearchText } from './search-text';

const MAX_ID = 2_147_483_647;

const toNumberOrUndefined = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v;

/** A family or category id in a query string; a missing family is named in the 400. */
const queryId = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'is required: choose a family' : 'must be a positive whole number',
  })
  .int('must be a positive whole number')
  .positive('must be a positive whole number')
  .max(MAX_ID, 'is too large');

/**
 * GET /api/search: the catalogue search. `limit` defaults to the catalogue page
 * size and is clamped to 1..100 like every list; `family` is required, `category` narrows it.
 */
export const SearchQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? CATALOGUE_PAGE_SIZE : v),
    PagingQuerySchema.shape.limit,
  ),
  skip: PagingQuerySchema.shape.skip,
  search: z
    .string({ error: 'must be text' })
    .max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`)
    // Normalization (NFKC) can turn one character into many (U+FDFA into 18): the query the database
    // sees must respect the limit too.
    .refine(
      (v) => normalizeSearchText(v).length <= SEARCH_MAX_LENGTH,
      `must be at most ${SEARCH_MAX_LENGTH} characters once normalized`,
    )
    // No stored text can hold a NUL (PostgreSQL refuses it), so it is a mistake, answered like one
    // whichever engine runs and whether or not the text reaches the database.
    .refine((v) => !v.includes('\u0000'), 'must not contain NUL characters')
    .optional()
    .transform((v) => v ?? ''),
  family: z.preprocess(toNumberOrUndefined, queryId),
  category: z.preprocess(toNumberOrUndefined, queryId.optional()),
  /** `category`: the answer also counts the matches of the text in each category of the family. */
  facets: z.enum(['category'], { error: 'must be category' }).optional(),
});

/** One product card in the catalogue grid: what the card and its link need, nothing more. */
const ProductCardSchema = ProductSchema.pick({
  id: true,
  name: true,
  nameAr: true,
  nameEn: true,
  barcode: true,
  number: true,
  netWeight: true,
  drainedWeight: true,
  unitsPerCarton: true,
  cartonPerPalate: true,
  image: true,
  logo: true,
  family: true,
  category: true,
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/** How many products of the family match the text in one category (categories with none are left out). */
const CategoryFacetSchema = z.object({ id: z.number().int(), count: z.number().int() });
export type CategoryFacet = z.infer<typeof CategoryFacetSchema>;

/** Most did-you-mean suggestions an empty answer carries. */
export const SEARCH_SUGGESTIONS = 3;

/**
 * `count` is the total number of matches, so the pager shows ceil(count / limit) pages. When nothing
 * matches a text, `suggestions` offers up to three other texts made from the family's own words
 * (did-you-mean). With `facets=category`, `facets.category` counts the text's matches in each
 * category of the family, whatever category the page is narrowed to.
 */
export const SearchResultSchema = listOf(ProductCardSchema).extend({
  suggestions: z.array(z.string()).max(SEARCH_SUGGESTIONS).optional(),
  facets: z.object({ category: z.array(CategoryFacetSchema) }).optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
