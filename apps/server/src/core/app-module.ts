import type { ResourceDeclaration, ResourceSchemas } from '@dalil/contracts/resources';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from './crud-routes';
import type { CrudService } from './crud-service';
import type { RecordNames } from './record-names';
import { checkRevertTarget, type RevertTarget } from './revert-target';

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

/** What a resource's module brings beside its declaration. */
export interface ResourceParts<S extends ResourceSchemas> {
  /** Its service, or a maker of it from the app (the users' needs the app's tokens). */
  service: CrudService<S> | ((app: FastifyInstance) => CrudService<S>);
  names: RecordNames;
  /** What a revert needs; given exactly when the declaration's history is revertible. */
  revert?: Omit<RevertTarget, 'resource'>;
}

/**
 * The module of an admin resource. A declaration that says revertible without a revert target, or
 * the other way round, fails at start.
 */
export function resourceModule<S extends ResourceSchemas>(
  resource: ResourceDeclaration<S>,
  { service, names, revert }: ResourceParts<S>,
): ResourceModule {
  if (resource.history.revertible !== (revert !== undefined)) {
    throw new Error(`${resource.name.many}: a revertible history needs a revert target, and only then`);
  }
  return {
    name: resource.name.many.toLowerCase(),
    resource,
    names,
    ...(revert ? { revert: checkRevertTarget({ ...revert, resource }) } : {}),
    register: (app) =>
      crudRoutes(app, resource, typeof service === 'function' ? service(app) : service, names.table),
  };
}
