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
const CRUD_OPERATIONS: readonly CrudOperation[] = ['list', 'read', 'create', 'update', 'delete'];
/** The names the web's client gives the CRUD calls, and the operations themselves: no custom one takes them. */
const CLIENT_NAMES = new Set<string>([...CRUD_OPERATIONS, 'one', 'remove']);

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * An operation of a resource beyond its plain CRUD ones, or in place of one that answers differently
 * (an API key's create answers its secret): the server registers it with the handler the resource's
 * module gives, the web calls it through the resource's typed client, which parses the answer with
 * `answer`. docs/architecture.md ("Resource declaration") explains both sides.
 */
export interface OperationDeclaration {
  method: HttpMethod;
  /** After the resource's path: `''` its collection, `'/:id'` one item, `'/:id/run'` ... */
  path: string;
  access: Access;
  /** The OpenAPI operation id, which clients generated from the document are named by. */
  operationId: string;
  summary: string;
  description?: string;
  /** The path's parameters (`:id` and more); left out, a path with `:id` takes the usual id. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of a success. */
  status: 200 | 201 | 202 | 204;
  /** The body of a success; null: none. */
  answer: z.ZodType | null;
  /** Whether it can answer 409 (a unique name taken, a run under way). */
  conflict?: true;
}

export type Operations = Record<string, OperationDeclaration>;

/** What a resource's writes announce to webhooks, in domain events named `<entity>.<action>`. */
export type EventAction = 'created' | 'updated' | 'deleted' | 'published';

interface ResourceEvents<A extends readonly EventAction[] = readonly EventAction[]> {
  actions: A;
  /** The `data` of its messages; left out, the record as the API shows it (`schemas.item`). */
  data?: z.ZodType;
}

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
  /** The edit screen's title; left out when the resource has no edit screen (`screens.edit: false`). */
  edit?: string;
}

/** The admin menu's groups that are no resource's: a resource's screens may be listed in one. */
export type MenuGroup = 'upload' | 'history';

/** Where a resource's admin screens live: /admin/<segment>/list, /create, /edit/:id. */
interface ResourceScreens<K extends string = string> {
  segment: string;
  /**
   * The menu group that lists this one's screens, instead of a group of its own: another resource's,
   * by its key (synonyms under `families`), or a `MenuGroup` (feeds under `upload`).
   */
  under?: K | MenuGroup;
  /** False: its records are never edited, so it has no /edit/:id screen (API keys: issued, then revoked). */
  edit?: false;
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
  O extends Operations = Operations,
  A extends readonly EventAction[] = readonly EventAction[],
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
  /** The plain CRUD operations it has, served by the CRUD routes; the others are `operations`. */
  crud: readonly CrudOperation[];
  /**
   * Its operations beyond plain CRUD, by the name its client calls them: never a CRUD operation's or
   * call's name (`list`, `one`, `create`, ...), so an API key's create, which answers its secret, is
   * `issue`.
   */
  operations: O;
  /**
   * The webhook events its writes announce (`<history entity>.<action>`, the list of event types is
   * derived from these: webhook-events.ts); left out, none.
   */
  events?: ResourceEvents<A>;
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

interface ResourceInput<
  S extends ResourceSchemas,
  E extends string,
  K extends string,
  O extends Operations,
  A extends readonly EventAction[],
> extends Omit<
  ResourceDeclaration<S, E, K, O, A>,
  'tag' | 'summaries' | 'conflicts' | 'crud' | 'operations'
> {
  /** Defaults to the plural name in lower case. */
  tag?: string;
  /**
   * Create, update and delete default to "Create a family" and so on; list and read, which have no
   * default, are needed when the resource has them.
   */
  summaries: Partial<Record<CrudOperation, string>>;
  /** Defaults to create and update, which meet the resource's unique natural key. */
  conflicts?: ResourceDeclaration['conflicts'];
  /** Defaults to all five. */
  crud?: readonly CrudOperation[];
  operations?: O;
}

/**
 * Fills a declaration's defaults; the result is what the server and the web read. A CRUD operation
 * without a summary, or a custom operation named like a CRUD one the resource also has, is an error
 * here, when the contracts load.
 */
export function defineResource<
  const S extends ResourceSchemas,
  const E extends string,
  const K extends string,
  const O extends Operations = Record<never, OperationDeclaration>,
  const A extends readonly EventAction[] = readonly [],
>(input: ResourceInput<S, E, K, O, A>): ResourceDeclaration<S, E, K, O, A> {
  const one = input.name.one.toLowerCase();
  const crud = input.crud ?? CRUD_OPERATIONS;
  const summaries = {
    create: `Create a ${one}`,
    update: `Update a ${one}`,
    delete: `Delete a ${one}`,
    ...input.summaries,
  } as Record<CrudOperation, string>;
  const operations = input.operations ?? ({} as O);
  for (const name of Object.keys(operations)) {
    // The web's client calls the CRUD operations by these names; a custom one takes another.
    if (CLIENT_NAMES.has(name)) throw new Error(`${input.name.many}: "${name}" names a CRUD call`);
  }
  const edits = input.screens.edit !== false;
  if (edits !== Boolean(input.words.ar.edit && input.words.en.edit)) {
    throw new Error(`${input.name.many}: an edit screen needs its title in both languages, and only then`);
  }
  for (const operation of crud) {
    if (!summaries[operation])
      throw new Error(`${input.name.many}: the ${operation} operation needs a summary`);
  }
  return {
    ...input,
    tag: input.tag ?? input.name.many.toLowerCase(),
    summaries,
    conflicts: input.conflicts ?? { create: true, update: true },
    crud,
    operations,
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
