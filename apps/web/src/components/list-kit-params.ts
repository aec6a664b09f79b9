import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_OPTIONS } from '@dalil/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  /** Zero-based page index (the URL shows it one-based). */
  pageIndex: number;
  pageSize: number;
  search: string;
  /** Filter values by key (family, category); '' when unset. */
  filters: Record<string, string>;
}

export interface ListParamsApi extends ListParams {
  setPage: (pageIndex: number) => void;
  /** Changing the page size resets to the first page. */
  setPageSize: (size: number) => void;
  setSearch: (search: string) => void;
  /** Changing a filter resets to the first page; `also` clears dependent filters. */
  setFilter: (key: string, value: string, also?: Record<string, string>) => void;
}

const isPageSize = (n: number) => (ADMIN_PAGE_SIZE_OPTIONS as readonly number[]).includes(n);

/** Rows to skip for a page: page size x page index (not a fixed ten per page). */
export const skipOf = ({ pageIndex, pageSize }: Pick<ListParams, 'pageIndex' | 'pageSize'>) =>
  pageSize * pageIndex;

/**
 * List state (page, size, search, filters) kept in the URL query, so Back returns to the same page
 * and a list can be linked to.
 */
export function useListParams(filterKeys: readonly string[] = []): ListParamsApi {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Number(searchParams.get('page'));
  const size = Number(searchParams.get('size'));
  const pageIndex = Number.isInteger(page) && page > 1 ? page - 1 : 0;
  const pageSize = isPageSize(size) ? size : ADMIN_PAGE_SIZE;
  const search = searchParams.get('q') ?? '';
  const filterKey = filterKeys.join(',');
  const filters = useMemo(
    () =>
      Object.fromEntries(
        filterKey
          .split(',')
          .filter(Boolean)
          .map((k) => [k, searchParams.get(k) ?? '']),
      ),
    [filterKey, searchParams],
  );

  // Typing in the search box replaces the history entry; paging and filters add one, for Back.
  const update = useCallback(
    (changes: Record<string, string | number | null>, replace = false) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (next.get('page') === '1') next.delete('page');
          if (next.get('size') === String(ADMIN_PAGE_SIZE)) next.delete('size');
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  return {
    pageIndex,
    pageSize,
    search,
    filters,
    setPage: useCallback((index: number) => update({ page: index + 1 }), [update]),
    setPageSize: useCallback((next: number) => update({ size: next, page: null }), [update]),
    setSearch: useCallback((next: string) => update({ q: next.trim(), page: null }, true), [update]),
    setFilter: useCallback(
      (key: string, value: string, also: Record<string, string> = {}) =>
        update({ [key]: value, ...also, page: null }),
      [update],
    ),
  };
}
