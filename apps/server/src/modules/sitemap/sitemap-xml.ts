import { VISITOR_LANGUAGES, visitorAddress, type VisitorPage } from '../../lib/visitor-addresses';
import type { SitemapRecord } from './sitemap.service';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
export const URLSET_CLOSE = '</urlset>\n';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text or attribute content: query strings carry `&`, and the origin comes from a request header. */
const escapeXml = (text: string) => text.replace(/[&<>"']/gu, (c) => ESCAPES[c] ?? c);

const alternate = (hreflang: string, href: string) =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`;

/**
 * The `<url>` entries of one page: one per language, each naming every language's address and, as
 * x-default, the address without a language (answered in each visitor's own).
 */
function pageEntries(origin: string, page: VisitorPage, lastmod: string): string {
  const addresses = VISITOR_LANGUAGES.map((lang) => [lang, visitorAddress(origin, page, lang)] as const);
  const links =
    addresses.map(([lang, href]) => alternate(lang, href)).join('') +
    alternate('x-default', visitorAddress(origin, page, null));
  return addresses
    .map(([, href]) => `<url><loc>${escapeXml(href)}</loc><lastmod>${lastmod}</lastmod>${links}</url>\n`)
    .join('');
}

/** The `<url>` entries of a page of records. */
export const urlEntries = (origin: string, records: readonly SitemapRecord[]): string =>
  records.map((r) => pageEntries(origin, r.page, r.lastmod)).join('');

/** `<url>` entries per record: one per language. */
export const ENTRIES_PER_RECORD = VISITOR_LANGUAGES.length;

/** A sitemap index naming `/sitemap-1.xml` to `/sitemap-<count>.xml`. */
export function sitemapIndex(origin: string, count: number): string {
  const children = Array.from(
    { length: count },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${children.join('')}</sitemapindex>\n`;
}
