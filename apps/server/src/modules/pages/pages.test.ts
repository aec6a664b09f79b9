import { load } from 'cheerio';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId } from '../../../test/fixtures';

// The visitor pages as a crawler or a link preview sees them: no token, no JavaScript, only the head.

const INDEX_HTML = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Dalil: a bilingual Arabic and English product catalogue" />
    <title>دليل · Dalil</title>
    <script src="/boot.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const ORIGIN = 'https://catalogue.example';
let dist: string;
let t: TestApp;
let admin: string;
let family: number;
let category: number;
let product: number;
let bare: number;
let badGtin: number;
let imageName: string;

function multipart(data: Buffer) {
  const boundary = `----dalil${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  };
}

/** A photo-like image (noise compresses badly), so the preview has to work to fit in 300 KB. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function upload(data: Buffer): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/upload/image', ...multipart(data) });
  expect(res.statusCode, res.body).toBe(201);
  return `${(body(res) as { public_id: string }).public_id}.webp`;
}

const api = client(() => t);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN, CURRENCY: 'SAR' }, overrides: { webDist: dist } });
  admin = await api.token('admin');
  imageName = await upload(await noisyPng(1280, 900));
  const logo = await upload(await noisyPng(400, 400));
  family = await createdId(api, '/api/family', {
    nameEn: 'Nakheel </script><b>Foods</b>',
    nameAr: 'نخيل للأغذية',
    logo,
    // One product has a barcode whose check digit is wrong: the family allows it.
    requireValidGtin: false,
  });
  category = await createdId(api, '/api/category', {
    nameEn: 'Dates & Sweets',
    nameAr: 'تمور وحلويات',
    family,
  });
  product = await createdId(api, '/api/product', {
    nameEn: 'Medjool "Royal" Dates',
    nameAr: 'تمر مجهول ملكي',
    descriptionEn: 'Soft dates from the Jordan Valley.',
    descriptionAr: 'تمر طري من غور الأردن.',
    cost: '42.50',
    barcode: '6291041500213',
    number: '10077',
    image: imageName,
    family,
    category,
  });
  bare = await createdId(api, '/api/product', {
    nameEn: 'Plain Dates',
    nameAr: 'تمر عادي',
    family,
    category,
  });
  badGtin = await createdId(api, '/api/product', {
    nameEn: 'Mislabelled Dates',
    nameAr: 'تمر بباركود خاطئ',
    barcode: '6291041500214',
    family,
    category,
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => api.anonymous.get(url, { headers });

async function openGraph(html: string) {
  const { result } = await ogs({ html });
  return result;
}

/** The head's link tags and JSON-LD, read with cheerio. */
function links(html: string) {
  const $ = load(html);
  const alternates: Record<string, string | undefined> = Object.fromEntries(
    $('link[rel="alternate"][hreflang]')
      .toArray()
      .map((e) => [$(e).attr('hreflang') ?? '', $(e).attr('href')]),
  );
  const structured = $('script[type="application/ld+json"]')
    .toArray()
    .map((e) => JSON.parse($(e).text()) as Record<string, unknown>);
  return {
    lang: $('html').attr('lang'),
    dir: $('html').attr('dir'),
    titles: $('title').length,
    descriptions: $('meta[name="description"]').length,
    canonical: $('link[rel="canonical"]').attr('href'),
    robots: $('meta[name="robots"]').attr('content'),
    alternates,
    structured,
  };
}

const ofType = (items: Record<string, unknown>[], type: string) => items.find((i) => i['@type'] === type);

describe('a product page', () => {
  it('carries the product in Arabic by default: title, description, preview, addresses, Product data', async () => {
    const res = await page(`/catalog/main/${product}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
    const og = await openGraph(res.body);
    expect(og.ogTitle).toBe('تمر مجهول ملكي · نخيل للأغذية | مجموعة دليل القابضة');
    expect(og.ogDescription).toBe('تمر طري من غور الأردن.');
    expect(og.ogType).toBe('product');
    expect(og.ogUrl).toBe(`${ORIGIN}/catalog/main/${product}`);
    expect(og.ogSiteName).toBe('مجموعة دليل القابضة');
    expect(og.ogLocale).toBe('ar_AR');
    expect(og.ogLocaleAlternate).toBe('en_US');
    expect(og.twitterCard).toBe('summary_large_image');
    expect(og.twitterTitle).toBe(og.ogTitle);
    const [image] = og.ogImage ?? [];
    expect(image?.url).toBe(`${ORIGIN}/media/og/${imageName.replace('.webp', '.jpg')}`);
    expect(image?.type).toBe('image/jpeg');
    expect(Number(image?.width)).toBe(1200);
    expect(Number(image?.height)).toBe(844);
    expect(og.twitterImage?.[0]?.url).toBe(image?.url);

    const head = links(res.body);
    expect(head).toMatchObject({ lang: 'ar', dir: 'rtl', titles: 1, descriptions: 1 });
    expect(head.canonical).toBe(`${ORIGIN}/catalog/main/${product}`);
    expect(head.alternates).toEqual({
      ar: `${ORIGIN}/catalog/main/${product}?lang=ar`,
      en: `${ORIGIN}/catalog/main/${product}?lang=en`,
      'x-default': `${ORIGIN}/catalog/main/${product}`,
    });
    expect(head.robots).toBeUndefined();
  });

  it('names the address it was asked at as canonical, whichever language answered', async () => {
    // An English browser at the address without a language: English, and canonical to that address
    // (not to ?lang=en, which the alternates name as another address of the page).
    const negotiated = await page(`/catalog/main/${product}`, { 'accept-language': 'en-US,en;q=0.9' });
    const head = links(negotiated.body);
    expect(head).toMatchObject({ lang: 'en', canonical: `${ORIGIN}/catalog/main/${product}` });
    expect((await openGraph(negotiated.body)).ogUrl).toBe(`${ORIGIN}/catalog/main/${product}`);
    expect(head.alternates['x-default']).toBe(`${ORIGIN}/catalog/main/${product}`);
    // Its links keep that form; the language switch names the other language.
    const $ = load(negotiated.body);
    expect($('.sp-brand').attr('href')).toBe('/catalog/family');
    expect($('.sp-lang').attr('href')).toBe(`/catalog/main/${product}?lang=ar`);

    const arabic = links((await page(`/catalog/main/${product}?lang=ar`, { 'accept-language': 'en' })).body);
    expect(arabic).toMatchObject({ lang: 'ar', canonical: `${ORIGIN}/catalog/main/${product}?lang=ar` });
  });

  it('in English at ?lang=en, with the Product and BreadcrumbList Google reads', async () => {
    const res = await page(`/catalog/main/${product}?lang=en`);
    expect(res.statusCode).toBe(200);
    // The address names the language: only the encoding varies.
    expect(res.headers.vary).toBe('Accept-Encoding');
    const og = await openGraph(res.body);
    expect(og.ogTitle).toBe('Medjool "Royal" Dates · Nakheel </script><b>Foods</b> | Dalil Holding Group');
    expect(og.ogDescription).toBe('Soft dates from the Jordan Valley.');
    expect(og.ogLocale).toBe('en_US');
    expect(og.ogSiteName).toBe('Dalil Holding Group');
    const head = links(res.body);
    expect(head).toMatchObject({
      lang: 'en',
      dir: 'ltr',
      canonical: `${ORIGIN}/catalog/main/${product}?lang=en`,
    });
    const preview = `${ORIGIN}/media/og/${imageName.replace('.webp', '.jpg')}`;
    expect(ofType(head.structured, 'Product')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Medjool "Royal" Dates',
      url: `${ORIGIN}/catalog/main/${product}?lang=en`,
      description: 'Soft dates from the Jordan Valley.',
      image: [preview, `${ORIGIN}/media/${imageName}`],
      sku: '10077',
      gtin13: '6291041500213',
      brand: { '@type': 'Brand', name: 'Nakheel </script><b>Foods</b>' },
      category: 'Dates & Sweets',
      offers: {
        '@type': 'Offer',
        price: '42.50',
        priceCurrency: 'SAR',
        url: `${ORIGIN}/catalog/main/${product}?lang=en`,
      },
    });
    const crumbs = ofType(head.structured, 'BreadcrumbList')?.itemListElement as {
      name: string;
      item: string;
    }[];
    expect(crumbs.map((c) => [c.name, c.item])).toEqual([
      ['Families', `${ORIGIN}/catalog/family?lang=en`],
      ['Nakheel </script><b>Foods</b>', `${ORIGIN}/catalog/main?family=${family}&lang=en`],
      ['Dates & Sweets', `${ORIGIN}/catalog/main?family=${family}&category=${category}&lang=en`],
      ['Medjool "Royal" Dates', `${ORIGIN}/catalog/main/${product}?lang=en`],
    ]);
  });

  it('escapes names: a name with </script> or tags changes no markup', async () => {
    const res = await page(`/catalog/main/${product}?lang=en`);
    expect(res.body).not.toContain('<b>Foods</b>');
    // The JSON-LD, boot.js and the page's data (served-pages.test.ts) close their own scripts, no more.
    expect(res.body.match(/<\/script>/g)?.length).toBe(links(res.body).structured.length + 2);
  });

  it('states no gtin for a barcode whose check digit is wrong, and no offer without a price', async () => {
    const head = links((await page(`/catalog/main/${badGtin}?lang=en`)).body);
    const data = ofType(head.structured, 'Product');
    expect(data).toBeDefined();
    expect(Object.keys(data ?? {}).filter((k) => k.startsWith('gtin'))).toEqual([]);
    expect(data).not.toHaveProperty('offers');
  });

  it("shows the family's logo when the product has no image, and writes a description", async () => {
    const res = await page(`/catalog/main/${bare}?lang=en`);
    const og = await openGraph(res.body);
    expect(og.ogDescription).toBe('Plain Dates from Nakheel </script><b>Foods</b>, in Dates & Sweets.');
    const [image] = og.ogImage ?? [];
    expect(image?.url).toMatch(new RegExp(`^${ORIGIN}/media/og/[A-Za-z0-9_-]+\\.jpg$`));
    expect(Number(image?.width)).toBe(400);
    expect(ofType(links(res.body).structured, 'Product')).not.toHaveProperty('image');
  });

  it('shows an edit on the next request', async () => {
    const before = await page(`/catalog/main/${bare}?lang=en`);
    expect((await openGraph(before.body)).ogTitle).toMatch(/^Plain Dates ·/);
    const put = await api
      .as('admin')
      .patch(`/api/product/${bare}`, { nameEn: 'Golden Dates', nameAr: 'تمر ذهبي', family, category });
    expect(put.statusCode, put.body).toBe(200);
    const after = await page(`/catalog/main/${bare}?lang=en`);
    expect((await openGraph(after.body)).ogTitle).toMatch(/^Golden Dates ·/);
  });
});

describe('the preview JPEG', () => {
  it('is a JPEG at most 1200 px wide and 300 KB, served from /media, made once', async () => {
    const url = `/media/og/${imageName.replace('.webp', '.jpg')}`;
    await page(`/catalog/main/${product}`);
    const file = join(t.config.mediaDir, 'og', imageName.replace('.webp', '.jpg'));
    const made = statSync(file).mtimeMs;
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(1200);
    // Another page and another language, then the file again: nothing is encoded a second time.
    await page(`/catalog/main/${product}?lang=en&x=1`);
    expect((await page(url)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(made);
  });

  it('is 404 for an image the store does not have', async () => {
    expect((await page('/media/og/AAAAAAAAAAAAAAAAAAAA.jpg')).statusCode).toBe(404);
  });
});

describe('the catalogue and the chooser', () => {
  it("a family's catalogue names the family and category, with its logo and breadcrumbs", async () => {
    const res = await page(`/catalog/main?family=${family}&category=${category}&lang=en`);
    expect(res.statusCode).toBe(200);
    const og = await openGraph(res.body);
    expect(og.ogTitle).toBe('Nakheel </script><b>Foods</b> · Dates & Sweets | Dalil Holding Group');
    expect(og.ogType).toBe('website');
    expect(og.ogUrl).toBe(`${ORIGIN}/catalog/main?family=${family}&category=${category}&lang=en`);
    expect(Number(og.ogImage?.[0]?.width)).toBe(400);
    const head = links(res.body);
    const crumbs = ofType(head.structured, 'BreadcrumbList')?.itemListElement as unknown[];
    expect(crumbs).toHaveLength(3);
    expect(head.alternates['x-default']).toBe(`${ORIGIN}/catalog/main?family=${family}&category=${category}`);
  });

  it("leaves a category the family does not have out of the page's address", async () => {
    const res = await page(`/catalog/main?family=${family}&category=999999&page=2&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(links(res.body).canonical).toBe(`${ORIGIN}/catalog/main?family=${family}&page=2&lang=en`);
  });

  it('shows search results to a visitor but keeps them out of search engines', async () => {
    const res = await page(`/catalog/main?family=${family}&search=${encodeURIComponent('<dates>')}&lang=en`);
    expect(res.statusCode).toBe(200);
    const og = await openGraph(res.body);
    expect(og.ogTitle).toBe('Nakheel </script><b>Foods</b> · Search: <dates> | Dalil Holding Group');
    expect(links(res.body).robots).toBe('noindex');
    expect(links((await page(`/catalog/main?family=${family}`)).body).robots).toBeUndefined();
  });

  it('the catalogue in Arabic', async () => {
    const og = await openGraph((await page(`/catalog/main?family=${family}`)).body);
    expect(og.ogTitle).toBe('نخيل للأغذية | مجموعة دليل القابضة');
    expect(og.ogLocale).toBe('ar_AR');
  });

  it('the chooser names the holding, with its Organization', async () => {
    for (const [url, name] of [
      ['/catalog/family', 'مجموعة دليل القابضة'],
      ['/catalog/family?lang=en', 'Dalil Holding Group'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const og = await openGraph(res.body);
      expect(og.ogTitle).toBe(name);
      expect(og.ogSiteName).toBe(name);
      expect(ofType(links(res.body).structured, 'Organization')).toMatchObject({
        name,
        url: `${ORIGIN}${url}`,
      });
    }
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await api.anonymous.send('HEAD', `/catalog/main/${product}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });
});

describe('the language', () => {
  const lang = async (headers: Record<string, string>, url = '/catalog/family') =>
    links((await page(url, headers)).body).lang;

  it('follows the address, then the cookie, then Accept-Language, then Arabic', async () => {
    expect(await lang({ cookie: 'dalil-lang=en', 'accept-language': 'ar' }, '/catalog/family?lang=ar')).toBe(
      'ar',
    );
    expect(await lang({ cookie: 'other=1; dalil-lang=en', 'accept-language': 'ar' })).toBe('en');
    expect(await lang({ 'accept-language': 'fr-FR, en-GB;q=0.8, ar;q=0.5' })).toBe('en');
    expect(await lang({ 'accept-language': 'en;q=0.3, ar-SA' })).toBe('ar');
    expect(await lang({ 'accept-language': 'fr' })).toBe('ar');
    expect(await lang({})).toBe('ar');
  });

  it("the visitor's sign-in answers in the same language, and is not for search engines", async () => {
    const res = await page('/catalog/login', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(200);
    expect(links(res.body).lang).toBe('en');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(await lang({ cookie: 'dalil-lang=ar', 'accept-language': 'en' }, '/catalog/login')).toBe('ar');
    expect(await lang({}, '/catalog/login?lang=en')).toBe('en');
  });
});

describe('pages that do not exist', () => {
  it.each([
    ['an unknown product', () => '/catalog/main/999999'],
    ['a product id that is not a number', () => '/catalog/main/abc'],
    ['an unknown family', () => '/catalog/main?family=999999&lang=en'],
  ])('%s answers 404 with the app and noindex', async (_what, url) => {
    const res = await page(url());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(links(res.body).robots).toBe('noindex');
  });

  it('a deleted product answers 404', async () => {
    const id = await createdId(api, '/api/product', { nameEn: 'Gone', nameAr: 'محذوف', family, category });
    expect((await page(`/catalog/main/${id}`)).statusCode).toBe(200);
    const del = await api.as('admin').delete(`/api/product/${id}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect((await page(`/catalog/main/${id}`)).statusCode).toBe(404);
  });
});

describe('the public address', () => {
  it('comes from the request, and from X-Forwarded-Host only when TRUST_PROXY trusts the proxy', async () => {
    for (const [trust, expected] of [
      ['127.0.0.1', 'https://shop.example'],
      ['false', 'http://localhost:80'],
    ] as const) {
      const other = await createTestApp({ env: { TRUST_PROXY: trust }, overrides: { webDist: dist } });
      try {
        const res = await other.app.inject({
          method: 'GET',
          url: '/catalog/family?lang=en',
          headers: { host: 'localhost:80', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' },
        });
        expect((await openGraph(res.body)).ogUrl).toBe(`${expected}/catalog/family?lang=en`);
      } finally {
        await other.close();
      }
    }
  });
});

describe('with guest access off', () => {
  it('says nothing of the catalogue and asks not to be indexed', async () => {
    const closed = await createTestApp({ env: { GUEST_ACCESS: 'false' }, overrides: { webDist: dist } });
    try {
      for (const url of ['/catalog/family', `/catalog/main?family=1`, '/catalog/main/1?lang=en']) {
        const res = await closed.app.inject(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-robots-tag']).toBe('noindex');
        const og = await openGraph(res.body);
        expect(og.ogTitle).toBe('دليل · Dalil');
        expect(og.ogImage ?? []).toEqual([]);
        expect(links(res.body)).toMatchObject({ robots: 'noindex', structured: [] });
      }
    } finally {
      await closed.close();
    }
  });
});
