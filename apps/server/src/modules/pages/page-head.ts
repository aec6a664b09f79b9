import { VISITOR_LANGUAGES, type VisitorLanguage } from '../../lib/visitor-addresses';

/** The link preview image of a page: a JPEG of known size (modules/media/link-preview.ts). */
export interface HeadImage {
  url: string;
  width: number;
  height: number;
}

/** Everything a visitor page's head says about it, in the page's language. */
export interface PageHead {
  language: VisitorLanguage;
  title: string;
  description: string;
  /**
   * Absolute addresses of the page: in each language, and without one (x-default); `canonical` is
   * the address it was asked at, so a page answered in a visitor's language at the address without
   * one names that address, not another language's.
   */
  canonical: string;
  alternates: Record<VisitorLanguage | 'x-default', string>;
  ogType: 'website' | 'product';
  siteName: string;
  image: HeadImage | null;
  /** Schema.org objects, one script each. */
  structuredData: object[];
  /** Search results: shown to a visitor, not listed by search engines (any words make a page). */
  noindex?: boolean;
}

/** Open Graph locales: Arabic as written across the Arab world, English as in the US. */
const OG_LOCALES: Record<VisitorLanguage, string> = { ar: 'ar_AR', en: 'en_US' };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a double-quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * JSON safe inside <script>: `<`, `>` and `&` as \u escapes, so no name can close the script or open
 * a comment; U+2028 and U+2029 too, which older JavaScript parsers take for line ends.
 */
const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;

/** The tags a page's head carries in place of index.html's generic title and description. */
export function renderHead(head: PageHead): string {
  const other: VisitorLanguage = head.language === 'ar' ? 'en' : 'ar';
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...VISITOR_LANGUAGES.map(
      (l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(head.alternates[l])}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.alternates['x-default'])}" />`,
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    meta('property', 'og:locale:alternate', OG_LOCALES[other]),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:type', 'image/jpeg'),
      meta('property', 'og:image:width', head.image.width),
      meta('property', 'og:image:height', head.image.height),
      meta('property', 'og:image:alt', head.title),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url));
  for (const data of head.structuredData)
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}
