import type {
  CrudOperation,
  Operations,
  ResourceDeclaration,
  ResourceSchemas,
} from '@dalil/contracts/resources';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from './crud-routes';
import { operationRoutes, type OperationHandlers } from './operation-routes';
import type { CrudService } from './crud-service';
import type { RecordNames } from './record-names';
import { checkRevertTarget, type RevertTarget } from './revert-target';
import { keepWithFamily } from './recycle-bin';

/** The search result cache's settings (modules/search/search-cache-plugin.ts). */
export interface SearchCacheSettings {
  /** Most pages kept; each is one page of at most 100 cards. */
  entries?: number;
  /** Most bytes kept (lib/cache-budgets.ts). */
  bytes?: number;
  /** How old the catalogue version may be before a lookup re-reads it from the database. */
  versionTtlMs?: number;
  /** Milliseconds on a monotonic clock; tests pass one they can move. */
  now?: () => number;
}

/** The sitemap's settings (modules/sitemap); tests pass a small limit to see the index. */
export interface SitemapSettings {
  /** Most `<url>` entries in one sitemap file (sitemaps.org allows 50,000); more make an index. */
  limit?: number;
  /** Records read from the database per query while a sitemap is written. */
  pageSize?: number;
  /** How old the catalogue version may be before a request re-reads it from the database. */
  versionTtlMs?: number;
}

/** The scheduled feeds' settings (modules/feeds). */
export interface FeedSettings {
  /** The wall clock (milliseconds since the epoch) schedules are read by; tests pass one they move. */
  clock?: () => number;
  /** How often this process looks for due feeds; 0 never on its own (tests run them by hand). */
  pollMs?: number;
  /** How often a run renews its lease (lib/job-lease.ts); tests pass a short one. */
  heartbeatMs?: number;
}

/** What buildApp hands the modules beyond the app itself. */
interface ModuleOptions {
  /** Search result cache settings; tests pass a clock they can move. */
  searchCache?: SearchCacheSettings;
  sitemap?: SitemapSettings;
  feeds?: FeedSettings;
}

/** One part of the server, registered in the order of modules/index.ts. */
export interface AppModule {
  name: string;
  // A Fastify plugin registration is awaited like a promise: the next module sees what it added.
  register: (app: FastifyInstance, options: ModuleOptions) => void | PromiseLike<unknown>;
}

/**
 * A declared admin resource: its CRUD routes, where the history finds its records' names, and its
 * revert target when its history is revertible.
 */
export interface ResourceModule extends AppModule {
  resource: ResourceDeclaration;
  names: RecordNames;
  revert?: RevertTarget;
}

/** The service methods of the CRUD operations (`list`, `read`, `create`, `update`, `remove`). */
const METHODS: Record<CrudOperation, keyof CrudService<ResourceSchemas>> = {
  list: 'list',
  read: 'read',
  create: 'create',
  update: 'update',
  delete: 'remove',
};

/** What a resource's module brings beside its declaration. */
export interface ResourceParts<S extends ResourceSchemas, O extends Operations> {
  /**
   * Its service, or a maker of it from the app (the users' needs the app's tokens): the methods of the
   * CRUD operations the declaration has (a resource with only some of them leaves the others out).
   */
  service: Partial<CrudService<S>> | ((app: FastifyInstance) => Partial<CrudService<S>>);
  names: RecordNames;
  /** What a revert needs; given exactly when the declaration's history is revertible. */
  revert?: Omit<RevertTarget, 'resource'>;
  /**
   * The handlers of its custom operations, one per declared operation, or a maker of them from the
   * app (a webhook's subscribe checks its address against the app's outbound settings).
   */
  operations?: OperationHandlers<O> | ((app: FastifyInstance) => OperationHandlers<O>);
  /**
   * The column naming its records' family, when they belong to it: a family's delete then takes them
   * into the recycle bin with it, and its restore brings them back (core/recycle-bin.ts).
   */
  keptWithFamily?: AnyPgColumn;
  /** What else it sets up when it registers (a background worker), after its routes. */
  register?: AppModule['register'];
}

/**
 * The module of an admin resource: its CRUD routes, then its custom operations. A declaration that
 * says revertible without a revert target (or the other way round), or a CRUD operation or custom
 * one without its service method or handler, fails at start.
 */
export function resourceModule<S extends ResourceSchemas, O extends Operations>(
  resource: ResourceDeclaration<S, string, string, O>,
  parts: ResourceParts<S, O>,
): ResourceModule {
  const { service, names, revert } = parts;
  const what = resource.name.many;
  if (resource.history.revertible !== (revert !== undefined)) {
    throw new Error(`${what}: a revertible history needs a revert target, and only then`);
  }
  const handlersMissing = (handlers: Partial<OperationHandlers<O>> | undefined) => {
    const missing = Object.keys(resource.operations).filter((name) => !handlers?.[name]);
    if (missing.length > 0) throw new Error(`${what}: no handler for ${missing.join(', ')}`);
  };
  if (typeof parts.operations !== 'function') handlersMissing(parts.operations);
  if (parts.keptWithFamily) keepWithFamily(resource.history.entity, parts.keptWithFamily);
  return {
    name: what.toLowerCase(),
    resource: resource,
    names,
    ...(revert ? { revert: checkRevertTarget({ ...revert, resource: resource }) } : {}),
    register: async (app, options) => {
      const made = typeof service === 'function' ? service(app) : service;
      const lacking = resource.crud.filter((operation) => typeof made[METHODS[operation]] !== 'function');
      if (lacking.length > 0) throw new Error(`${what}: its service has no ${lacking.join(', ')}`);
      if (resource.crud.length > 0) crudRoutes(app, resource, made as CrudService<S>, names.table);
      const handlers = typeof parts.operations === 'function' ? parts.operations(app) : parts.operations;
      handlersMissing(handlers);
      if (handlers) operationRoutes(app, resource, handlers);
      await parts.register?.(app, options);
    },
  };
}
