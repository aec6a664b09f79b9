import type { ComponentType } from 'react';
import type { MessageKey } from './locales/en';

/** Loads one admin screen on demand, so admin code never reaches the visitor's first load. */
export type PageLoader = () => Promise<ComponentType>;

type ListWord<K> = K extends `pages.${infer W}List` ? W : never;
type HasAllScreens<W extends string> = [`pages.${W}Create` | `pages.${W}Edit`] extends [MessageKey]
  ? W
  : never;
/** The words W for which pages.<W>List, pages.<W>Create and pages.<W>Edit all exist. */
type PageWord = { [W in ListWord<MessageKey>]: HasAllScreens<W> }[ListWord<MessageKey>];

/** The menu groups with a label (nav.<key>). */
type NavWord<K = MessageKey> = K extends `nav.${infer W}` ? W : never;

interface AdminResourceEntry {
  /** Web path segment: /admin/<segment>/list, /admin/<segment>/create, /admin/<segment>/edit/:id. */
  segment: string;
  /** Page titles pages.<page>List, pages.<page>Create and pages.<page>Edit. */
  page: PageWord;
  list: PageLoader;
  /** One screen for create and edit (edit when the route has an :id). */
  form: PageLoader;
  /** The resource whose menu group lists this one's screens, instead of a group of its own. */
  under?: NavWord;
}

const resource = (
  segment: string,
  page: PageWord,
  screens: Pick<AdminResourceEntry, 'list' | 'form' | 'under'>,
) => ({
  segment,
  page,
  ...screens,
});

/**
 * The admin resources, declared once: the route table (app/router.tsx), the web paths (lib/paths.ts)
 * and the drawer menu derive from this. It is part of the visitor's first load, so it holds only
 * what routing needs; the contract declaration and the menu icon of each resource live with the
 * admin code in features/admin/resources.ts, keyed the same way and checked complete by the compiler
 * (docs/architecture.md, "Adding a resource").
 */
export const adminRegistry = {
  families: resource('family', 'family', {
    list: async () => (await import('../features/admin/families/family-list-page')).FamilyListPage,
    form: async () => (await import('../features/admin/families/family-form-page')).FamilyFormPage,
  }),
  categories: resource('category', 'category', {
    list: async () => (await import('../features/admin/categories/category-list-page')).CategoryListPage,
    form: async () => (await import('../features/admin/categories/category-form-page')).CategoryFormPage,
  }),
  products: resource('products', 'product', {
    list: async () => (await import('../features/admin/products/product-list-page')).ProductListPage,
    form: async () => (await import('../features/admin/products/product-form-page')).ProductFormPage,
  }),
  // Under the families' paths and menu group: a family's words for its search.
  synonyms: resource('family/synonyms', 'synonym', {
    list: async () => (await import('../features/admin/synonyms/synonym-list-page')).SynonymListPage,
    form: async () => (await import('../features/admin/synonyms/synonym-form-page')).SynonymFormPage,
    under: 'families',
  }),
  users: resource('users', 'user', {
    list: async () => (await import('../features/admin/users/user-list-page')).UserListPage,
    form: async () => (await import('../features/admin/users/user-form-page')).UserFormPage,
  }),
} satisfies Partial<Record<NavWord, AdminResourceEntry>>;

export type AdminResourceKey = keyof typeof adminRegistry;

export const adminResourceKeys = Object.keys(adminRegistry) as AdminResourceKey[];

/** The three screens of a resource, with their title keys. */
export const resourceScreens = (key: AdminResourceKey) => {
  const { page } = adminRegistry[key];
  return {
    list: `pages.${page}List`,
    create: `pages.${page}Create`,
    edit: `pages.${page}Edit`,
  } as const satisfies Record<string, MessageKey>;
};

/** The menu label of a resource's group. */
export const navLabelKey = (key: AdminResourceKey) => `nav.${key}` as const satisfies MessageKey;
