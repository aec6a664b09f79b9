import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId } from '../../../test/fixtures';
import { indexLocations, sitemapUrls, xmlProblems, type SitemapUrl } from './sitemap-schema.test-kit';

const HOST = 'shop.test';
const ORIGIN = `http://${HOST}`;

/** A crawler's request, to HOST. */
const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  client(t).anonymous.get(url, { headers: { host: HOST, ...headers } });

/** The Arabic and English addresses of a page path, and the one without a language. */
const both = (path: string) => {
  const bare = `${ORIGIN}${path}`;
  const lang = (l: string) => `${bare}${path.includes('?') ? '&' : '?'}lang=${l}`;
  return { ar: lang('ar'), en: lang('en'), bare };
};

/**
 * A page's two entries as a crawler should read them: each language, alternates to both, and as
 * x-default the address without a language.
 */
const entriesOf = (path: string): Omit<SitemapUrl, 'lastmod'>[] => {
  const { ar, en, bare } = both(path);
  const alternates = { ar, en, 'x-default': bare };
  return [
    { loc: ar, alternates },
    { loc: en, alternates },
  ];
};

const withoutLastmod = (urls: SitemapUrl[]) => urls.map(({ loc, alternates }) => ({ loc, alternates }));

describe('sitemap.xml', () => {
  let t: TestApp;
  let admin: string;
  const ids = { family: 0, category: 0, sub: 0, water: 0, orange: 0, binned: 0, gone: 0, goneCategory: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    ids.family = await createdId(client(t).as(admin), '/api/family', { nameEn: 'Alpha', nameAr: 'ألفا' });
    ids.category = await createdId(client(t).as(admin), '/api/category', {
      nameEn: 'Drinks',
      nameAr: 'مشروبات',
      family: ids.family,
    });
    ids.sub = await createdId(client(t).as(admin), '/api/category', {
      nameEn: 'Juice',
      nameAr: 'عصير',
      family: ids.family,
      parent: ids.category,
    });
    const product = (nameEn: string, sub?: number) =>
      createdId(client(t).as(admin), '/api/product', {
        nameEn,
        nameAr: `م ${nameEn}`,
        family: ids.family,
        category: ids.category,
        ...(sub ? { subCategory: sub } : {}),
      });
    ids.water = await product('Water');
    ids.orange = await product('Orange', ids.sub);
    ids.binned = await product('Binned');
    ids.gone = await createdId(client(t).as(admin), '/api/family', { nameEn: 'Gone', nameAr: 'ذاهب' });
    ids.goneCategory = await createdId(client(t).as(admin), '/api/category', {
      nameEn: 'Old',
      nameAr: 'قديم',
      family: ids.gone,
    });
    expect((await client(t).as(admin).delete(`/api/product/${ids.binned}`)).statusCode).toBe(204);
    expect((await client(t).as(admin).delete(`/api/family/${ids.gone}`)).statusCode).toBe(204);
  });
  afterAll(() => t.close());

  it('lists every family, category, sub-category and product page in both languages, deleted ones left out', async () => {
    const res = await get(t, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xmlProblems(res.body, 'urlset')).toBe('');
    expect(withoutLastmod(sitemapUrls(res.body))).toEqual([
      ...entriesOf(`/catalog/main?family=${ids.family}`),
      ...entriesOf(`/catalog/main?family=${ids.family}&category=${ids.category}`),
      ...entriesOf(`/catalog/main?family=${ids.family}&category=${ids.sub}`),
      ...entriesOf(`/catalog/main/${ids.water}`),
      ...entriesOf(`/catalog/main/${ids.orange}`),
    ]);
    expect(res.body).not.toContain(`/catalog/main/${ids.binned}`);
    expect(res.body).not.toContain(`family=${ids.gone}`);
    for (const url of sitemapUrls(res.body)) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('dates each page by its newest history entry, falling back to the row, and follows an edit', async () => {
    const lastmod = async (id: number) => {
      const urls = sitemapUrls((await get(t, '/sitemap.xml')).body);
      return urls.find((u) => u.loc === both(`/catalog/main/${id}`).ar)?.lastmod;
    };
    const { db } = t.database;
    // History newer than the row (a restore keeps the row's own time): the history's time counts.
    await db.execute(sql`update products set updated_at = '2020-01-01T00:00:00Z' where id = ${ids.water}`);
    await db.execute(
      sql`update activity set at = '2021-06-01T10:30:00Z' where entity = 'product' and entity_id = ${ids.water}`,
    );
    // No history left for the record (retention took it): the row's own time.
    await db.execute(sql`update products set updated_at = '2019-03-04T05:06:07Z' where id = ${ids.orange}`);
    await db.execute(sql`delete from activity where entity = 'product' and entity_id = ${ids.orange}`);
    // The direct updates bypassed the write path: a catalogue write moves the version on.
    await createdId(client(t).as(admin), '/api/family', { nameEn: 'Beta', nameAr: 'بيتا' });
    expect(await lastmod(ids.water)).toBe('2021-06-01T10:30:00Z');
    expect(await lastmod(ids.orange)).toBe('2019-03-04T05:06:07Z');

    const before = new Date(Math.floor(Date.now() / 1000) * 1000);
    const res = await client(t).as(admin).patch(`/api/product/${ids.water}`, {
      nameEn: 'Still Water',
      nameAr: 'مياه',
      family: ids.family,
      category: ids.category,
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = new Date(String(await lastmod(ids.water)));
    expect(edited.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('answers 304 to a crawler holding the current copy, and a new copy after a catalogue write', async () => {
    const first = await get(t, '/sitemap.xml');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(t, '/sitemap.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const another = await get(t, '/sitemap.xml', { host: 'other.test', 'if-none-match': etag });
    expect(another.statusCode).toBe(200);

    const gamma = await createdId(client(t).as(admin), '/api/family', { nameEn: 'Gamma', nameAr: 'غاما' });
    const changed = await get(t, '/sitemap.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain(`<loc>${ORIGIN}/catalog/main?family=${gamma}&amp;lang=ar</loc>`);
  });

  it('has no parts while one file holds it all', async () => {
    expect((await get(t, '/sitemap-1.xml')).statusCode).toBe(404);
    const bad = await get(t, '/sitemap-0.xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('params.file');
  });

  it('serves robots.txt naming the sitemap and keeping crawlers out of the admin and the API', async () => {
    const res = await get(t, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      `User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    );
    // Without TRUST_PROXY a forwarded host is the client's say-so, not the site's address.
    const forwarded = await get(t, '/robots.txt', { 'x-forwarded-host': 'evil.example' });
    expect(forwarded.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap index', () => {
  let t: TestApp;
  let expected: string[] = [];
  beforeAll(async () => {
    // 10 entries a file is 5 pages (each in two languages); keyset pages of 3 cross the tables' borders.
    t = await createTestApp({ sitemap: { limit: 10, pageSize: 3 } });
    const admin = await t.adminToken();
    const family = await createdId(client(t).as(admin), '/api/family', { nameEn: 'Big', nameAr: 'كبير' });
    const categories = [
      await createdId(client(t).as(admin), '/api/category', { nameEn: 'One', nameAr: 'واحد', family }),
      await createdId(client(t).as(admin), '/api/category', { nameEn: 'Two', nameAr: 'اثنان', family }),
    ];
    const products: number[] = [];
    for (let i = 0; i < 10; i++) {
      products.push(
        await createdId(client(t).as(admin), '/api/product', {
          nameEn: `Item ${i}`,
          nameAr: `صنف ${i}`,
          family,
          category: categories[i % 2],
        }),
      );
    }
    expected = [
      `/catalog/main?family=${family}`,
      ...categories.map((c) => `/catalog/main?family=${family}&category=${c}`),
      ...products.map((p) => `/catalog/main/${p}`),
    ].flatMap((path) => {
      const { ar, en } = both(path);
      return [ar, en];
    });
  });
  afterAll(() => t.close());

  it('becomes an index of parts of at most the limit, each valid, together listing every page once', async () => {
    const index = await get(t, '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xmlProblems(index.body, 'siteindex')).toBe('');
    const parts = indexLocations(index.body);
    // 13 pages, 26 entries: three parts of at most 10.
    expect(parts).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    const listed: string[] = [];
    for (const part of parts) {
      const res = await get(t, new URL(part).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(xmlProblems(res.body, 'urlset')).toBe('');
      const urls = sitemapUrls(res.body);
      expect(urls.length).toBeLessThanOrEqual(10);
      listed.push(...urls.map((u) => u.loc));
    }
    expect(listed).toEqual(expected);
    expect((await get(t, '/sitemap-4.xml')).statusCode).toBe(404);
    const etag = String((await get(t, '/sitemap-2.xml')).headers.etag);
    expect((await get(t, '/sitemap-2.xml', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('with guest access off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { GUEST_ACCESS: 'false' } });
    const admin = await t.adminToken();
    await createdId(client(t).as(admin), '/api/family', { nameEn: 'Private', nameAr: 'خاص' });
  });
  afterAll(() => t.close());

  it('lists nothing and turns every crawler away', async () => {
    const sitemap = await get(t, '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    // Well-formed XML. sitemaps.org's schema wants at least one <url>, so no schema can pass an empty
    // sitemap; crawlers read it as listing nothing.
    expect(xmlProblems(sitemap.body, null)).toBe('');
    expect(sitemap.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(sitemapUrls(sitemap.body)).toEqual([]);
    expect((await get(t, '/sitemap-1.xml')).statusCode).toBe(404);
    const robots = await get(t, '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('the public address', () => {
  it('comes from PUBLIC_URL when set', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://catalogue.example/' } });
    try {
      const admin = await t.adminToken();
      const family = await createdId(client(t).as(admin), '/api/family', { nameEn: 'Pub', nameAr: 'عام' });
      const robots = await get(t, '/robots.txt');
      expect(robots.body).toContain('Sitemap: https://catalogue.example/sitemap.xml\n');
      const urls = sitemapUrls((await get(t, '/sitemap.xml')).body);
      expect(urls.map((u) => u.loc)).toEqual([
        `https://catalogue.example/catalog/main?family=${family}&lang=ar`,
        `https://catalogue.example/catalog/main?family=${family}&lang=en`,
      ]);
    } finally {
      await t.close();
    }
  });

  it('comes from X-Forwarded-Host and -Proto when TRUST_PROXY trusts the proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const admin = await t.adminToken();
      await createdId(client(t).as(admin), '/api/family', { nameEn: 'Proxied', nameAr: 'وكيل' });
      const headers = { 'x-forwarded-host': 'www.shop.example', 'x-forwarded-proto': 'https' };
      const robots = await get(t, '/robots.txt', headers);
      expect(robots.body).toContain('Sitemap: https://www.shop.example/sitemap.xml\n');
      const sitemap = await get(t, '/sitemap.xml', headers);
      expect(xmlProblems(sitemap.body, 'urlset')).toBe('');
      for (const url of sitemapUrls(sitemap.body)) expect(url.loc).toMatch(/^https:\/\/www\.shop\.example\//);
    } finally {
      await t.close();
    }
  });
});
