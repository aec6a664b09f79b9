import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { productGrid, VIEWPORTS } from './support/catalog';
import { expectNoSeriousA11yViolations } from './support/shell';

// The visitor pages as the server renders them: content in the first answer, readable without
// JavaScript; with JavaScript, the app takes over without asking again for what the page carried
// (docs/decisions/0054-server-rendered-visitor-pages.md).

const FAMILY = 'Al Nakheel Foods';

// A browser that prefers Arabic: the server answers an address without `lang` in the browser's
// language, and the app's catalogue starts in Arabic.
test.use({ locale: 'ar' });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: VIEWPORTS.desktop });

  test('the product page shows its name, price, image and breadcrumbs, in Arabic and English', async ({
    page,
    lookup,
  }) => {
    const family = await lookup.family(FAMILY);
    const product = await lookup.product(family, 'Medjool Dates');
    await page.goto(`/catalog/main/${product}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'تمر مجدول' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'تمر مجدول' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'مسار التصفح' });
    await expect(crumbs.getByRole('link', { name: 'العائلات' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'النخيل للأغذية' })).toBeVisible();

    // The other language is a link away.
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/catalog/main/${product}\\?lang=en$`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Medjool Dates' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: FAMILY }),
    ).toBeVisible();
  });

  test('the catalogue page shows its cards, and its categories, search and pages are links and a form', async ({
    page,
    lookup,
  }) => {
    const family = await lookup.family(FAMILY);
    await page.goto(`/catalog/main?family=${family}`);
    await expect(page.getByRole('heading', { level: 1, name: 'النخيل للأغذية' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('عدد المنتجات: 40');
    const cards = page.locator('#served-page .sp-grid > li');
    await expect(cards).toHaveCount(25);

    await page.getByRole('link', { name: 'الصفحة التالية' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(15);

    await page.getByRole('link', { name: 'تمور', exact: true }).click();
    await expect(page).toHaveURL(/category=\d+/);
    await expect(page.getByRole('status')).toHaveText('عدد المنتجات: 10');
    await expect(page.getByRole('link', { name: /تمر مجدول/ })).toBeVisible();

    await page.getByRole('searchbox', { name: 'ابحث في المنتجات' }).fill('عجوه');
    await page.getByRole('button', { name: 'بحث' }).click();
    await expect(page).toHaveURL(/search=/);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('link', { name: /تمر عجوة المدينة/ })).toBeVisible();
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`screenshots and accessibility without JavaScript in Arabic and English, ${mode}`, async ({
      page,
      lookup,
    }) => {
      await page.emulateMedia({ colorScheme: mode });
      const family = await lookup.family(FAMILY);
      const product = await lookup.product(family, 'Medjool Dates');
      for (const language of ['ar', 'en'] as const) {
        const lang = language === 'en' ? 'lang=en' : '';
        for (const [name, path] of [
          ['chooser', `/catalog/family${lang ? `?${lang}` : ''}`],
          ['catalogue', `/catalog/main?family=${family}${lang ? `&${lang}` : ''}`],
          ['product', `/catalog/main/${product}${lang ? `?${lang}` : ''}`],
        ] as const) {
          for (const viewport of ['desktop', 'phone'] as const) {
            await page.setViewportSize(VIEWPORTS[viewport]);
            // Without JavaScript Chromium loads every image at once: 'load' has them all.
            await page.goto(path, { waitUntil: 'load' });
            await expect(page.locator('#served-page h1')).toBeVisible();
            // Nothing may push the page sideways on a phone.
            const width = await page.locator('#served-page').evaluate((e) => e.scrollWidth);
            expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
            if (viewport === 'desktop') await expectNoSeriousA11yViolations(page);
            await page.screenshot({
              path: `test-results/screenshots/served-${name}-${language}-${mode}-${viewport}.png`,
              fullPage: true,
            });
          }
        }
      }
    });
  }
});

/** The API reads a page made, as `METHOD path?query`. */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET')
      reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

/** Console errors and warnings, and uncaught errors: a hydration mismatch would be one of them. */
function problems(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') found.push(message.text());
  });
  page.on('pageerror', (error) => found.push(error.message));
  return found;
}

test.describe('with JavaScript', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('a first visit to a product page: the app shows it without asking for the product or its family', async ({
    page,
    lookup,
  }) => {
    const family = await lookup.family(FAMILY);
    const product = await lookup.product(family, 'Medjool Dates');
    const reads = apiReads(page);
    const errors = problems(page);
    await page.goto(`/catalog/main/${product}`);
    // The app's own screen replaces the server's: its back button is the app's.
    await expect(page.getByRole('link', { name: 'العودة إلى الكتالوج' })).toBeVisible();
    await expect(page.locator('#served-page')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'تمر مجدول' }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/catalog/main/${product}$`));
    expect(reads.filter((r) => r.startsWith(`/api/product/${product}`))).toEqual([]);
    expect(reads.filter((r) => r.startsWith(`/api/family/${family}`))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test.describe('in a browser that prefers English', () => {
    test.use({ locale: 'en-US', extraHTTPHeaders: { 'accept-language': 'en-US,en;q=0.9' } });

    test('a first visit is answered in English, and the app goes on in English', async ({ page, lookup }) => {
      const family = await lookup.family(FAMILY);
      const product = await lookup.product(family, 'Medjool Dates');
      const errors = problems(page);
      const response = await page.goto(`/catalog/main/${product}`);
      expect(await response!.text()).toContain('<html lang="en" dir="ltr">');
      await expect(page.getByRole('link', { name: 'Back to the catalogue' })).toBeVisible();
      await expect(page.locator('#served-page')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('heading', { name: 'Medjool Dates' }).first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  });

  test('a catalogue page: the app shows the carried results, then the switcher and paging work', async ({
    page,
    lookup,
  }) => {
    const family = await lookup.family(FAMILY);
    const reads = apiReads(page);
    const errors = problems(page);
    await page.goto(`/catalog/main?family=${family}`);
    await expect(productGrid(page).getByRole('listitem')).toHaveCount(25);
    await expect(page.locator('#served-page')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'عدد المنتجات' })).toHaveText('عدد المنتجات: 40');
    // What the page carried is not asked for again: the family, the families, the category row and
    // the first page of results (the category counts are a different read the page does not carry).
    const carried = (r: string) =>
      r.startsWith(`/api/family/${family}`) ||
      r.startsWith('/api/family?') ||
      (r.startsWith('/api/category?') && r.includes('parent=none')) ||
      (r.startsWith('/api/search?') && !r.includes('facets') && r.includes('skip=0'));
    expect(reads.filter(carried)).toEqual([]);

    // Paging is the app's: page 2 is asked for and shown (the pager loads once the visitor scrolls).
    await page.mouse.wheel(0, 4000);
    await page.getByRole('button', { name: 'الانتقال إلى الصفحة 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(productGrid(page).getByRole('listitem')).toHaveCount(15);
    expect(reads.some((r) => r.startsWith('/api/search?') && r.includes('skip=25'))).toBe(true);

    // The language switcher: the same screen in English, left to right, the address naming it.
    await page.getByRole('button', { name: 'تغيير اللغة إلى الإنجليزية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(productGrid(page, 'Products').getByRole('listitem')).toHaveCount(15);
    expect(errors).toEqual([]);
  });
});
