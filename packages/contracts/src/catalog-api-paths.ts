/**
 * The API paths the catalogue's screens call (and the sign-in and health checks every screen may
 * need), relative to the `/api` base: the part of api-paths.ts a visitor's first load carries. The
 * admin area's paths are only in `API_PATHS` (api-paths.ts), which holds these too.
 */
export const API_BASE = '/api';

export const CATALOG_API_PATHS = {
  adminLogin: '/admin/login',
  userLogin: '/user/login',
  adminAuth: '/admin/auth',
  userAuth: '/user/auth',
  logout: '/logout',
  config: '/config',
  health: '/health',
  ready: '/ready',
  search: '/search',
  searchAttributes: '/search/attributes',
  families: '/family',
  categories: '/category',
  products: '/product',
} as const;

/** Fills the `:name` parameters of a path: `withParams('/upload/categories/:family', { family: 3 })`. */
export function withParams(path: string, params: Record<string, number | string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** One item's path under a collection: `itemPath('/family')(3)` is `/family/3`. */
export const itemPath = (collection: string) => (id: number | string) => `${collection}/${id}`;
