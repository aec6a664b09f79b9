import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@dalil/contracts/common';
import { SearchQuerySchema, SearchResultSchema, type SearchResult } from '@dalil/contracts/search';
import { normalizeSearchText } from '@dalil/contracts/search-text';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { COMPRESSION, chooseEncoding, compressText, type Encoding } from '../../lib/compression';
import { SearchCache } from './search-cache';
import { searchProducts } from './search.repository';

export interface SearchRoutesOptions {
  /** Most results kept; each is one page of at most 100 cards. */
  cacheEntries?: number;
  /** How old the catalogue version may be before a lookup re-reads it from the database. */
  versionTtlMs?: number;
}

/**
 * One page of results as JSON text, whether it is large enough to compress, and its compressed
 * copies once a client has asked for them.
 */
type CachedPage = { json: string; compressible: boolean } & Partial<Record<Encoding, Buffer>>;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET /api/search: the catalogue's product search (spec section 7, issue 5). */
export function searchRoutes(app: FastifyInstance, options: SearchRoutesOptions = {}) {
  const { db } = app.ctx;
  // Results are kept as JSON text: validated and serialized once, a hit costs no zod pass (~130 us).
  // The brotli and gzip copies are made the first time a client asks for them, so a hit costs no
  // compression either (without them a hit takes about a quarter longer).
  const cache = new SearchCache<CachedPage>({
    maxEntries: options.cacheEntries ?? 1000,
    versionTtlMs: options.versionTtlMs ?? 250,
    readVersion: () => readCatalogueVersion(db),
  });

  // A write this process answered has committed: the next search re-reads the version at once instead
  // of serving the old result for up to versionTtlMs. Writes in other processes wait for the TTL.
  app.addHook('onSend', async (request, reply) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/')) {
      cache.expire();
    }
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      config: { access: 'account' },
      schema: {
        tags: ['catalogue'],
        summary: 'Search the products of a family by Arabic or English name, barcode or code',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { family, category, limit, skip, search } = request.query;
      const text = normalizeSearchText(search);
      const key = `${family}|${category ?? ''}|${limit}|${skip}|${text}`;
      const version = await cache.currentVersion();
      let page = cache.get(key);
      if (page === undefined) {
        const result = await searchProducts(db, { family, category, text, limit, skip });
        const json = JSON.stringify(SearchResultSchema.parse(result));
        page = { json, compressible: Buffer.byteLength(json) >= COMPRESSION.threshold };
        cache.set(key, page, version);
      }
      void reply.type('application/json; charset=utf-8');
      const encoding = page.compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
      if (encoding === null) {
        // A JSON string with a JSON content type is sent as is; it was checked against the schema above.
        return reply.send(page.json as unknown as SearchResult);
      }
      page[encoding] ??= compressText(page.json, encoding);
      // An answer that already has a Content-Encoding is left alone by @fastify/compress.
      const vary = reply.getHeader('vary');
      return reply
        .header('content-encoding', encoding)
        .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
        .send(page[encoding] as unknown as SearchResult);
    },
  );
}
