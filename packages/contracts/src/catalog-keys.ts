// The web app's cache keys of the catalogue reads. A visitor page rendered by the server carries the
// answers it was made from under these keys, and the app puts them in its cache before its first
// render, so it does not ask again (docs/decisions/0054-server-rendered-visitor-pages.md).

/** The catalogue search of one page of results, as the main screen asks for it. */
export interface SearchArgs {
  family: number;
  category: number | null;
  search: string;
  limit: number;
  skip: number;
  /** Choice attribute filters by key; left out when there are none (so the key matches the server's). */
  attributes?: Readonly<Record<string, readonly string[]>>;
}

export const catalogKeys = {
  families: () => ['catalog', 'families'] as const,
  family: (id: number) => ['catalog', 'family', id] as const,
  /** One row of category toggles: the family's top-level categories, or one category's sub-categories. */
  categoryRow: (family: number, parent: number | 'none') =>
    ['catalog', 'categories', family, parent] as const,
  search: (args: SearchArgs) => ['catalog', 'search', args] as const,
  product: (id: number) => ['catalog', 'product', id] as const,
};
