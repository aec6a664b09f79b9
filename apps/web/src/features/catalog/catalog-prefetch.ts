import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { getToken } from '../../lib/session';
import {
  catalogSearchArgs,
  categoryRowQuery,
  familiesQuery,
  familyQuery,
  fetchProduct,
  productQuery,
  searchQuery,
} from './catalog-api';
import { parseCatalogQuery, queryForFamily } from './catalog-query';
import { restoreFamily, useCatalogStore } from './catalog-store';

/**
 * When the app opens on the catalogue main screen, start its requests (companies, the family's
 * categories, the results page, and the linked family when it is not the stored one) as soon as the
 * catalogue code has loaded, alongside the session check instead of after it and the first render
 * (docs/performance.md, "Lighthouse"). The page then finds them in the query cache under the same
 * keys. A 401 here ends the session like any other request (lib/session.ts).
 */
export function prefetchStoredCatalog(client: QueryClient): void {
  if (!getToken()) return;
  if (window.location.pathname !== paths.catalogMain) return prefetchProduct(client);
  const linked = parseCatalogQuery(new URLSearchParams(window.location.search));
  const { selectedFamily, lastQuery } = useCatalogStore.getState();
  const stored = selectedFamily ?? restoreFamily();
  const query = linked.family !== null ? linked : stored ? queryForFamily(lastQuery, stored.id) : null;
  if (!query || query.family === null) return;
  void client.prefetchQuery(familiesQuery);
  void client.prefetchInfiniteQuery(categoryRowQuery(query.family, 'none'));
  void client.prefetchQuery(searchQuery(catalogSearchArgs(query.family, query)));
  if (stored?.id !== query.family) void client.prefetchQuery(familyQuery(query.family));
}

/**
 * On a product page, the product (which public/boot.js has usually asked for already) goes into the
 * cache while the session check runs, so the page's first render shows it, not a skeleton over the
 * image the first-paint shell already shows. Its failures are the page's to report, and a refused
 * token the session guard's (it sends the visitor to the login and back), as without this.
 */
function prefetchProduct(client: QueryClient): void {
  const id = Number(/^\/catalog\/main\/([^/]+)\/?$/.exec(window.location.pathname)?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  void client.prefetchQuery({
    ...productQuery(id),
    queryFn: ({ signal }) => fetchProduct(id, signal, 'ignore'),
    retry: false,
    meta: { handlesErrors: true },
  });
}
