import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ResourceDeclaration } from '@dalil/contracts/resources';
import type SvgIcon from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { AdminResourceKey } from '../../lib/admin-screens';
import { resourceDeclarations } from './resource-kit/resource-declarations';

export type Icon = typeof SvgIcon;

/** Loads one admin screen on demand: each page is a chunk of its own. */
export type PageLoader = () => Promise<ComponentType>;

export interface AdminResource {
  /** The contract declaration: the paths and schemas of its API calls, the access the menu follows. */
  declaration: ResourceDeclaration;
  icon: Icon;
  list: PageLoader;
  /** One screen for create and edit (edit when the route has an :id). */
  form: PageLoader;
}

/**
 * The admin shell's side of each resource in lib/admin-screens.ts: its contract declaration (from
 * resource-kit, where the pages and kits take it), its menu icon and its list and form pages. The
 * route table loads this module lazily, with the admin shell, so none of it reaches the visitor's
 * first load; `satisfies` makes a resource without an entry a compile error. Nothing the pages import
 * imports this module: it sits above them.
 */
export const adminResources = {
  families: {
    declaration: resourceDeclarations.families,
    icon: ApartmentOutlined,
    list: async () => (await import('./families/family-list-page')).FamilyListPage,
    form: async () => (await import('./families/family-form-page')).FamilyFormPage,
  },
  categories: {
    declaration: resourceDeclarations.categories,
    icon: CategoryOutlined,
    list: async () => (await import('./categories/category-list-page')).CategoryListPage,
    form: async () => (await import('./categories/category-form-page')).CategoryFormPage,
  },
  attributes: {
    declaration: resourceDeclarations.attributes,
    icon: TuneOutlined,
    list: async () => (await import('./attributes/attribute-list-page')).AttributeListPage,
    form: async () => (await import('./attributes/attribute-form-page')).AttributeFormPage,
  },
  products: {
    declaration: resourceDeclarations.products,
    icon: Inventory2Outlined,
    list: async () => (await import('./products/product-list-page')).ProductListPage,
    form: async () => (await import('./products/product-form-page')).ProductFormPage,
  },
  synonyms: {
    declaration: resourceDeclarations.synonyms,
    icon: SyncAltOutlined,
    list: async () => (await import('./synonyms/synonym-list-page')).SynonymListPage,
    form: async () => (await import('./synonyms/synonym-form-page')).SynonymFormPage,
  },
  users: {
    declaration: resourceDeclarations.users,
    icon: PeopleAltOutlined,
    list: async () => (await import('./users/user-list-page')).UserListPage,
    form: async () => (await import('./users/user-form-page')).UserFormPage,
  },
} as const satisfies Record<AdminResourceKey, AdminResource>;

/**
 * Admin screens that are not a resource, loaded through this module like the resources' pages: the
 * route table then names one chunk for all of them, and each new screen costs the visitor's first
 * load only its path and title.
 */
export const adminPages = {
  activity: async () => (await import('./activity/activity-page')).ActivityPage,
  imports: async () => (await import('./activity/imports-page')).ImportsPage,
  bin: async () => (await import('./bin/bin-page')).BinPage,
  apiKeys: async () => (await import('./api-keys/api-keys-page')).ApiKeysPage,
  webhooks: async () => (await import('./webhooks/webhooks-page')).WebhooksPage,
  uploadAll: async () => (await import('./imports/upload-all-page')).UploadAllPage,
  uploadCategories: async () => (await import('./imports/upload-categories-page')).UploadCategoriesPage,
  uploadProducts: async () => (await import('./imports/upload-products-page')).UploadProductsPage,
  feeds: async () => (await import('./feeds/feeds-page')).FeedsPage,
  uploadImages: async () => (await import('./image-jobs/upload-images-page')).UploadImagesPage,
} satisfies Record<string, PageLoader>;
