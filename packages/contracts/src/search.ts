import { z } from 'zod';
import { listOf, PagingQuerySchema } from './common';
import { CATALOGUE_PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants';
import { ProductSchema } from './products';
import { normalizeSearchText } from './search-text';
import { ATTRIBUTE_PARAM } from './catalog-query';

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

export { ATTRIBUTE_PARAM };

/** How `attr.<key>` filters work (the OpenAPI description of the search, as its keys vary by family). */
export const SEARCH_ATTRIBUTE_FILTERS =
  'Besides the named parameters, `attr.<key>=<option>` keeps the products whose choice or choices ' +
  'attribute `key` has that option: several keys must all match, a key repeated (or given ' +
  'comma-separated options) matches any of them. Visitors may use only the attributes shown to them; ' +
  'an unknown key or option is a 400 naming the parameter.';

/** Most facets one search may ask for. */
const MAX_FACETS = 20;

const FACET_RULE = 'must be category or attr.<key> of a choice attribute';
const FacetSchema = z
  .string({ error: FACET_RULE })
  .regex(/^(category|attr\.[a-z][a-z0-9_]{0,39})$/, FACET_RULE);

/** A list parameter given comma-separated, repeated, or both. */
const splitList = (v: unknown): unknown[] =>
  (Array.isArray(v) ? (v as unknown[]) : [v]).flatMap((item): unknown[] =>
    typeof item === 'string' ? item.split(',').filter((s) => s !== '') : [item],
  );

/**
 * The attribute filters of a search query: each `attr.<key>` parameter's key and the options it
 * gives (repeated or comma-separated), in the order given. A value that is not text is an empty list.
 */
export function attributeParams(query: Record<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith(ATTRIBUTE_PARAM)) continue;
    const options = splitList(value).filter((o): o is string => typeof o === 'string');
    out.set(name.slice(ATTRIBUTE_PARAM.length), [...new Set(options)]);
  }
  return out;
}

/**
 * GET /api/search: the catalogue search. `limit` defaults to the catalogue page
 * size and is clamped to 1..100 like every list; `family` is required, `category` narrows it.
 */
export const SearchQuerySchema = z
  .object({
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
    facets: z
      .preprocess(
        (v) => (v === undefined || v === '' ? undefined : splitList(v)),
        z.array(FacetSchema).max(MAX_FACETS, `must name at most ${MAX_FACETS} facets`).optional(),
      )
      .describe(
        'What to count besides the page, comma-separated or repeated: `category` counts the matches of ' +
          'the text in each category of the family; `attr.<key>` counts them per option of that choice ' +
          'or choices attribute (with the category and the other attribute filters applied)',
      ),
  })
  // `attr.<key>=<option>` filters have keys of the family's own attributes: they pass through here and
  // are checked against the family's attributes by the server (see ATTRIBUTE_PARAM).
  .loose()
  .describe(SEARCH_ATTRIBUTE_FILTERS);

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

/** How many products of the search have one option of a choice attribute (options with none left out). */
const AttributeFacetSchema = z.object({ option: z.string(), count: z.number().int() });
export type AttributeFacet = z.infer<typeof AttributeFacetSchema>;

/** Most did-you-mean suggestions an empty answer carries. */
export const SEARCH_SUGGESTIONS = 3;

/**
 * `count` is the total number of matches, so the pager shows ceil(count / limit) pages. When nothing
 * matches a text, `suggestions` offers up to three other texts made from the family's own words
 * (did-you-mean). With `facets=category`, `facets.category` counts the text's matches in each
 * category of the family, whatever category the page is narrowed to. With `facets=attr.<key>`,
 * `facets.attributes[key]` counts the matches having each option of that attribute, in the order of its
 * options, whatever options of that attribute the page is narrowed to.
 */
export const SearchResultSchema = listOf(ProductCardSchema).extend({
  suggestions: z.array(z.string()).max(SEARCH_SUGGESTIONS).optional(),
  facets: z
    .object({
      category: z.array(CategoryFacetSchema).optional(),
      attributes: z.record(z.string(), z.array(AttributeFacetSchema)).optional(),
    })
    .optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** GET /api/search/attributes: the family whose filterable attributes are listed. */
export const SearchAttributesQuerySchema = z.object({ family: z.preprocess(toNumberOrUndefined, queryId) });

const BilingualSchema = z.object({ ar: z.string(), en: z.string() });

/**
 * The choice and choices attributes a caller may filter and facet the family's search by (visitors:
 * those shown to visitors), in their order, with their options' names: what the catalogue's filter
 * chips show.
 */
export const SearchAttributesSchema = z.object({
  data: z.array(
    z.object({
      key: z.string(),
      name: BilingualSchema,
      type: z.enum(['choice', 'choices']),
      options: z.array(z.object({ key: z.string(), name: BilingualSchema })),
    }),
  ),
});
type SearchAttributes = z.infer<typeof SearchAttributesSchema>;
export type SearchAttribute = SearchAttributes['data'][number];
