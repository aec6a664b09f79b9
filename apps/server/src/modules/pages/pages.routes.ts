import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addressId, parseCatalogQuery } from '@dalil/contracts/catalog-query';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { VersionedCache } from '../../lib/versioned-cache';
import { publicOrigin, type VisitorLanguage, type VisitorPage } from '../../lib/visitor-addresses';
import { AppHtml } from './app-html';
import { escapeHtml, renderHead } from './page-head';
import { pageHead } from './page-heads';
import { pageLanguage } from './page-language';

/** A rendered visitor page: its status and head tags (index.html around them is the same for all). */
interface RenderedPage {
  status: 200 | 404;
  head: string;
}

const NOT_FOUND_TITLE: Record<VisitorLanguage, string> = { ar: 'الصفحة غير موجودة', en: 'Page not found' };
const NOINDEX = '<meta name="robots" content="noindex" />';

/**
 * The visitor page an address shows; 'missing' for a product address whose id is no id. The catalogue
 * without a family shows the family the visitor chose last, which only the browser knows: its head
 * is the chooser's.
 */
function visitorPage(path: string, query: URLSearchParams): VisitorPage | 'missing' {
  if (path === '/catalog/family') return { kind: 'chooser' };
  if (path === '/catalog/main') {
    const { family, category, search, page } = parseCatalogQuery(query);
    return family === null ? { kind: 'chooser' } : { kind: 'catalog', family, category, search, page };
  }
  const id = addressId(path.slice('/catalog/main/'.length));
  return id === null ? 'missing' : { kind: 'product', id };
}

/**
 * The visitor pages (docs/decisions/0047-visitor-page-heads.md): the chooser, a family's catalogue and
 * a product answer the web app's index.html with a head that carries the page's title, description,
 * canonical and alternate addresses, link preview (Open Graph, Twitter) and structured data, in the
 * address's language, so crawlers and link previews, which run no JavaScript, see the page. An
 * unknown product or family answers 404 with the same app, which shows its not-found page. Rendered
 * heads are kept per address, language and catalogue version. Registered before the web app, whose
 * catch-all answers every other path.
 */
export function pagesRoutes(app: FastifyInstance) {
  const { config, db, catalogue, media, metrics } = app.ctx;
  const webDist = config.webDist;
  if (webDist === null || !existsSync(join(webDist, 'index.html'))) return;
  const template = AppHtml.read(webDist);
  const cache = new VersionedCache<RenderedPage>({
    maxEntries: 2000,
    versionTtlMs: 250,
    readVersion: () => readCatalogueVersion(db),
    onLookup: (hit) => metrics.cacheLookup('pages', hit),
  });
  const unsubscribe = catalogue.onWrite(() => cache.expire());
  app.addHook('onClose', (_instance, closed) => {
    unsubscribe();
    closed();
  });

  const genericPage = (language: VisitorLanguage, extra: string) =>
    template.render(language, [template.genericTitle, extra].join('\n    '));

  async function render(page: VisitorPage | 'missing', language: VisitorLanguage, origin: string) {
    const outcome =
      page === 'missing'
        ? ({ found: false } as const)
        : await pageHead({ db, media, config }, origin, page, language);
    if (!outcome.found) {
      const title = `<title>${escapeHtml(NOT_FOUND_TITLE[language])}</title>`;
      return { status: 404 as const, head: `${title}\n    ${NOINDEX}` };
    }
    return { status: 200 as const, head: renderHead(outcome.head) };
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const at = request.url.indexOf('?');
    const path = at === -1 ? request.url : request.url.slice(0, at);
    const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
    const { language, fromAddress } = pageLanguage(query, request.headers);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!fromAddress) reply.header('vary', 'Accept-Language, Cookie');
    // Without guest access a visitor signs in first: the page says nothing of the catalogue.
    if (config.guest === null) {
      return reply.header('x-robots-tag', 'noindex').send(genericPage(language, NOINDEX));
    }
    const page = visitorPage(path.replace(/\/+$/, ''), query);
    const origin = publicOrigin(request, config);
    const key = `${language} ${origin} ${request.url}`;
    const version = await cache.currentVersion();
    let rendered = cache.get(key);
    if (!rendered) {
      rendered = await render(page, language, origin);
      cache.set(key, rendered, version);
    }
    return reply.status(rendered.status).send(template.render(language, rendered.head));
  }

  for (const url of ['/catalog/family', '/catalog/main', '/catalog/main/:id'])
    app.get(url, { schema: { hide: true } }, answer);
}
