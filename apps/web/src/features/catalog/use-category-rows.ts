import type { Category } from '@dalil/contracts/categories';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { categoryQuery, categoryRowQuery } from './catalog-api';

/** A row of toggles as the server gives it, page by page. */
export interface CategoryRow {
  categories: Category[] | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

function useRow(family: number, parent: number | 'none' | null): CategoryRow {
  // No parent chosen: no second row (the disabled query must not show the first row's pages).
  const query = useInfiniteQuery({ ...categoryRowQuery(family, parent ?? -1), enabled: parent !== null });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const categories = useMemo(() => data?.pages.flatMap((page) => page.data), [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { categories, hasMore: hasNextPage, loadingMore: isFetchingNextPage, loadMore };
}

/** A category the rows know, or else the server's answer for it (asked for once the first row is in). */
function useCategory(id: number | null, known: Category | undefined, waiting: boolean) {
  const fetched = useQuery({ ...categoryQuery(id ?? 0), enabled: id !== null && !known && !waiting });
  return known ?? (id === null ? undefined : fetched.data);
}

/**
 * The two rows of the catalogue's category filter for the chosen id of the address: the family's
 * top-level categories, and the sub-categories of the chosen one's top-level category. A link can
 * name a category the first row has not loaded yet (the 150th, or a sub-category): it is asked for
 * on its own, and its top-level category leads the first row until its page arrives.
 */
export function useCategoryRows(family: number, value: number | null) {
  const client = useQueryClient();
  const top = useRow(family, 'none');
  const inTop = (id: number | null) => top.categories?.find((c) => c.id === id);
  const waiting = top.categories === undefined;
  const chosen = useCategory(value, inTop(value), waiting);
  const parentId = chosen ? (chosen.parent ?? chosen.id) : null;
  const parent = useCategory(
    parentId,
    inTop(parentId) ?? (chosen?.parent === null ? chosen : undefined),
    waiting,
  );
  const sub = useRow(family, parentId);

  const first = parent && top.categories && !inTop(parent.id) ? [parent, ...top.categories] : top.categories;
  /** Remembers a chosen toggle's category, so the rows need not ask the server for it again. */
  const remember = (id: number | null) => {
    const category = [...(first ?? []), ...(sub.categories ?? [])].find((c) => c.id === id);
    if (category) client.setQueryData(categoryQuery(category.id).queryKey, category);
  };
  return {
    first: { ...top, categories: first },
    second: sub,
    /** The top-level category pressed in the first row (the chosen id while it is being looked up). */
    parentId: chosen ? parentId : value,
    /** The sub-category pressed in the second row, or none ("All"). */
    subId: chosen && chosen.parent !== null ? chosen.id : null,
    remember,
  };
}
