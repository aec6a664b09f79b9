import { CATALOGUE_PAGE_SIZE, CATEGORY_ROW_SIZE, MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import { catalogKeys, type SearchArgs } from '@dalil/contracts/catalog-keys';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { apiPaths } from '../../lib/paths';
import { checkResponse } from '../../lib/response-check';
import type { SearchAttribute } from '@dalil/contracts/search';
import { attributeParams, skipFor, type CatalogQuery } from './catalog-query';

// One query option per catalogue read (docs/architecture.md, "Request flow"). Responses are checked
// against the contracts (lib/response-check.ts: their JSON Schemas, made at build time, so the page
// needs no zod), so a server change that breaks the shape fails loudly here instead of rendering half
// a card.

// The catalogue changes rarely while someone browses it; a minute keeps Back and re-visits instant.
const STALE_MS = 60_000;

export const familiesQuery = queryOptions({
  queryKey: catalogKeys.families(),
  queryFn: async ({ signal }) =>
    checkResponse(
      'families',
      await apiRequest<unknown>(apiPaths.families, { signal, query: { limit: MAX_LIST_LIMIT, skip: 0 } }),
    ),
  staleTime: STALE_MS,
});

export const familyQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.family(id),
    queryFn: async ({ signal }) =>
      checkResponse('familyDetail', await apiRequest<unknown>(apiPaths.family(id), { signal })),
    staleTime: STALE_MS,
    meta: { handlesErrors: true },
  });

/**
 * One row of category toggles, page by page: the family's top-level categories (`parent` none) or
 * the sub-categories of one category, in the server's order (by id).
 */
export const categoryRowQuery = (family: number, parent: number | 'none') =>
  infiniteQueryOptions({
    queryKey: catalogKeys.categoryRow(family, parent),
    queryFn: async ({ signal, pageParam }) =>
      checkResponse(
        'categories',
        await apiRequest<unknown>(apiPaths.categories, {
          signal,
          query: { family, parent, limit: CATEGORY_ROW_SIZE, skip: pageParam },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.data.length, 0);
      return loaded < last.count && last.data.length > 0 ? loaded : undefined;
    },
    staleTime: STALE_MS,
  });

/** One category, for a link that names one the rows have not loaded (the 150th, or a sub-category). */
export const categoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['catalog', 'category', id],
    queryFn: async ({ signal }) =>
      checkResponse('category', await apiRequest<unknown>(apiPaths.category(id), { signal })),
    staleTime: STALE_MS,
  });

/** The catalogue main screen's search for a query shown for `family` (page size 25). */
export function catalogSearchArgs(family: number, query: CatalogQuery): SearchArgs {
  return {
    family,
    category: query.category,
    search: query.search,
    limit: CATALOGUE_PAGE_SIZE,
    skip: skipFor(query.page, CATALOGUE_PAGE_SIZE),
    // Left out of the cache key when undefined, so it matches the server-rendered page's key.
    attributes: query.attributes,
  };
}

/** No refetch on window focus; the previous page stays while the next one loads. */
export const searchQuery = (args: SearchArgs) =>
  queryOptions({
    queryKey: catalogKeys.search(args),
    queryFn: async ({ signal }) =>
      checkResponse(
        'search',
        await apiRequest<unknown>(apiPaths.search, {
          signal,
          query: {
            family: args.family,
            category: args.category ?? undefined,
            search: args.search.trim() || undefined,
            limit: args.limit,
            skip: args.skip,
            ...attributeParams(args.attributes),
          },
        }),
      ),
    staleTime: STALE_MS,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

/**
 * Counts without the products: one search of one product asking for `facets` (`category`,
 * `attr.<key>`) over the products matching the text, the category and the attribute filters.
 */
export async function facetCounts(
  args: { family: number; search: string; category?: number | null; attributes?: CatalogQuery['attributes'] },
  facets: string[],
  signal: AbortSignal,
) {
  const result = checkResponse(
    'search',
    await apiRequest<unknown>(apiPaths.search, {
      signal,
      query: {
        family: args.family,
        search: args.search.trim() || undefined,
        category: args.category ?? undefined,
        limit: 1,
        facets: facets.join(','),
        ...attributeParams(args.attributes),
      },
    }),
  );
  return result.facets;
}

/**
 * How many products match a text (and the attribute filters) in each category of the family: one
 * small request per text and filters (the page and the chosen category do not change the counts),
 * shown on the category toggles. Without filters the key is the one the server-rendered page carries.
 */
export const categoryCountsQuery = (
  family: number,
  search: string,
  attributes?: CatalogQuery['attributes'],
) =>
  queryOptions({
    queryKey: ['catalog', 'category-counts', family, search.trim(), ...(attributes ? [attributes] : [])],
    queryFn: async ({ signal }) => {
      const facets = await facetCounts({ family, search, attributes }, ['category'], signal);
      return new Map((facets?.category ?? []).map((c) => [c.id, c.count]));
    },
    staleTime: STALE_MS,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

/**
 * The choice attributes the family's search can be filtered by: when there are any, the main screen
 * loads its filter chips (attribute-chips.tsx).
 */
export const searchAttributesQuery = (family: number) =>
  queryOptions({
    queryKey: ['catalog', 'search-attributes', family],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: SearchAttribute[] }>(apiPaths.searchAttributes, {
          signal,
          query: { family },
        })
      ).data,
    staleTime: STALE_MS,
  });

/** GET /api/product/:id, checked; `unauthorized` as for apiRequest. */
export async function fetchProduct(
  id: number,
  signal: AbortSignal,
  unauthorized: 'redirect' | 'ignore' = 'redirect',
) {
  // The product's shape loads with the product page's code (lib/product-check.ts), beside the request.
  const [{ checkProduct }, answer] = await Promise.all([
    import('../../lib/product-check'),
    apiRequest<unknown>(apiPaths.product(id), { signal, unauthorized }),
  ]);
  return checkProduct(answer);
}

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    staleTime: STALE_MS,
  });
