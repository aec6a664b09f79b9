import type { FastifyInstance } from 'fastify';
import type { SearchCacheSettings } from '../../core/app-module';
import { CACHE_BUDGETS } from '../../lib/cache-budgets';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { keptBytes } from '../../lib/compression';
import { VersionedCache } from '../../lib/versioned-cache';
import { searchAttributesRoutes } from './search-attributes.routes';
import { searchRoutes, type CachedPage } from './search.routes';
import { VocabularyCache } from './vocabulary-cache';

/**
 * The search routes with their result cache (docs/architecture.md, "Caching"). The cache expires the
 * moment this process commits a catalogue write (the services' write path tells it); writes by other
 * processes reach it when it next reads the catalogue version, within `versionTtlMs`.
 */
export function searchCachePlugin(app: FastifyInstance, settings: SearchCacheSettings, done: () => void) {
  const { db, catalogue, metrics } = app.ctx;
  const cache = new VersionedCache<CachedPage>({
    maxEntries: settings.entries ?? CACHE_BUDGETS.search.entries,
    maxBytes: settings.bytes ?? CACHE_BUDGETS.search.bytes,
    sizeOf: (page) => keptBytes(page.json, page),
    versionTtlMs: settings.versionTtlMs ?? 250,
    readVersion: () => readCatalogueVersion(db),
    ...(settings.now ? { now: settings.now } : {}),
    onLookup: (hit) => metrics.cacheLookup('search', hit),
  });
  metrics.watchCache('search', cache);
  const unsubscribe = catalogue.onWrite(() => cache.expire());
  app.addHook('onClose', (_instance, closed) => {
    unsubscribe();
    closed();
  });
  searchRoutes(app, cache, new VocabularyCache(db), app.ctx.publishing);
  searchAttributesRoutes(app);
  done();
}
