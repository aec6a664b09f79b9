import { CATALOG_API_PATHS, itemPath } from '@dalil/contracts/catalog-api-paths';
import { WEB_PATHS } from '@dalil/contracts/web-paths';

/**
 * The web paths outside the admin resources: the contracts' table, which the server shares to tell
 * the app's addresses from unknown ones, and the ones built from it.
 */
export const paths = {
  ...WEB_PATHS,
  catalog: '/catalog',
  /** The visitor login's form even while guest access is on: a catalogue user signs in as themselves. */
  catalogSignIn: `${WEB_PATHS.catalogLogin}?form`,
  catalogProduct: (id: number | string) => `${WEB_PATHS.catalogMain}/${id}`,
  /** A product page's address in a language, as shared (the server's canonical address too). */
  catalogProductIn: (id: number, language: 'ar' | 'en') => `${WEB_PATHS.catalogMain}/${id}?lang=${language}`,
} as const;

/** The printable catalogue of a family, or of one of its categories. */
export function catalogPrintHref(family: number, category?: number | null): string {
  const query = new URLSearchParams({ family: String(family) });
  if (category) query.set('category', String(category));
  return `${paths.catalogPrint}?${query.toString()}`;
}

/**
 * The catalogue's API paths relative to the `/api` base: the contracts' table (shared with the
 * server), plus the item paths the catalogue reads. The admin area's calls use the whole table
 * (`API_PATHS`) or their resources' declarations (features/admin/resource-kit/resource-api.ts), so
 * its paths stay out of the visitor's first load.
 */
export const apiPaths = {
  ...CATALOG_API_PATHS,
  family: itemPath(CATALOG_API_PATHS.families),
  category: itemPath(CATALOG_API_PATHS.categories),
  product: itemPath(CATALOG_API_PATHS.products),
} as const;

export type LoginApiPath = typeof apiPaths.adminLogin | typeof apiPaths.userLogin;
