// The catalogue main screen keeps its filters in the URL: a reload, a shared link and the
// browser's Back button all show the same results. Only non-default values are written.
import { ATTRIBUTE_PARAM, parseCatalogQuery, type CatalogQuery } from '@dalil/contracts/catalog-query';

export { ATTRIBUTE_PARAM, parseCatalogQuery, type CatalogQuery };

type Filters = NonNullable<CatalogQuery['attributes']>;

/**
 * The address's query with its attribute filters (`attr.<key>=<option>`, repeated for several
 * options); the server checks them (a key or option it does not know is a 400 naming it).
 */
export function parseCatalogAddress(params: URLSearchParams): CatalogQuery {
  const query = parseCatalogQuery(params);
  let attributes: Record<string, string[]> | undefined;
  for (const [name, option] of params) {
    if (name.startsWith(ATTRIBUTE_PARAM))
      ((attributes ??= {})[name.slice(ATTRIBUTE_PARAM.length)] ??= []).push(option);
  }
  return attributes ? { ...query, attributes } : query;
}

/** The filters as search parameters: one `attr.<key>` per key, its options comma-separated. */
export const attributeParams = (filters: Filters | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters ?? {}).map(([key, options]) => [`${ATTRIBUTE_PARAM}${key}`, options.join(',')]),
  );

/**
 * The query shown for a family when the link names no filters: the last one shown, if it was for this
 * family, else the family's first page.
 */
export function queryForFamily(lastQuery: string, family: number): CatalogQuery {
  const last = parseCatalogAddress(new URLSearchParams(lastQuery));
  return last.family === family ? last : { family, search: '', category: null, page: 1 };
}

export function catalogQueryString(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.family !== null) params.set('family', String(query.family));
  if (query.search.trim()) params.set('search', query.search);
  if (query.category !== null) params.set('category', String(query.category));
  for (const [key, options] of Object.entries(query.attributes ?? {})) {
    for (const option of options) params.append(`attr.${key}`, option);
  }
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Pages = ceil(count / limit), 0 when count is not a number. */
export function pageCount(count: unknown, limit: number): number {
  return typeof count === 'number' && Number.isFinite(count) && limit > 0 ? Math.ceil(count / limit) : 0;
}

/** A page change sets skip = limit * (page - 1). */
export function skipFor(page: number, limit: number): number {
  return limit * (Math.max(1, page) - 1);
}
