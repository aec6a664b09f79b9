import { load, type CheerioAPI } from 'cheerio';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdId } from '../../../test/fixtures';

// The visitor pages' content as the first answer carries it: what a browser without JavaScript, or a
// crawler, shows; and the answers the app takes from the page instead of asking again.

const INDEX_HTML = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <title>دليل · Dalil</title>
    <script src="/boot.js"></script>
  </head>
  <body><div id="boot-shell"></div><div id="root"></div></body>
</html>`;

let dist: string;
let t: TestApp;
let admin: string;
let guest: string;
let family: number;
let other: number;
let dates: number;
let sweets: number;
let royal: number;
let imageName: string;

const api = client(() => t);

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dalil-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { CURRENCY: 'SAR' }, overrides: { webDist: dist } });
  admin = await api.token('admin');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c08040' } })
    .png()
    .toBuffer();
  const boundary = '----dalilserved';
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  imageName = `${(body(upload) as { public_id: string }).public_id}.webp`;

  family = await createdId(api, '/api/family', {
    nameEn: 'Nakheel </script><b>Foods</b>',
    nameAr: 'نخيل للأغذية',
  });
  other = await createdId(api, '/api/family', { nameEn: 'Sahara Drinks', nameAr: 'مشروبات الصحراء' });
  dates = await createdId(api, '/api/category', { nameEn: 'Dates', nameAr: 'تمور', family });
  sweets = await createdId(api, '/api/category', { nameEn: 'Sweets', nameAr: 'حلويات', family });
  const sub = await createdId(api, '/api/category', {
    nameEn: 'Stuffed',
    nameAr: 'محشوة',
    family,
    parent: dates,
  });
  royal = await createdId(api, '/api/product', {
    nameEn: 'Medjool "Royal" Dates',
    nameAr: 'تمر مجهول ملكي',
    descriptionEn: 'Soft dates from the Jordan Valley.',
    descriptionAr: 'تمر طري من غور الأردن.',
    cost: '42.50',
    barcode: '6291041500213',
    image: imageName,
    family,
    category: dates,
    subCategory: sub,
  });
  // 30 sweets: two pages of 25.
  for (let i = 1; i <= 30; i += 1) {
    const n = String(i).padStart(2, '0');
    await createdId(api, '/api/product', {
      nameEn: `Halva ${n}`,
      nameAr: `حلاوة ${n}`,
      family,
      category: sweets,
    });
  }
  const credentials = t.config.guest;
  if (!credentials) throw new Error('these pages need guest access on, the default');
  const signIn = await api.anonymous.post('/api/user/login', credentials);
  guest = body(signIn).token as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const open = async (url: string) => {
  const res = await api.anonymous.get(url);
  return { res, $: load(res.body) };
};
/** What the API answers the guest: what the app would have asked for. */
const asGuest = async (url: string) => {
  const res = await api.as(guest).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<unknown>();
};
const text = ($: CheerioAPI, selector: string) =>
  $(selector)
    .toArray()
    .map((e) => $(e).text().trim());
const carried = ($: CheerioAPI) => JSON.parse($('#page-data').text()) as [unknown[], unknown][];

describe('a product page', () => {
  it('shows the product in Arabic: name, price, image and breadcrumbs, before the app', async () => {
    const { res, $ } = await open(`/catalog/main/${royal}`);
    expect(res.statusCode).toBe(200);
    const served = $('#served-page');
    expect(served.length).toBe(1);
    // The content comes before the app's root, which the app renders into.
    expect(res.body.indexOf('id="served-page"')).toBeLessThan(res.body.indexOf('id="root"'));
    expect(served.find('h1').text()).toBe('تمر مجهول ملكي');
    expect(served.find('.sp-price').text()).toContain('السعر');
    expect(served.find('.sp-price strong').text()).toMatch(/42\.50/);
    expect(served.find('.sp-price strong').text()).toMatch(/ر\.س|SAR/);
    expect(served.text()).toContain('تمر طري من غور الأردن.');
    expect(served.text()).toContain('6291041500213');
    const img = served.find('.sp-image img');
    expect(img.attr('alt')).toBe('تمر مجهول ملكي');
    expect(img.attr('src')).toBe(`/media/w640/${imageName}`);
    expect(img.attr('srcset')).toContain(`/media/${imageName} 1280w`);
    expect(text($, '.sp-crumbs li')).toEqual(['العائلات', 'نخيل للأغذية', 'تمور', 'محشوة', 'تمر مجهول ملكي']);
    expect($('.sp-crumbs a').eq(1).attr('href')).toBe(`/catalog/main?family=${family}`);
    expect($('.sp-crumbs a').eq(2).attr('href')).toBe(`/catalog/main?family=${family}&category=${dates}`);
    // The other language's page, for a visitor without the app's switcher.
    expect($('.sp-lang').attr('href')).toBe(`/catalog/main/${royal}?lang=en`);
  });

  it('is sent compressed as the browser asks, the same page as uncompressed, when asked again too', async () => {
    const url = `/catalog/main/${royal}?lang=en`;
    const plain = await api.anonymous.get(url);
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let asked = 0; asked < 2; asked++) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(unpack(res.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });

  it('links its stylesheet, which a browser keeps and which is sent compressed as asked', async () => {
    const { $ } = await open(`/catalog/main/${royal}`);
    const href = $('link[rel="stylesheet"]').attr('href') ?? '';
    expect(href).toMatch(/^\/served-page\.[0-9a-f]{10}\.css$/);
    const plain = await api.anonymous.get(href);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/css/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The rules the page's markup is drawn with, light and dark.
    expect(plain.body).toContain('#served-page{');
    expect(plain.body).toContain("html[data-mode='dark'] #served-page");
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: href, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(unpack(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('shows it in English with ?lang=en, left to right', async () => {
    const { $ } = await open(`/catalog/main/${royal}?lang=en`);
    expect($('html').attr('lang')).toBe('en');
    expect($('html').attr('dir')).toBe('ltr');
    const served = $('#served-page');
    expect(served.find('h1').text()).toBe('Medjool "Royal" Dates');
    expect(served.find('.sp-price').text()).toContain('Price');
    expect(served.find('.sp-price strong').text()).toMatch(/^SAR\s42\.50$/);
    expect(served.find('.sp-image img').attr('alt')).toBe('Medjool "Royal" Dates');
    expect(text($, '.sp-crumbs li')).toEqual([
      'Families',
      'Nakheel </script><b>Foods</b>',
      'Dates',
      'Stuffed',
      'Medjool "Royal" Dates',
    ]);
    expect($('.sp-crumbs a').first().attr('href')).toBe('/catalog/family?lang=en');
    // A family's name is text, never markup.
    expect(served.find('b').length).toBe(0);
  });

  it('carries the product and its family exactly as the API answers the guest, under the app’s keys', async () => {
    const { res, $ } = await open(`/catalog/main/${royal}?lang=en`);
    expect(carried($)).toEqual([
      [['catalog', 'product', royal], await asGuest(`/api/product/${royal}`)],
      [['catalog', 'family', family], await asGuest(`/api/family/${family}`)],
    ]);
    // The family's name cannot close the script it travels in, and no token travels at all.
    expect(res.body).not.toContain('</script><b>');
    expect(res.body).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('an unknown product shows no content', async () => {
    const { res, $ } = await open('/catalog/main/999999');
    expect(res.statusCode).toBe(404);
    expect($('#served-page').length).toBe(0);
    expect($('#page-data').length).toBe(0);
  });
});

describe('a catalogue page', () => {
  it("shows the family's first page of product cards, its categories and a pager", async () => {
    const { res, $ } = await open(`/catalog/main?family=${family}`);
    expect(res.statusCode).toBe(200);
    expect($('#served-page .sp-hero h1').text()).toBe('نخيل للأغذية');
    expect(text($, '.sp-chips li')).toEqual(['الكل', 'تمور', 'حلويات']);
    expect($('.sp-chip[aria-current]').text()).toBe('الكل');
    expect($('.sp-count').text()).toBe('عدد المنتجات: 31');
    expect($('.sp-grid li').length).toBe(25);
    const results = (await asGuest(`/api/search?family=${family}&limit=25&skip=0`)) as {
      data: { id: number; nameAr: string }[];
    };
    expect(text($, '.sp-card-name')).toEqual(results.data.map((p) => p.nameAr));
    expect($('.sp-card').first().attr('href')).toBe(`/catalog/main/${results.data[0]?.id}`);
    expect($('.sp-pager').text()).toContain('صفحة 1 من 2');
    expect($('.sp-pager a[rel="next"]').attr('href')).toBe(`/catalog/main?family=${family}&page=2`);
  });

  it("shows the address's category and page, in English", async () => {
    const { $ } = await open(`/catalog/main?family=${family}&category=${sweets}&page=2&lang=en`);
    expect($('.sp-chip[aria-current]').text()).toBe('Sweets');
    expect($('.sp-count').text()).toBe('Products found: 30');
    const names = text($, '.sp-card-name');
    expect(names).toHaveLength(5);
    const results = (await asGuest(`/api/search?family=${family}&category=${sweets}&limit=25&skip=25`)) as {
      data: { nameEn: string }[];
    };
    expect(names).toEqual(results.data.map((p) => p.nameEn));
    expect($('.sp-pager').text()).toContain('Page 2 of 2');
    expect($('.sp-pager a[rel="prev"]').attr('href')).toBe(
      `/catalog/main?family=${family}&category=${sweets}&lang=en`,
    );
    // Searching works without JavaScript: a form that asks for the same page with the words.
    const form = $('form.sp-search');
    expect(form.attr('action')).toBe('/catalog/main');
    expect(
      form
        .find('input[type="hidden"]')
        .toArray()
        .map((e) => [$(e).attr('name'), $(e).attr('value')]),
    ).toEqual([
      ['family', String(family)],
      ['category', String(sweets)],
      ['lang', 'en'],
    ]);
  });

  it("shows the address's search, and carries what the main screen asks for", async () => {
    const { $ } = await open(`/catalog/main?family=${family}&search=${encodeURIComponent('Royal')}&lang=en`);
    expect(text($, '.sp-card-name')).toEqual(['Medjool "Royal" Dates']);
    expect($('form.sp-search input[name="search"]').attr('value')).toBe('Royal');
    const args = { family, category: null, search: 'Royal', limit: 25, skip: 0 };
    expect(carried($)).toEqual([
      [['catalog', 'family', family], await asGuest(`/api/family/${family}`)],
      [['catalog', 'families'], await asGuest('/api/family?limit=100&skip=0')],
      [
        ['catalog', 'categories', family, 'none'],
        {
          pages: [await asGuest(`/api/category?family=${family}&parent=none&limit=40&skip=0`)],
          pageParams: [0],
        },
      ],
      [
        ['catalog', 'search', args],
        await asGuest(`/api/search?family=${family}&search=Royal&limit=25&skip=0`),
      ],
    ]);
  });

  it('says so when nothing matches', async () => {
    const { $ } = await open(`/catalog/main?family=${family}&search=zzzzqqq&lang=en`);
    expect($('.sp-grid').length).toBe(0);
    expect($('.sp-empty').text()).toBe('No results were found');
  });
});

describe('the chooser', () => {
  it('shows every family as a link to its catalogue', async () => {
    const { $ } = await open('/catalog/family?lang=en');
    expect($('#served-page h1').text()).toBe('Choose the company to know more');
    const cards = $('.sp-family').toArray();
    expect(cards.map((e) => $(e).find('.sp-family-name').text())).toEqual(
      expect.arrayContaining(['Nakheel </script><b>Foods</b>', 'Sahara Drinks']),
    );
    expect($(`.sp-family[href="/catalog/main?family=${other}&lang=en"]`).length).toBe(1);
    expect(carried($)).toEqual([[['catalog', 'families'], await asGuest('/api/family?limit=100&skip=0')]]);
  });

  it('leaves the first-paint shell only where the browser may show it instead of the content', async () => {
    // boot.js shows the shell over a page without content, and over the chooser on the catalogue's
    // address when the browser remembers a family; a page whose content stands needs none.
    const shellOn = async (url: string) => (await open(url)).$('#boot-shell').length;
    expect(await shellOn('/catalog/main')).toBe(1);
    expect(await shellOn('/catalog/family')).toBe(0);
    expect(await shellOn(`/catalog/main?family=${family}`)).toBe(0);
    expect(await shellOn(`/catalog/main/${royal}`)).toBe(0);
    expect(await shellOn('/catalog/main/999999')).toBe(1);
  });

  it("stands on the catalogue's address without a family, for a visitor who has not chosen one", async () => {
    // A browser that remembers a family hides it (boot.js): the server cannot know which one.
    const { res, $ } = await open('/catalog/main?lang=en');
    expect(res.statusCode).toBe(200);
    expect($('#served-page h1').text()).toBe('Choose the company to know more');
    expect($(`.sp-family[href="/catalog/main?family=${other}&lang=en"]`).length).toBe(1);
    expect(carried($)).toEqual([[['catalog', 'families'], await asGuest('/api/family?limit=100&skip=0')]]);
  });
});

describe('a change to the catalogue', () => {
  it('shows in the next answer', async () => {
    const before = await open(`/catalog/main/${royal}?lang=en`);
    expect(before.$('h1').text()).toBe('Medjool "Royal" Dates');
    const res = await api.as('admin').patch(`/api/product/${royal}`, {
      nameEn: 'Medjool Crown Dates',
      nameAr: 'تمر مجهول ملكي',
      family,
      category: dates,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await open(`/catalog/main/${royal}?lang=en`);
    expect(after.$('#served-page h1').text()).toBe('Medjool Crown Dates');
  });
});

describe('with guest access off', () => {
  it('renders no catalogue content and carries no data for a visitor without a session', async () => {
    const closed = await createTestApp({ env: { GUEST_ACCESS: 'false' }, overrides: { webDist: dist } });
    try {
      const token = await closed.adminToken();
      const made = await closed.app.inject({
        method: 'POST',
        url: '/api/family',
        headers: bearer(token),
        payload: { nameEn: 'Private Foods', nameAr: 'أغذية خاصة' },
      });
      const id = body(made).id as number;
      for (const url of ['/catalog/family', `/catalog/main?family=${id}`]) {
        const res = await closed.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-robots-tag']).toBe('noindex');
        expect(res.body).not.toContain('served-page');
        expect(res.body).not.toContain('page-data');
        expect(res.body).not.toContain('Private Foods');
        expect(res.body).not.toContain('أغذية خاصة');
      }
    } finally {
      await closed.close();
    }
  });
});
