// The catalogue main screen keeps its filters in the URL: a reload, a shared link and the
// browser's Back button all show the same results. Only non-default values are written.

export interface CatalogQuery {
  family: number | null;
  search: string;
  category: number | null;
  page: number;
}

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^[0-9]{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  return {
    family: positiveInt(params.get('family')),
    search: params.get('search') ?? '',
    category: positiveInt(params.get('category')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/**
 * The query shown for a family when the link names no filters: the last one shown, if it was for this
 * family, else the family's first page.
 */
export function queryForFamily(lastQuery: string, family: number): CatalogQuery {
  const last = parseCatalogQuery(new URLSearchParams(lastQuery));
  return last.family === family ? last : { family, search: '', category: null, page: 1 };
}

export function catalogQueryString(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.family !== null) params.set('family', String(query.family));
  if (query.search.trim()) params.set('search', query.search);
  if (query.category !== null) params.set('category', String(query.category));
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
