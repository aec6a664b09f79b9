import { ADMIN_SEGMENTS } from '@dalil/contracts/web-paths';
import type { MessageKey } from './locales/en';

type ListWord<K> = K extends `pages.${infer W}List` ? W : never;
type HasAllScreens<W extends string> = [`pages.${W}Create` | `pages.${W}Edit`] extends [MessageKey]
  ? W
  : never;
/** The words W for which pages.<W>List, pages.<W>Create and pages.<W>Edit all exist. */
type PageWord = { [W in ListWord<MessageKey>]: HasAllScreens<W> }[ListWord<MessageKey>];

/** The menu groups with a label (nav.<key>). */
type NavWord<K = MessageKey> = K extends `nav.${infer W}` ? W : never;

interface AdminScreens {
  /** Web path segment (the contracts' table): /admin/<segment>/list, /create, /edit/:id. */
  segment: string;
  /** Page titles pages.<page>List, pages.<page>Create and pages.<page>Edit. */
  page: PageWord;
  /** The resource whose menu group lists this one's screens, instead of a group of its own. */
  under?: NavWord;
}

/**
 * Where each admin resource's screens live and what they are titled: the route table
 * (app/router.tsx), the web paths (lib/paths.ts) and the menu derive from this. It is part of the
 * visitor's first load, so it holds plain words only and imports no admin code; the rest of each
 * resource (its contract declaration, menu icon and lazily loaded pages) is its entry in
 * features/admin/resource-kit/resource-declarations.ts and features/admin/resources.ts, keyed the
 * same way and checked complete by the compiler
 * (docs/architecture.md, "Adding a resource").
 */
export const adminScreens = {
  families: { segment: ADMIN_SEGMENTS.families, page: 'family' },
  categories: { segment: ADMIN_SEGMENTS.categories, page: 'category' },
  attributes: { segment: ADMIN_SEGMENTS.attributes, page: 'attribute', under: 'categories' },
  products: { segment: ADMIN_SEGMENTS.products, page: 'product' },
  synonyms: { segment: ADMIN_SEGMENTS.synonyms, page: 'synonym', under: 'families' },
  users: { segment: ADMIN_SEGMENTS.users, page: 'user' },
} as const satisfies Partial<Record<NavWord, AdminScreens>>;

export type AdminResourceKey = keyof typeof adminScreens;

export const adminResourceKeys = Object.keys(adminScreens) as AdminResourceKey[];

/** The menu group a resource's screens are listed in, when not a group of its own. */
export const menuGroupOf = (key: AdminResourceKey): AdminResourceKey | undefined =>
  (adminScreens[key] as AdminScreens).under as AdminResourceKey | undefined;

/** The three screens of a resource, with their title keys. */
export const resourceScreens = (key: AdminResourceKey) => {
  const { page } = adminScreens[key];
  return {
    list: `pages.${page}List`,
    create: `pages.${page}Create`,
    edit: `pages.${page}Edit`,
  } as const satisfies Record<string, MessageKey>;
};

/** The menu label of a resource's group. */
export const navLabelKey = (key: AdminResourceKey) => `nav.${key}` as const satisfies MessageKey;
