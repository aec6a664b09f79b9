import type { z } from 'zod';
import { listOf } from './common';

/**
 * Who may call an operation: anyone (`public`), any signed-in account, catalogue visitors included
 * (`account`), administrators and editors (`staff`, each object then checked against the editor's
 * families), or administrators only (`admin`). The server refuses to start when an /api route
 * declares none; docs/architecture.md ("Access model") explains the rules.
 */
export type Access = 'public' | 'account' | 'staff' | 'admin';

/** The five operations of an admin resource, in the order the API documents them. */
export type CrudOperation = 'list' | 'read' | 'create' | 'update' | 'delete';

export interface ResourceSchemas {
  item: z.ZodType;
  detail: z.ZodType;
  list: z.ZodType;
  listQuery: z.ZodType;
  createBody: z.ZodType;
  updateBody: z.ZodType;
}

/**
 * How the history records a resource: the entity its entries name, and whether an entry can be
 * reverted (the server then needs the resource's revert target, the history panel offers the button).
 */
interface ResourceHistory<E extends string = string> {
  entity: E;
  revertible: boolean;
}

/**
 * The words of a resource in one language: what the history calls one record of it, its menu label
 * and its screens' three titles.
 */
interface ResourceWords {
  one: string;
  /** The menu label (the group's, when other resources' screens are listed under it). */
  nav: string;
  list: string;
  create: string;
  edit: string;
}

/** Where a resource's admin screens live: /admin/<segment>/list, /create, /edit/:id. */
interface ResourceScreens<K extends string = string> {
  segment: string;
  /** The resource whose menu group lists this one's screens, instead of a group of its own. */
  under?: K;
}

/**
 * One admin resource, declared once: the server builds its routes, OpenAPI operations and history
 * from it; the web builds its typed API client, its screens' routes, menu entry and titles from it.
 * docs/README.md ("Adding a resource") walks through a new one.
 */
export interface ResourceDeclaration<
  S extends ResourceSchemas = ResourceSchemas,
  E extends string = string,
  K extends string = string,
> {
  /** The resource's key everywhere else: the web's screens, menu and typed client (`families`). */
  key: K;
  /** Its admin screens' address and menu group. */
  screens: ResourceScreens;
  /** Its screens' words in Arabic and English (the web's translator does not hold them). */
  words: Record<'ar' | 'en', ResourceWords>;
  /** Singular and plural names, which make the operation ids (`listFamilies`, `getFamily`, ...). */
  name: { one: string; many: string };
  /** OpenAPI tag. */
  tag: string;
  /** Collection path relative to the `/api` base; one item lives at `${path}/:id`. */
  path: string;
  /** Where GET of one item lives when it is not `${path}/:id` (users: `/user/profile/:id`). */
  readPath?: string;
  schemas: S;
  access: Record<CrudOperation, Access>;
  summaries: Record<CrudOperation, string>;
  /** Error statuses an operation can answer beyond 400, 401, 403 and (for one item) 404. */
  conflicts: Partial<Record<CrudOperation, true>>;
  /** Its history entries; the activity entity list and the history panel's revert derive from this. */
  history: ResourceHistory<E>;
}

/** Catalogue data: any signed-in account reads it, administrators and editors change it. */
export const CATALOGUE_ACCESS = {
  list: 'account',
  read: 'account',
  create: 'staff',
  update: 'staff',
  delete: 'staff',
} as const satisfies Record<CrudOperation, Access>;

/** Families: editors may change their own family's texts and images, never create or delete one. */
export const FAMILY_ACCESS = {
  ...CATALOGUE_ACCESS,
  create: 'admin',
  delete: 'admin',
} as const satisfies Record<CrudOperation, Access>;

/** Staff data kept per family (synonyms): administrators and editors, for every operation. */
export const STAFF_ACCESS = {
  list: 'staff',
  read: 'staff',
  create: 'staff',
  update: 'staff',
  delete: 'staff',
} as const satisfies Record<CrudOperation, Access>;

/** Administrators only, for every operation. */
export const ADMIN_ACCESS = {
  list: 'admin',
  read: 'admin',
  create: 'admin',
  update: 'admin',
  delete: 'admin',
} as const satisfies Record<CrudOperation, Access>;

/**
 * The schemas of a resource from its item, body and list query; the list answer is `{ data, count }`
 * of items. `detail` (GET of one item) defaults to the item and `updateBody` to the create body.
 */
export function crudSchemas<
  I extends z.ZodType,
  B extends z.ZodType,
  Q extends z.ZodType,
  D extends z.ZodType = I,
  U extends z.ZodType = B,
>(item: I, createBody: B, listQuery: Q, more: { detail?: D; updateBody?: U } = {}) {
  return {
    item,
    detail: (more.detail ?? item) as D,
    list: listOf(item),
    listQuery,
    createBody,
    updateBody: (more.updateBody ?? createBody) as U,
  };
}

interface ResourceInput<S extends ResourceSchemas, E extends string, K extends string> extends Omit<
  ResourceDeclaration<S, E, K>,
  'tag' | 'summaries' | 'conflicts'
> {
  /** Defaults to the plural name in lower case. */
  tag?: string;
  /** Create, update and delete default to "Create a family" and so on. */
  summaries: Pick<Record<CrudOperation, string>, 'list' | 'read'> & Partial<Record<CrudOperation, string>>;
  /** Defaults to create and update, which meet the resource's unique natural key. */
  conflicts?: ResourceDeclaration['conflicts'];
}

/** Fills a declaration's defaults; the result is what the server and the web read. */
export function defineResource<
  const S extends ResourceSchemas,
  const E extends string,
  const K extends string,
>(input: ResourceInput<S, E, K>): ResourceDeclaration<S, E, K> {
  const one = input.name.one.toLowerCase();
  return {
    ...input,
    tag: input.tag ?? input.name.many.toLowerCase(),
    summaries: {
      create: `Create a ${one}`,
      update: `Update a ${one}`,
      delete: `Delete a ${one}`,
      ...input.summaries,
    },
    conflicts: input.conflicts ?? { create: true, update: true },
  };
}

const VERBS: Record<CrudOperation, string> = {
  list: 'list',
  read: 'get',
  create: 'create',
  update: 'update',
  delete: 'delete',
};

/** The OpenAPI operationId of one operation: `listFamilies`, `getFamily`, `deleteUser`. */
export const operationId = (resource: Pick<ResourceDeclaration, 'name'>, operation: CrudOperation) =>
  `${VERBS[operation]}${operation === 'list' ? resource.name.many : resource.name.one}`;

export { resourcePaths } from './api-paths';
