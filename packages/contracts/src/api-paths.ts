/**
 * Every API path, relative to the `/api` base. The server registers its routes at
 * `${API_BASE}${path}` and the web calls the same constants, so a path is spelled once.
 * Item paths use Fastify's `:param` form; `withId` fills one in.
 */

import { CATALOG_API_PATHS, itemPath } from './catalog-api-paths';

export { API_BASE, withParams } from './catalog-api-paths';

/** Every API path: the catalogue's (catalog-api-paths.ts) and the admin area's. */
export const API_PATHS = {
  ...CATALOG_API_PATHS,
  productBulk: '/product/bulk',
  productBulkUndo: '/product/bulk/:id/undo',
  synonyms: '/synonyms',
  synonymsExport: '/synonyms/export.csv',
  synonymsImport: '/synonyms/import/:family',
  users: '/user',
  userProfile: '/user/profile',
  uploadImage: '/upload/image',
  uploadImages: '/upload/images',
  uploadImagesJob: '/upload/images/:id',
  uploadImagesUndo: '/upload/images/:id/undo',
  uploadAll: '/upload/all',
  uploadCategories: '/upload/categories/:family',
  uploadProducts: '/upload/products/:family/:category',
  uploadAllInvalidRows: '/upload/all/invalid-rows',
  uploadCategoriesInvalidRows: '/upload/categories/:family/invalid-rows',
  uploadProductsInvalidRows: '/upload/products/:family/:category/invalid-rows',
  uploadTemplateXlsx: '/upload/template/:kind.xlsx',
  exportAll: '/export/all.csv',
  exportFamily: '/export/family/:id.csv',
  exportAllXlsx: '/export/all.xlsx',
  exportFamilyXlsx: '/export/family/:id.xlsx',
  activity: '/activity',
  activityCsv: '/activity/export.csv',
  activityRevert: '/activity/:id/revert',
  imports: '/import',
  importUndo: '/import/:id/undo',
  bin: '/bin',
  binEntry: '/bin/:id',
  binRestore: '/bin/:id/restore',
  apiKeys: '/api-key',
  webhooks: '/webhook',
  feeds: '/feed',
  feed: '/feed/:id',
  feedRun: '/feed/:id/run',
  attributes: '/attribute',
  attributeFoodSet: '/attribute/sets/food',
} as const;

/**
 * Paths of one resource relative to the `/api` base, as the web calls them; GET of one item may live
 * elsewhere (`readPath`, users: `/user/profile/:id`). Kept here, free of zod, for the visitor's first load.
 */
export const resourcePaths = (resource: { path: string; readPath?: string | undefined }) => ({
  list: resource.path,
  one: itemPath(resource.path),
  read: itemPath(resource.readPath ?? resource.path),
});
