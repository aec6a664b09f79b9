import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Schemas for xmllint. The `sitemap` npm package ships sitemaps.org's sitemap.xsd (the urlset) and an
 * all.xsd that imports the XHTML namespace from w3.org's xhtml1-strict.xsd over the network, which
 * a test must not reach (and `--nonet` forbids). It ships no siteindex.xsd. So:
 * - urlset: a wrapper imports the package's sitemap.xsd, and for the XHTML namespace a local schema
 *   declaring the one element a sitemap uses from it, `xhtml:link`, with the attributes and types
 *   XHTML 1.0 Strict gives it (`hreflang` an xsd:language, `href` an xsd:anyURI). sitemap.xsd takes
 *   foreign elements with processContents="strict", so each xhtml:link must match that declaration.
 * - index: sitemaps.org's siteindex.xsd written out in sitemap.xsd's namespace, which it includes,
 *   so `<loc>` and `<lastmod>` are checked by the package's own types (tLoc, tLastmod).
 */
const SITEMAP_XSD = new URL('schema/sitemap.xsd', import.meta.resolve('sitemap/package.json')).href;
const XSD = 'xmlns:xsd="http://www.w3.org/2001/XMLSchema"';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XHTML_LINK = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema ${XSD} targetNamespace="http://www.w3.org/1999/xhtml" elementFormDefault="qualified">
  <xsd:element name="link">
    <xsd:complexType>
      <xsd:attribute name="rel" use="required">
        <xsd:simpleType><xsd:restriction base="xsd:string"><xsd:enumeration value="alternate"/></xsd:restriction></xsd:simpleType>
      </xsd:attribute>
      <xsd:attribute name="hreflang" type="xsd:language" use="required"/>
      <xsd:attribute name="href" type="xsd:anyURI" use="required"/>
    </xsd:complexType>
  </xsd:element>
</xsd:schema>`;

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema ${XSD}>
  <xsd:import namespace="${SITEMAP_NS}" schemaLocation="${SITEMAP_XSD}"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
</xsd:schema>`;

const SITEINDEX = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema ${XSD} targetNamespace="${SITEMAP_NS}" xmlns="${SITEMAP_NS}" elementFormDefault="qualified">
  <xsd:include schemaLocation="${SITEMAP_XSD}"/>
  <xsd:element name="sitemapindex">
    <xsd:complexType>
      <xsd:sequence>
        <xsd:element name="sitemap" type="tSitemap" maxOccurs="unbounded"/>
      </xsd:sequence>
    </xsd:complexType>
  </xsd:element>
  <xsd:complexType name="tSitemap">
    <xsd:sequence>
      <xsd:element name="loc" type="tLoc"/>
      <xsd:element name="lastmod" type="tLastmod" minOccurs="0"/>
      <xsd:any namespace="##other" minOccurs="0" maxOccurs="unbounded" processContents="strict"/>
    </xsd:sequence>
  </xsd:complexType>
</xsd:schema>`;

let folder: string | null = null;
function schemaFile(kind: 'urlset' | 'siteindex'): string {
  if (folder === null) {
    folder = mkdtempSync(join(tmpdir(), 'dalil-sitemap-xsd-'));
    writeFileSync(join(folder, 'xhtml-link.xsd'), XHTML_LINK);
    writeFileSync(join(folder, 'urlset.xsd'), URLSET);
    writeFileSync(join(folder, 'siteindex.xsd'), SITEINDEX);
  }
  return join(folder, `${kind}.xsd`);
}

/**
 * What xmllint says of `xml` against the schema (`urlset` or `siteindex`), or as plain XML (`null`):
 * '' when valid, else its messages.
 */
export function xmlProblems(xml: string, kind: 'urlset' | 'siteindex' | null): string {
  const schema = kind ? ['--schema', schemaFile(kind)] : [];
  try {
    execFileSync('xmllint', ['--noout', '--nonet', ...schema, '-'], { input: xml, stdio: 'pipe' });
    return '';
  } catch (err) {
    const { stderr } = err as { stderr?: Buffer };
    return stderr?.toString() || String(err);
  }
}

export interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: Record<string, string>;
}

const unescape = (s: string) => s.replace(/&amp;/gu, '&');

/** The `<url>` entries of a urlset, as a crawler reads them. */
export function sitemapUrls(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/gsu)].map(([, inner = '']) => ({
    loc: unescape(/<loc>(.*?)<\/loc>/u.exec(inner)?.[1] ?? ''),
    lastmod: /<lastmod>(.*?)<\/lastmod>/u.exec(inner)?.[1] ?? '',
    alternates: Object.fromEntries(
      [...inner.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/gu)].map(
        ([, lang = '', href = '']) => [lang, unescape(href)],
      ),
    ),
  }));
}

/** The `<loc>` of each sitemap a sitemap index names. */
export const indexLocations = (xml: string): string[] =>
  [...xml.matchAll(/<sitemap><loc>(.*?)<\/loc><\/sitemap>/gu)].map(([, loc = '']) => unescape(loc));
