import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addressId, parseCatalogQuery } from '@dalil/contracts/catalog-query';
import { CACHE_BUDGETS } from '../../lib/cache-budgets';
import { readCatalogueVersion } from '../../lib/catalogue-version';
import { type CompressedCopies, keptBytes, sendable } from '../../lib/compression';
import { VersionedCache } from '../../lib/versioned-cache';
import {
  type AddressLanguage,
  publicOrigin,
  type VisitorLanguage,
  type VisitorPage,
} from '../../lib/visitor-addresses';
import { AppHtml } from './app-html';
import { renderBody } from './page-body';
import { createPageReader, type PageEntry } from './page-data';
import { escapeHtml, renderHead } from './page-head';
import { pageHead } from './page-heads';
import { pageLanguage } from './page-language';
import { SERVED_PAGE_STYLESHEET } from './page-style';

/**
 * A rendered visitor page: its status, head tags and content (index.html around them is the same for
 * all).
 */
interface RenderedPage {
  status: 200 | 404;
  head: string;
  body: string;
}

/**
 * A page as it is sent: the whole HTML, and its compressed copies once asked for, so that a cached
 * page costs neither its assembly nor its compression again.
 */
type ServedPage = { status: 200 | 404; html: string } & CompressedCopies;

/**
 * The answers the page was made from, for the app to put in its cache before its first render, as
 * JSON that no text in it can end early (`<`, `>`, `&` and the line separators as escapes).
 */
const pageDataScript = (entries: PageEntry[]) =>
  `<script type="application/json" id="page-data">${JSON.stringify(entries).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}</script>`;

const STYLESHEET_LINK = `<link rel="stylesheet" href="${SERVED_PAGE_STYLESHEET.path}" />`;
const NOT_FOUND_TITLE: Record<VisitorLanguage, string> = { ar: 'الصفحة غير موجودة', en: 'Page not found' };
const NOINDEX = '<meta name="robots" content="noindex" />';

/**
 * The visitor page an address shows; 'missing' for a product address whose id is no id. The catalogue
 * without a family shows the family the visitor chose last, which only the browser knows: the server
 * answers the chooser, which boot.js hides in a browser that remembers a family.
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
 * pages are kept per page (as parsed from the address), language and catalogue version. Registered
 * before the web app, whose catch-all answers every other path.
 */
export function pagesRoutes(app: FastifyInstance) {
  const { config, db, catalogue, media, metrics } = app.ctx;
  const pageData = createPageReader(app);
  const mediaBase = config.media.publicUrl.replace(/\/+$/, '');
  const webDist = config.webDist;
  if (webDist === null || !existsSync(join(webDist, 'index.html'))) return;
  const template = AppHtml.read(webDist);
  const cache = new VersionedCache<ServedPage>({
    maxEntries: CACHE_BUDGETS.pages.entries,
    maxBytes: CACHE_BUDGETS.pages.bytes,
    sizeOf: (served) => keptBytes(served.html, served),
    versionTtlMs: 250,
    readVersion: () => readCatalogueVersion(db),
    onLookup: (hit) => metrics.cacheLookup('pages', hit),
  });
  metrics.watchCache('pages', cache);
  const unsubscribe = catalogue.onWrite(() => cache.expire());
  const schedule = app.ctx.publishing;
  app.addHook('onClose', (_instance, closed) => {
    unsubscribe();
    closed();
  });

  const genericPage = (language: VisitorLanguage, extra: string) =>
    template.render(language, [template.genericTitle, extra].join('\n    '));

  /** The page's head and its content with the answers it was made from. */
  async function render(
    page: VisitorPage | 'missing',
    language: VisitorLanguage,
    named: AddressLanguage,
    origin: string,
  ): Promise<RenderedPage> {
    const outcome =
      page === 'missing'
        ? ({ found: false } as const)
        : await pageHead({ db, media, config, now: app.ctx.now }, origin, page, language, named);
    if (page === 'missing' || !outcome.found) {
      const title = `<title>${escapeHtml(NOT_FOUND_TITLE[language])}</title>`;
      return { status: 404, head: `${title}\n    ${NOINDEX}`, body: '' };
    }
    const head = renderHead(outcome.head);
    const data = await pageData(page);
    if (!data) return { status: 200, head, body: '' };
    const body = renderBody(data, {
      language,
      named,
      media: mediaBase,
      currency: config.currency,
      crumbs: outcome.crumbs,
      otherLanguage: page,
    });
    return {
      status: 200,
      head: [head, STYLESHEET_LINK, pageDataScript(data.entries)].join('\n    '),
      body,
    };
  }

  /**
   * The address split into path and query, and the page's language from them and the headers; the
   * answer is HTML that is revalidated each time and, when the language did not come from the address,
   * varies with the visitor's Accept-Language and stored preference.
   */
  function htmlAnswer(request: FastifyRequest, reply: FastifyReply) {
    const at = request.url.indexOf('?');
    const path = at === -1 ? request.url : request.url.slice(0, at);
    const query = new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
    const { language, fromAddress } = pageLanguage(query, request.headers);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!fromAddress) reply.header('vary', 'Accept-Language, Cookie');
    return { path, query, language, named: fromAddress ? language : null };
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    // Read before the HTML headers are set, so that a malformed host answers its JSON 400.
    const origin = config.guest === null ? '' : publicOrigin(request, config);
    const { path, query, language, named } = htmlAnswer(request, reply);
    // Without guest access a visitor signs in first: the page says nothing of the catalogue.
    if (config.guest === null) {
      return reply.header('x-robots-tag', 'noindex').send(genericPage(language, NOINDEX));
    }
    const trimmed = path.replace(/\/+$/, '');
    const page = visitorPage(trimmed, query);
    const version = await cache.currentVersion();
    // Keyed by the page the address parses to, not by the address: parameters the page does not read
    // (utm_source, a cache buster) and spellings of the same page share one entry, so made-up addresses
    // cannot fill the cache with copies. Whether the language came from the address changes the links.
    const chooserOnMain = trimmed === '/catalog/main';
    const pageKey = `${page === 'missing' ? page : JSON.stringify(page)} ${chooserOnMain}`;
    // A page changes when a publish date passes as well as on a write.
    const key = `${language} ${named ?? '-'} ${origin} ${pageKey} ${await schedule.passed(app.ctx.now(), version)}`;
    let served = cache.get(key);
    if (!served) {
      const rendered = await render(page, language, named, origin);
      // The shell stays where boot.js may show it: on the catalogue's address without a family, over
      // the chooser it hides in a browser that remembers a family, and on pages without content.
      const shell = rendered.body === '' || (page !== 'missing' && page.kind === 'chooser' && chooserOnMain);
      served = {
        status: rendered.status,
        html: template.render(language, rendered.head, rendered.body, shell),
      };
      cache.set(key, served, version);
    }
    void reply.status(served.status);
    const sent = sendable(request.headers['accept-encoding'], reply, served.html, served);
    // Its compressed copy, made on first use, counts against the cache's budget too.
    cache.remeasure(key);
    return reply.send(sent);
  }

  for (const url of ['/catalog/family', '/catalog/main', '/catalog/main/:id'])
    app.get(url, { schema: { hide: true } }, answer);

  // The pages' stylesheet: its address changes with its text, so a browser keeps it for a year.
  app.get(SERVED_PAGE_STYLESHEET.path, { schema: { hide: true } }, (request, reply) => {
    void reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/css; charset=utf-8');
    const { text, copies } = SERVED_PAGE_STYLESHEET;
    return reply.send(sendable(request.headers['accept-encoding'], reply, text, copies));
  });

  // The visitor's sign-in, where a first visit without a session starts: in the language the visitor
  // pages would answer, so the app goes on in the language the next page load will show.
  app.get('/catalog/login', { schema: { hide: true } }, (request, reply) =>
    reply.send(genericPage(htmlAnswer(request, reply).language, NOINDEX)),
  );
}
