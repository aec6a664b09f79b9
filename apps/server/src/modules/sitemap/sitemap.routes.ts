import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SitemapSettings } from '../../core/app-module';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { HttpError } from '../../lib/errors';
import { CACHE_BUDGETS } from '../../lib/cache-budgets';
import { VersionedCache } from '../../lib/versioned-cache';
import { publicOrigin } from '../../lib/visitor-addresses';
import { countRecords, sitemapRecords } from './sitemap.service';
import { ENTRIES_PER_RECORD, URLSET_CLOSE, URLSET_OPEN, sitemapIndex, urlEntries } from './sitemap-xml';

/** sitemaps.org's limit of `<url>` entries in one file; past it /sitemap.xml is an index. */
const SITEMAP_LIMIT = 50_000;
const XML = 'application/xml; charset=utf-8';

/**
 * GET /sitemap.xml (and its parts /sitemap-N.xml past the limit) and GET /robots.txt, outside /api
 * and public like the visitor pages they describe (docs/decisions/0048-sitemap.md). While guest
 * access is off nothing is public: the sitemap is empty and robots.txt turns every crawler away.
 */
export function sitemapRoutes(app: FastifyInstance, settings: SitemapSettings = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue, config } = app.ctx;
  const limit = Math.max(settings.limit ?? SITEMAP_LIMIT, ENTRIES_PER_RECORD);
  const recordsPerFile = Math.floor(limit / ENTRIES_PER_RECORD);
  const pageSize = settings.pageSize ?? 2_000;
  // The record counts for one catalogue version; the version itself is what the ETag says, so a
  // crawler asking again with If-None-Match costs at most a read of the version, never a catalogue query.
  const counts = new VersionedCache<number[]>({
    maxEntries: CACHE_BUDGETS.sitemap.entries,
    maxBytes: CACHE_BUDGETS.sitemap.bytes,
    sizeOf: (records) => records.length * 8,
    versionTtlMs: settings.versionTtlMs ?? 1_000,
    readVersion: () => readCatalogueVersion(db),
  });
  const unsubscribe = catalogue.onWrite(() => counts.expire());
  // The sitemap changes when a publish date passes as well as on a write: its ETag and counts say so.
  const schedule = app.ctx.publishing;
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });

  /** Tags the answer with the catalogue version; a 304 when the crawler holds that copy (true then). */
  async function notModified(request: FastifyRequest, reply: FastifyReply, origin: string, version: number) {
    const passed = await schedule.passed(app.ctx.now(), version);
    const hash = createHash('sha256')
      .update(`${origin}\n${limit}\n${passed}`)
      .digest('base64url')
      .slice(0, 16);
    const etag = `W/"${version}-${hash}"`;
    void reply.header('etag', etag).header('cache-control', 'public, no-cache');
    const held = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim());
    if (!held.includes(etag) && !held.includes('*')) return false;
    await reply.code(304).send();
    return true;
  }

  async function plan(version: number) {
    const now = app.ctx.now();
    const key = `counts@${await schedule.passed(now, version)}`;
    let found = counts.get(key);
    if (!found) {
      found = await countRecords(db, now);
      counts.set(key, found, version);
    }
    const records = found.reduce((a, b) => a + b, 0);
    const files = records * ENTRIES_PER_RECORD > limit ? Math.ceil(records / recordsPerFile) : 1;
    return { counts: found, records, files };
  }

  /**
   * A urlset of the records `start` to `end`, streamed a keyset page at a time. The first page is
   * read before the answer starts, so a database that fails answers an error, not a cut-off 200.
   */
  async function sendUrlset(
    reply: FastifyReply,
    origin: string,
    found: number[],
    start: number,
    end: number,
  ) {
    async function* chunks() {
      let head = URLSET_OPEN;
      for await (const records of sitemapRecords(db, found, start, end, pageSize, app.ctx.now())) {
        yield head + urlEntries(origin, records);
        head = '';
      }
      yield head + URLSET_CLOSE;
    }
    const stream = chunks();
    const first = await stream.next();
    async function* rest() {
      if (!first.done) yield first.value;
      yield* stream;
    }
    return reply.header('content-type', XML).send(Readable.from(rest()));
  }

  r.get('/sitemap.xml', { schema: { hide: true, operationId: 'getSitemap' } }, async (request, reply) => {
    if (config.guest === null) return reply.header('content-type', XML).send(URLSET_OPEN + URLSET_CLOSE);
    const origin = publicOrigin(request, config);
    const version = await counts.currentVersion();
    if (await notModified(request, reply, origin, version)) return reply;
    const { counts: found, records, files } = await plan(version);
    if (files > 1) return reply.header('content-type', XML).send(sitemapIndex(origin, files));
    return sendUrlset(reply, origin, found, 0, records);
  });

  r.get(
    '/sitemap-:file(^\\d+).xml',
    {
      schema: {
        hide: true,
        operationId: 'getSitemapPart',
        params: z.object({ file: z.coerce.number().int().min(1).max(1_000_000) }),
      },
    },
    async (request, reply) => {
      const missing = new HttpError(404, 'sitemap.notFound', { file: String(request.params.file) });
      if (config.guest === null) throw missing;
      const origin = publicOrigin(request, config);
      // A part that does not exist is a 404 before any ETag: the counts are kept per version.
      const version = await counts.currentVersion();
      const { counts: found, files } = await plan(version);
      const file = request.params.file;
      if (files === 1 || file > files) throw missing;
      if (await notModified(request, reply, origin, version)) return reply;
      return sendUrlset(reply, origin, found, (file - 1) * recordsPerFile, file * recordsPerFile);
    },
  );

  r.get('/robots.txt', { schema: { hide: true, operationId: 'getRobots' } }, (request, reply) => {
    const rules =
      config.guest === null
        ? ['User-agent: *', 'Disallow: /']
        : [
            'User-agent: *',
            'Disallow: /admin',
            'Disallow: /api',
            '',
            `Sitemap: ${publicOrigin(request, config)}/sitemap.xml`,
          ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${rules.join('\n')}\n`);
  });
}
