import { requireReadable } from '../../core/family-scope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema } from '@dalil/contracts/common';
import {
  ATTRIBUTE_PARAM,
  attributeParams,
  SEARCH_ATTRIBUTE_FILTERS,
  SearchQuerySchema,
  SearchResultSchema,
  type SearchResult,
} from '@dalil/contracts/search';
import { normalizeSearchText } from '@dalil/contracts/search-text';
import { type CompressedCopies, sendable } from '../../lib/compression';
import { ConcurrencyLimit } from '../../lib/concurrency-limit';
import type { VersionedCache } from '../../lib/versioned-cache';
import { resolveAttributeQuery } from './attribute-filters';
import { searchProducts } from './search.repository';
import { familyPublishedNow, seesDrafts, type PublishSchedule } from '../../core/publication';
import { notFound } from '../../lib/errors';
import type { VocabularyCache } from './vocabulary-cache';

/**
 * One page of results as JSON text (validated and serialized once, so a hit costs no zod pass) and its
 * brotli and gzip copies once a client has asked for them (so a hit costs no compression either).
 */
export type CachedPage = { json: string } & CompressedCopies;

/** GET /api/search: the catalogue's product search (docs/architecture.md, "Search analysis"). */
export function searchRoutes(
  app: FastifyInstance,
  cache: VersionedCache<CachedPage>,
  vocabularies: VocabularyCache,
  schedule: PublishSchedule,
) {
  const { db } = app.ctx;
  // Searches past the cap wait without using the CPU, so a burst of finished database answers cannot
  // queue in front of every other request on the event loop (docs/performance.md, "Searches at once").
  const limit = new ConcurrencyLimit(
    app.ctx.config.search.concurrency,
    app.ctx.config.search.queue,
    'Too many searches',
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    `${API_BASE}${API_PATHS.search}`,
    {
      config: { access: 'account' },
      schema: {
        tags: ['catalogue'],
        summary: 'Search the products of a family by Arabic or English name, barcode or code',
        operationId: 'searchProducts',
        description: SEARCH_ATTRIBUTE_FILTERS,
        querystring: SearchQuerySchema,
        response: {
          200: SearchResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { family, category, limit: pageSize, skip, search, facets } = request.query;
      // An account limited to some families finds nothing of the others, not even that they exist.
      requireReadable(request.account, family, 'Family');
      // Visitors search the published products of a published family; staff of the family, drafts too.
      const staff = seesDrafts(request.account, family);
      const now = app.ctx.now();
      const text = normalizeSearchText(search);
      const version = await cache.currentVersion();
      // A visitor's pages change when a publish date passes as well as on a write.
      const seen = staff ? 'all' : `published@${await schedule.passed(now, version)}`;
      const wanted = [...new Set(facets ?? [])].sort();
      const facetKeys = wanted
        .filter((f) => f.startsWith(ATTRIBUTE_PARAM))
        .map((f) => f.slice(ATTRIBUTE_PARAM.length));
      const params = attributeParams(request.query);
      // Filters in key order, options sorted: the same filters in another order share a page. As JSON,
      // so no unchecked key (one holding "=" or "&") reads as another set of filters.
      const filterKey = JSON.stringify(
        [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, o]) => [k, [...o].sort()]),
      );
      const key = `${seen}|${family}|${category ?? ''}|${pageSize}|${skip}|${wanted.join(',')}|${filterKey}|${text}`;
      let page = cache.get(key);
      if (page === undefined) {
        // Whether a visitor may see the family is checked when a page is made, not on every hit: a
        // family stops being published only through a write, which expires the cached pages, and a
        // publish date passing changes the key (`seen`). A refusal is not cached.
        if (!staff && !(await familyPublishedNow(db, family, now))) throw notFound('Family');
        // The family's vocabulary of the same catalogue version as the cached pages.
        // Attribute writes expire the cache like any catalogue write: a cached page was checked too.
        const attributes = await resolveAttributeQuery(db, family, staff, params, facetKeys);
        page = await limit.run(async () => {
          const vocabulary = await vocabularies.get(family, version);
          const result = await searchProducts(
            db,
            {
              family,
              category,
              text,
              limit: pageSize,
              skip,
              publishedAt: staff ? null : now,
              attributes: attributes.filters,
            },
            vocabulary,
            { facets: wanted.includes('category'), attributeFacets: attributes.facets },
          );
          return { json: JSON.stringify(SearchResultSchema.parse(result)) };
        });
        cache.set(key, page, version);
      }
      void reply.type('application/json; charset=utf-8');
      // A JSON string with a JSON content type is sent as is; it was checked against the schema above.
      const body = sendable(request.headers['accept-encoding'], reply, page.json, page);
      // Its compressed copy, made on first use, counts against the cache's budget too.
      cache.remeasure(key);
      return reply.send(body as unknown as SearchResult);
    },
  );
}
