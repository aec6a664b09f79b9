import { expect, test, type Lookup } from './support/fixtures';
import {
  catalogScreenshot,
  openWith,
  productGrid,
  signInAsGuest,
  signInOnDesktop,
  VIEWPORTS,
} from './support/catalog';
import { expectNoSeriousA11yViolations } from './support/shell';

// The visitor's journey through the catalogue on the demo data, in Arabic, on this file's own fresh
// server. Families and products are looked up by name: a seed's ids are not part of the contract.

test('guest journey: choose a family, search across spellings, filter, page, open a product, come back', async ({
  page,
  lookup,
}) => {
  const family = await lookup.family('Al Nakheel Foods');
  await signInOnDesktop(page);
  await expect(page.getByRole('heading', { name: 'اختر الشركة لمعرفة المزيد' })).toBeVisible();
  await expect(page.getByText('Dalil Holding Group')).toBeVisible();
  await expect(page.getByText('مجموعة دليل القابضة')).toBeVisible();

  await page.getByRole('link', { name: 'افتح كتالوج النخيل للأغذية' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/main\\?family=${family}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'اكتشف منتجاتنا وجميع أصنافنا' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'عدد المنتجات' })).toHaveText('عدد المنتجات: 40');
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(25);
  expect(await page.evaluate(() => localStorage.getItem('family'))).toBe(String(family));

  // 'عجوه' (ha) finds 'عجوة' (ta marbuta); 'الاغذيه'-style folding is the server's, typing is debounced.
  const search = page.getByRole('searchbox', { name: 'ابحث في المنتجات' });
  await search.fill('عجوه');
  await expect(page).toHaveURL(/search=/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(1);
  await expect(productGrid(page).getByRole('heading', { name: 'تمر عجوة المدينة' })).toBeVisible();
  // 'اللوز' with a hamza on the alif ('الأوز' is not a spelling anyone means): 'محشو باللوز' by 'باللوز'.
  await search.fill('محشو بالوز');
  await expect(productGrid(page).getByRole('heading', { name: 'تمر محشو باللوز' })).toBeVisible();
  await page.getByRole('button', { name: 'مسح البحث' }).click();
  await expect(page).toHaveURL(new RegExp(`/catalog/main\\?family=${family}$`));
  await expect(page.getByRole('status').filter({ hasText: 'عدد المنتجات' })).toHaveText('عدد المنتجات: 40');

  // A category toggles on (10 dates), and off again (all 40).
  const categories = page.getByRole('group', { name: 'الفئات' });
  await categories.getByRole('button', { name: 'تمور' }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(10);
  await expect(productGrid(page).getByRole('heading', { name: 'تمر مجدول' })).toBeVisible();
  await expect(categories.getByRole('button', { name: 'تمور' })).toHaveAttribute('aria-pressed', 'true');
  await categories.getByRole('button', { name: 'تمور' }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(25);

  // Page 2 of 2 holds the last 15 of 40.
  await page.getByRole('button', { name: 'الانتقال إلى الصفحة 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(15);
  const firstOnPage2 = (await productGrid(page).getByRole('heading').first().textContent()) ?? '';
  expect(firstOnPage2).not.toBe('');

  await productGrid(page).getByRole('link').nth(3).click();
  await expect(page).toHaveURL(/\/catalog\/main\/\d+$/);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
  for (const badge of [
    'عدد الوحدات في الكرتونة',
    'الوزن الصافي',
    'الباركود',
    'عدد الكراتين في المنصّة',
    'مدة الصلاحية',
  ])
    await expect(
      page.getByRole('list', { name: 'تفاصيل المنتج' }).getByText(badge, { exact: true }),
    ).toBeVisible();
  await expect(article.getByRole('img', { name: 'شعار النخيل للأغذية' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(15);
  await expect(productGrid(page).getByRole('heading').first()).toHaveText(firstOnPage2);

  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(15);
  await expect(productGrid(page).getByRole('heading').first()).toHaveText(firstOnPage2);
  await expect(page.getByRole('button', { name: 'الصفحة 2' })).toHaveAttribute('aria-current', 'page');

  // The product page's own back button returns to the same page of results too.
  await productGrid(page).getByRole('link').first().click();
  await page.getByRole('link', { name: 'العودة إلى الكتالوج' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(productGrid(page).getByRole('heading').first()).toHaveText(firstOnPage2);
});

test('without a chosen family the catalogue sends the visitor to the chooser; a shared link still works', async ({
  page,
  lookup,
}) => {
  const dairy = await lookup.family('Sahara Dairy');
  await signInAsGuest(page);
  await page.goto('/catalog/main');
  await expect(page).toHaveURL(/\/catalog\/family$/);

  await page.goto(`/catalog/main?family=${dairy}&page=2`);
  await expect(page.getByText('ألبان الصحراء').first()).toBeVisible();
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(15);
  expect(await page.evaluate(() => localStorage.getItem('family'))).toBe(String(dairy));

  // The stored family and the last results come back when the link names no filter.
  await page.goto('/catalog/main');
  await expect(page).toHaveURL(new RegExp(`family=${dairy}&page=2`));

  await page.getByRole('searchbox').fill('لا يوجد منتج بهذا الاسم');
  await expect(page.getByRole('heading', { name: 'لم يتم العثور على نتائج' })).toBeVisible();
  await page.getByRole('button', { name: 'عرض كل المنتجات' }).click();
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(25);
});

test('the chooser holds still while the families load: the cards take the places of their outlines', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The families' answer is held until the outlines are measured, so they are on the screen
  // however slow the machine is, and the cards arrive only after.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/family?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/catalog/login');
  const cards = page.getByRole('list', { name: 'الشركات' }).getByRole('listitem');
  await expect(cards.first().locator('[aria-hidden="true"]').first()).toBeVisible();
  const outline = await cards.first().boundingBox();
  expect(outline).not.toBeNull();
  answer();
  await expect(page.getByRole('link', { name: 'افتح كتالوج النخيل للأغذية' })).toBeVisible();
  expect((await cards.first().boundingBox())?.height).toBeCloseTo(outline!.height, 0);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
});

test('the three catalogue screens have no serious accessibility violation, in Arabic and English', async ({
  page,
  lookup,
}) => {
  const [chooser, main, product] = await catalogScreens(lookup);
  await signInAsGuest(page);
  for (const language of ['ar', 'en'] as const) {
    for (const [mode, { path }] of [
      ['light', chooser],
      ['dark', main],
      ['light', product],
      ['dark', product],
    ] as const) {
      await openWith(page, { language, colourMode: mode }, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
  }
});

/** The family chooser, a family's catalogue and a product page, on demo records looked up by name. */
async function catalogScreens(lookup: Lookup) {
  const family = await lookup.family('Al Nakheel Foods');
  const product = await lookup.product(family, 'Ajwa Dates');
  return [
    { name: 'chooser', path: '/catalog/family' },
    { name: 'main', path: `/catalog/main?family=${family}` },
    { name: 'product', path: `/catalog/main/${product}` },
  ] as const;
}

for (const [viewport, size] of Object.entries(VIEWPORTS)) {
  test(`screenshots of the three screens on a ${viewport} (Arabic RTL and English LTR, light and dark)`, async ({
    page,
    lookup,
  }) => {
    // Twelve page loads, each waiting for every image: on a busy machine that outgrows one minute.
    test.setTimeout(180_000);
    const screens = await catalogScreens(lookup);
    await page.setViewportSize(size);
    await signInAsGuest(page);
    for (const language of ['ar', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        for (const screen of screens) {
          await openWith(page, { language, colourMode: mode }, screen.path);
          await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // The catalogue draws its grid in a pass after the hero: the screen is whole once the
          // products are listed.
          if (screen.name === 'main') {
            await expect(productGrid(page, language === 'ar' ? 'المنتجات' : 'Products')).toBeVisible();
          }
          await catalogScreenshot(page, `catalog-${screen.name}-${language}-${mode}-${viewport}`);
        }
      }
    }
  });
}
