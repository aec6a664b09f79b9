import { ADMIN_RESOURCES, type AdminResourceKey } from '@dalil/contracts/admin-resources';
import type { ResourceDeclaration, ResourceSchemas } from '@dalil/contracts/resources';
import type { PageLoader, ResourceScreens } from './resource-kit/resource-screens';

export type { Icon, PageLoader } from './resource-kit/resource-screens';

export interface AdminResource extends ResourceScreens {
  /** The contract declaration: its paths, words, menu group, access and API. */
  declaration: ResourceDeclaration;
}

/**
 * Every resource folder's screens, found by its folder: features/admin/<key>/screens.ts (the key in
 * kebab case: `apiKeys` in api-keys/), or screens.tsx when a small resource writes its pages in the
 * same file.
 */
const found = import.meta.glob<ResourceScreens>('./*/screens.{ts,tsx}', { eager: true, import: 'screens' });

const screensOf = (key: AdminResourceKey): ResourceScreens => {
  const folder = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const screens = found[`./${folder}/screens.ts`] ?? found[`./${folder}/screens.tsx`];
  if (!screens) throw new Error(`The admin resource "${key}" has no features/admin/${folder}/screens.ts`);
  return screens;
};

/**
 * Each declared admin resource (the contracts' ADMIN_RESOURCES, in their order) with its screens.
 * The route table loads this module lazily, with the admin shell, so none of it reaches the
 * visitor's first load. Nothing the pages import imports this module: it sits above them.
 */
export const adminResources = Object.fromEntries(
  ADMIN_RESOURCES.map((declaration: ResourceDeclaration<ResourceSchemas, string, AdminResourceKey>) => [
    declaration.key,
    { declaration, ...screensOf(declaration.key) },
  ]),
) as Record<AdminResourceKey, AdminResource>;

/**
 * Admin screens that are not a resource, loaded through this module like the resources' pages: the
 * route table then names one chunk for all of them, and each new screen costs the visitor's first
 * load only its path and title.
 */
export const adminPages = {
  activity: async () => (await import('./activity/activity-page')).ActivityPage,
  imports: async () => (await import('./activity/imports-page')).ImportsPage,
  bin: async () => (await import('./bin/bin-page')).BinPage,
  uploadAll: async () => (await import('./imports/upload-all-page')).UploadAllPage,
  uploadCategories: async () => (await import('./imports/upload-categories-page')).UploadCategoriesPage,
  uploadProducts: async () => (await import('./imports/upload-products-page')).UploadProductsPage,
  uploadImages: async () => (await import('./image-jobs/upload-images-page')).UploadImagesPage,
} satisfies Record<string, PageLoader>;
