/**
 * The web app's addresses, spelled once: its route table (apps/web/src/app/router.tsx) is built from
 * these, and the server answers the app with 200 on them and with 404 on any other address, so that
 * a crawler sees no page where the app has none.
 */
export const WEB_PATHS = {
  /** The way in: the app sends it on to the catalogue login. */
  home: '/',
  adminLogin: '/admin/login',
  catalogLogin: '/catalog/login',
  catalogFamily: '/catalog/family',
  catalogMain: '/catalog/main',
  catalogProduct: '/catalog/main/:id',
  catalogPrint: '/catalog/print',
  admin: '/admin',
  uploadAll: '/admin/upload',
  uploadCategories: '/admin/upload/categories',
  uploadProducts: '/admin/upload/products',
  activity: '/admin/activity',
  imports: '/admin/activity/imports',
  bin: '/admin/activity/bin',
  uploadImages: '/admin/upload/images',
  /**
   * The scheduled feeds' screens (their declaration's segment, under the uploads' paths): the address
   * alone, their page's before they were a declared resource, goes on to their list.
   */
  feeds: '/admin/upload/feeds',
  /**
   * Where the API keys' and webhooks' screens were before they were declared resources: the app
   * leads each to its list, the same address with /list (their screens' `segment`).
   */
  apiKeys: '/admin/users/api-keys',
  webhooks: '/admin/users/webhooks',
} as const;

/** The screens of one admin resource; `prefix` holds them all (the menu opens its group there). */
export function adminResourcePaths(segment: string) {
  const prefix = `${WEB_PATHS.admin}/${segment}`;
  return {
    prefix,
    list: `${prefix}/list`,
    create: `${prefix}/create`,
    edit: (id: number | string) => `${prefix}/edit/${id}`,
  };
}
