import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInAsGuest, VIEWPORTS } from './support/catalog';
import { BarcodeFormat, decodePng, scanElement } from './support/decode';
import { PdfViewer } from './support/pdf';
import { PRINT_FAMILY, PRINT_PRODUCTS, seedPrintFamily } from './support/print-seed';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  setPreferences,
  signInAsAdmin,
  type Preferences,
} from './support/shell';

// The printable catalogue and the product page's codes, on a family seeded through the CSV import:
// 40 products in four categories. The PDFs are made by Chromium itself (page.pdf, the same engine as
// the browser's Save as PDF), drawn with pdf.js, read back as text and scanned as images.

const OUT = 'test-results/print';
mkdirSync(OUT, { recursive: true });

// 12 + 10 + 9 + 9 products at 8 a page: two pages a category, after the cover and the contents.
const PAGES = 10;
const FIRST_PAGES = [3, 5, 7, 9];
const CATEGORIES = { Dates: 'تمور', Juices: 'عصائر', Sweets: 'حلويات', Spices: 'بهارات' } as const;

/** The contents in order, as the print view lists them: each category's name and first page. */
async function contentsOf(page: Page, name: string): Promise<{ name: string; page: number }[]> {
  const rows = page.getByRole('list', { name }).getByRole('link');
  await expect(rows).toHaveCount(4);
  return Promise.all(
    (await rows.all()).map(async (row) => ({
      name: (await row.locator('.dp-name').textContent()) ?? '',
      page: Number(await row.locator('.dp-page').textContent()),
    })),
  );
}

/** The seeded family's id; seeds it on this file's server the first time (a retry gets a new server). */
async function printFamily(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/config');
  expect(response.ok()).toBe(true);
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: 'admin-e2e-password' },
  });
  const token = ((await login.json()) as { token: string }).token;
  const found = (await (
    await request.get('/api/family', {
      params: { search: PRINT_FAMILY.en, limit: 100 },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { id: number; nameEn: string }[] };
  return found.data.find((f) => f.nameEn === PRINT_FAMILY.en)?.id ?? (await seedPrintFamily(request));
}

/** Opens the print view with the given preferences and waits until every image has loaded. */
async function openPrintView(page: Page, preferences: Preferences, family: number): Promise<void> {
  await setPreferences(page, { direction: null, ...preferences });
  await page.goto(`/catalog/print?family=${family}`);
  await expect(page.locator('.dp[data-ready="true"]')).toBeAttached({ timeout: 60_000 });
}

async function pdfOf(page: Page, browser: Browser, name: string): Promise<PdfViewer> {
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const viewer = await PdfViewer.open(browser, pdf);
  expect(await viewer.pageCount(), `${name}: pages`).toBe(PAGES);
  return viewer;
}

/** Normalizes PDF text for comparisons: pdf.js splits runs and may give Arabic in visual order. */
const squash = (text: string) => text.replace(/\s+/g, '');

test('printable catalogue in English: cover, contents with page numbers, categories, scannable barcodes', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const family = await printFamily(request);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsGuest(page);
  await openPrintView(page, { language: 'en', colourMode: 'light' }, family);

  await expect(page.getByRole('toolbar', { name: 'Print options' }).getByRole('status')).toHaveText(
    `Ready to print on A4: ${PAGES} pages`,
  );
  // Categories in the catalogue's order, two pages each.
  const contents = await contentsOf(page, 'Contents');
  expect(contents.map((row) => row.page)).toEqual(FIRST_PAGES);
  expect(contents.map((row) => row.name).sort()).toEqual(Object.keys(CATEGORIES).sort());
  await expect(page.getByRole('article')).toHaveCount(PRINT_PRODUCTS.length);
  // Every product with a barcode shows its symbol, named by its digits; EAN-13 or Code 128 by value.
  for (const product of PRINT_PRODUCTS.filter((p) => p.barcode).slice(0, 14))
    await expect(page.getByRole('img', { name: `Barcode ${product.barcode}`, exact: true })).toBeAttached();
  await expect(page.locator('svg[data-symbology="ean13"]')).toHaveCount(
    PRINT_PRODUCTS.filter((p) => p.barcode?.length === 13).length,
  );
  await expect(page.locator('svg[data-symbology="code128"]')).toHaveCount(
    PRINT_PRODUCTS.filter((p) => p.barcode && p.barcode.length !== 13).length,
  );
  await screenshot(page, 'print-view-en-light');
  await expectNoSeriousA11yViolations(page);

  const viewer = await pdfOf(page, browser, 'English');
  const cover = await viewer.screenshot(1, `${OUT}/en-page-01-cover.png`, 2);
  expect(await viewer.text(1)).toContain(PRINT_FAMILY.en);
  // The cover's QR code opens this family's catalogue online.
  expect(decodePng(cover, [BarcodeFormat.QR_CODE]).text).toBe(`${baseURL}/catalog/main?family=${family}`);

  await viewer.screenshot(2, `${OUT}/en-page-02-contents.png`);
  const contentsText = await viewer.text(2);
  expect(contentsText).toContain('Contents');
  expect(contentsText).toContain(`Page 2 of ${PAGES}`);
  for (const { name, page: first } of contents) {
    expect(contentsText).toContain(name);
    // The contents' page number is where the category really starts in the PDF.
    const text = await viewer.text(first);
    expect(text, `page ${first}`).toContain(name);
    expect(text).not.toContain(`${name} (continued)`);
    expect(text).toContain(`Page ${first} of ${PAGES}`);
    expect(await viewer.text(first + 1)).toContain(`${name} (continued)`);
  }
  // Every page after the cover repeats the family's name at the top.
  for (let n = 2; n <= PAGES; n++) expect(await viewer.text(n), `page ${n}`).toContain(PRINT_FAMILY.en);

  const first = contents[0]!;
  const productPage = await viewer.screenshot(first.page, `${OUT}/en-page-03-${first.name}.png`, 3);
  const scanned = decodePng(productPage, [BarcodeFormat.EAN_13, BarcodeFormat.CODE_128]);
  expect(PRINT_PRODUCTS.filter((p) => p.category === first.name).map((p) => p.barcode)).toContain(
    scanned.text,
  );
  await viewer.screenshot(PAGES, `${OUT}/en-page-10-spices.png`);
  await viewer.close();
});

test('printable catalogue in Arabic: right to left, shaped Arabic, the same pages', async ({
  page,
  browser,
  request,
}) => {
  const family = await printFamily(request);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsGuest(page);
  await openPrintView(page, { language: 'ar', colourMode: 'light' }, family);

  await expect(page.locator('.dp')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('toolbar', { name: 'خيارات الطباعة' }).getByRole('status')).toHaveText(
    // Ten takes the plural of three to ten in Arabic: صفحات.
    `جاهز للطباعة على ورق A4: ${PAGES} صفحات`,
  );
  const contents = await contentsOf(page, 'المحتويات');
  expect(contents.map((row) => row.page)).toEqual(FIRST_PAGES);
  expect(contents.map((row) => row.name).sort()).toEqual(Object.values(CATEGORIES).sort());
  await expect(page.getByRole('heading', { level: 1, name: PRINT_FAMILY.ar, exact: true })).toBeVisible();
  await screenshot(page, 'print-view-ar-light');
  await expectNoSeriousA11yViolations(page);

  const viewer = await pdfOf(page, browser, 'Arabic');
  await viewer.screenshot(1, `${OUT}/ar-page-01-cover.png`);
  await viewer.screenshot(2, `${OUT}/ar-page-02-contents.png`);
  await viewer.screenshot(3, `${OUT}/ar-page-03.png`, 2);
  await viewer.screenshot(6, `${OUT}/ar-page-06.png`);
  // The Latin names survive as text whatever order pdf.js gives Arabic runs in.
  expect(await viewer.text(1)).toContain(PRINT_FAMILY.en);
  // Each category's two pages hold all of its products (their English names beneath the Arabic).
  for (const [index, row] of contents.entries()) {
    const english = Object.keys(CATEGORIES).find(
      (en) => CATEGORIES[en as keyof typeof CATEGORIES] === row.name,
    );
    const first = FIRST_PAGES[index]!;
    const text = squash((await viewer.text(first)) + (await viewer.text(first + 1)));
    for (const product of PRINT_PRODUCTS.filter((p) => p.category === english))
      expect(text, `${product.nameEn} on pages ${first}-${first + 1}`).toContain(squash(product.nameEn));
  }
  await viewer.close();
});

test('product page: the barcode and the QR code scan to the right digits and link; Share copies the link', async ({
  browser,
  request,
  lookup,
  baseURL,
}) => {
  const family = await printFamily(request);
  // Twice the pixels, as on a phone: what a scanner would see on screen.
  const context = await browser.newContext({ baseURL, deviceScaleFactor: 2, viewport: VIEWPORTS.desktop });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await signInAsGuest(page);

  const ean = PRINT_PRODUCTS.find((p) => p.barcode?.length === 13)!;
  const code128 = PRINT_PRODUCTS.find((p) => p.barcode?.length === 14)!;
  for (const [product, format, preferences] of [
    [ean, BarcodeFormat.EAN_13, { language: 'ar', colourMode: 'light' }],
    [code128, BarcodeFormat.CODE_128, { language: 'en', colourMode: 'dark' }],
  ] as const) {
    const id = await lookup.product(family, product.nameEn);
    await setPreferences(page, { direction: null, ...preferences });
    await page.goto(`/catalog/main/${id}`);
    const ar = preferences.language === 'ar';
    const barcode = page.getByRole('img', {
      name: `${ar ? 'باركود' : 'Barcode'} ${product.barcode}`,
      exact: true,
    });
    await expect(barcode).toBeVisible();
    const scannedBarcode = await scanElement(barcode, `${OUT}/product-${id}-barcode.png`, [format]);
    expect(scannedBarcode).toEqual({ text: product.barcode, format: BarcodeFormat[format] });

    const name = ar ? product.nameAr : product.nameEn;
    const qr = page.getByRole('img', {
      name: ar ? `رمز QR يفتح صفحة ${name}` : `QR code that opens the page of ${name}`,
    });
    const scannedQr = await scanElement(qr, `${OUT}/product-${id}-qr.png`, [BarcodeFormat.QR_CODE]);
    // The link carries the sharer's language, so its preview and the page it opens are in that language.
    const link = `${baseURL}/catalog/main/${id}?lang=${ar ? 'ar' : 'en'}`;
    expect(scannedQr.text).toBe(link);
    // A phone that scans it has no session yet: the guest sign-in lands on this product's page, in the
    // address's language whatever the phone reads.
    const phone = await browser.newPage({ locale: 'ar' });
    await phone.goto(scannedQr.text);
    await expect(phone).toHaveURL(link);
    await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
    await phone.close();

    await page.getByRole('button', { name: ar ? 'مشاركة' : 'Share' }).click();
    await expect(page.getByRole('alert')).toContainText(ar ? 'تم نسخ الرابط' : 'Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByRole('alert').getByRole('button').click();
  }
  await context.close();
});

test('Print on the catalogue main screen and in the admin family list open the print view', async ({
  page,
  request,
}) => {
  const family = await printFamily(request);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsGuest(page);
  await setPreferences(page, { language: 'en', direction: null, colourMode: 'light' });
  await page.goto(`/catalog/main?family=${family}`);
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Juices' }).click();
  await expect(page).toHaveURL(/category=(\d+)/);
  const category = new URL(page.url()).searchParams.get('category');
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/print\\?family=${family}&category=${category}$`));
  await expect(page.locator('.dp[data-ready="true"]')).toBeAttached({ timeout: 60_000 });
  // One category: cover, contents, two pages of juices.
  await expect(page.getByRole('article')).toHaveCount(10);
  await expect(page.getByRole('list', { name: 'Contents' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/catalog\/main\?/);

  await signInAsAdmin(page);
  await page.getByRole('searchbox').fill(PRINT_FAMILY.en);
  // The search is debounced: wait for the filtered list before opening a row's menu.
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Actions for ${PRINT_FAMILY.en}` }).click();
  const print = page.getByRole('menuitem', { name: 'Print catalogue' });
  await expect(print).toHaveAttribute('href', `/catalog/print?family=${family}`);
  await expect(print).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), print.click()]);
  // The admin's session opens the visitor's print view in the new tab.
  await expect(tab.locator('.dp[data-ready="true"]')).toBeAttached({ timeout: 60_000 });
  await expect(tab.getByRole('article')).toHaveCount(PRINT_PRODUCTS.length);
  await tab.close();
});

test('screenshots: print view and product page, Arabic and English, light and dark', async ({
  page,
  request,
  lookup,
}) => {
  const family = await printFamily(request);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsGuest(page);
  const id = await lookup.product(family, PRINT_PRODUCTS[0]!.nameEn);
  for (const language of ['ar', 'en'] as const)
    for (const colourMode of ['light', 'dark'] as const) {
      await openPrintView(page, { language, colourMode }, family);
      await page.locator(`#category-${await firstCategoryId(page)}`).scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `test-results/screenshots/print-view-${language}-${colourMode}-category.png`,
      });
      await setPreferences(page, { language, colourMode, direction: null });
      await page.goto(`/catalog/main/${id}`);
      await expect(page.getByRole('img', { name: new RegExp(PRINT_PRODUCTS[0]!.barcode!) })).toBeVisible();
      await screenshot(page, `product-codes-${language}-${colourMode}`);
    }
});

async function firstCategoryId(page: Page): Promise<string> {
  const href = await page
    .getByRole('list', { name: /Contents|المحتويات/ })
    .getByRole('link')
    .first()
    .getAttribute('href');
  return (href ?? '').replace('#category-', '');
}
