import { API_PATHS, itemPath } from '@dalil/contracts/api-paths';
import { adminScreens, type AdminResourceKey } from './admin-screens';

/** The web paths outside the admin resources: the one place they are spelled out. */
export const paths = {
  adminLogin: '/admin/login',
  catalog: '/catalog',
  catalogLogin: '/catalog/login',
  /** The visitor login's form even while guest access is on: a catalogue user signs in as themselves. */
  catalogSignIn: '/catalog/login?form',
  catalogFamily: '/catalog/family',
  catalogMain: '/catalog/main',
  catalogProduct: (id: number | string) => `/catalog/main/${id}`,
  /** A product page's address in a language, as shared (the server's canonical address too). */
  catalogProductIn: (id: number, language: 'ar' | 'en') => `/catalog/main/${id}?lang=${language}`,
  catalogPrint: '/catalog/print',
  admin: '/admin',
  uploadAll: '/admin/upload',
  uploadCategories: '/admin/upload/categories',
  uploadProducts: '/admin/upload/products',
  activity: '/admin/activity',
  imports: '/admin/activity/imports',
  bin: '/admin/activity/bin',
  uploadImages: '/admin/upload/images',
  /** Under the uploads' paths: the Upload menu group holds it. */
  feeds: '/admin/upload/feeds',
  /** Under the users' paths: the Users menu group holds it. */
  apiKeys: '/admin/users/api-keys',
  webhooks: '/admin/users/webhooks',
} as const;

/** The printable catalogue of a family, or of one of its categories. */
export function catalogPrintHref(family: number, category?: number | null): string {
  const query = new URLSearchParams({ family: String(family) });
  if (category) query.set('category', String(category));
  return `${paths.catalogPrint}?${query.toString()}`;
}

/** The screens of one admin resource; `prefix` holds them all (the menu opens its group there). */
function resourceWebPaths(segment: string) {
  const prefix = `${paths.admin}/${segment}`;
  return {
    prefix,
    list: `${prefix}/list`,
    create: `${prefix}/create`,
    edit: (id: number | string) => `${prefix}/edit/${id}`,
  };
}

export type ResourceWebPaths = ReturnType<typeof resourceWebPaths>;

/** Web paths of each admin resource, from its segment in lib/admin-screens.ts: `adminPaths.families.list`. */
export const adminPaths = Object.fromEntries(
  Object.entries(adminScreens).map(([key, entry]) => [key, resourceWebPaths(entry.segment)]),
) as Record<AdminResourceKey, ResourceWebPaths>;

/**
 * API paths relative to the `/api` base: the contracts' table (shared with the server), plus the item
 * paths the catalogue reads. The admin resources' own calls come from their declarations
 * (features/admin/resource-kit/resource-api.ts).
 */
export const apiPaths = {
  ...API_PATHS,
  family: itemPath(API_PATHS.families),
  category: itemPath(API_PATHS.categories),
  product: itemPath(API_PATHS.products),
} as const;

export type LoginApiPath = typeof apiPaths.adminLogin | typeof apiPaths.userLogin;
