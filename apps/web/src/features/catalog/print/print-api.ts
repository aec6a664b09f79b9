import { CategoryListSchema, type Category } from '@dalil/contracts/categories';
import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import { FamilyDetailSchema } from '@dalil/contracts/families';
import { ProductListSchema, type Product } from '@dalil/contracts/products';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Pages fetched at once after the first: enough to hide latency, few enough for a shared server. */
const PARALLEL_PAGES = 4;

/**
 * Every row of a catalogue list. Lists give at most MAX_LIST_LIMIT rows a page; the first page's
 * count says how many more to ask for.
 */
async function fetchAll<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  parse: (data: unknown) => { data: T[]; count: number },
  signal: AbortSignal,
): Promise<T[]> {
  const page = async (skip: number) =>
    parse(await apiRequest<unknown>(path, { signal, query: { ...query, limit: MAX_LIST_LIMIT, skip } }));
  const first = await page(0);
  const rows = [...first.data];
  const skips: number[] = [];
  for (let skip = MAX_LIST_LIMIT; skip < first.count; skip += MAX_LIST_LIMIT) skips.push(skip);
  for (let i = 0; i < skips.length; i += PARALLEL_PAGES) {
    const pages = await Promise.all(skips.slice(i, i + PARALLEL_PAGES).map(page));
    for (const next of pages) rows.push(...next.data);
  }
  return rows;
}

export interface PrintData {
  family: ReturnType<typeof FamilyDetailSchema.parse>;
  categories: Category[];
  products: Product[];
}

/**
 * The family, its categories and every product of the family (or of one category), through the
 * catalogue's own reads. Products come from the product list rather than the search: the printed
 * page shows the price and the visible attributes, which search results do not carry.
 */
export const printDataQuery = (family: number, category: number | null) =>
  queryOptions({
    queryKey: ['catalog', 'print', family, category],
    queryFn: async ({ signal }): Promise<PrintData> => {
      const [detail, categories, products] = await Promise.all([
        apiRequest<unknown>(apiPaths.family(family), { signal }).then((data) =>
          FamilyDetailSchema.parse(data),
        ),
        fetchAll(apiPaths.categories, { family }, (data) => CategoryListSchema.parse(data), signal),
        fetchAll(
          apiPaths.products,
          // Each product with what shows its visible attribute values.
          { family, category: category ?? undefined, definitions: 'shown' },
          (data) => ProductListSchema.parse(data),
          signal,
        ),
      ]);
      return {
        family: detail,
        categories: category === null ? categories : categories.filter((c) => c.id === category),
        products,
      };
    },
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
