import { expect, test } from './support/fixtures';
import { catalogScreenshot, openWith, productGrid, signInOnDesktop } from './support/catalog';
import { expectNoSeriousA11yViolations } from './support/shell';

// Did-you-mean and category counts on the demo catalogue, in both languages and colour modes, on this
// file's own fresh server.

const VARIANTS = [
  { language: 'ar', colourMode: 'light', dir: 'rtl' },
  { language: 'en', colourMode: 'light', dir: 'ltr' },
  { language: 'ar', colourMode: 'dark', dir: 'rtl' },
  { language: 'en', colourMode: 'dark', dir: 'ltr' },
] as const;

test('a search that finds nothing offers the family’s nearest words as links', async ({ page, lookup }) => {
  const family = await lookup.family('Al Nakheel Foods');
  await signInOnDesktop(page);
  for (const v of VARIANTS) {
    await openWith(
      page,
      { language: v.language, colourMode: v.colourMode },
      `/catalog/main?family=${family}&search=ketshap`,
    );
    const title = v.language === 'ar' ? 'لم يتم العثور على نتائج' : 'No results were found';
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ketchup' })).toBeVisible();
    await catalogScreenshot(page, `catalog-did-you-mean-${v.dir}-${v.colourMode}`);
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'ketchup' }).click();
  await expect(page).toHaveURL(/search=ketchup/);
  await expect(productGrid(page, 'Products').getByRole('heading', { name: 'Ketchup' })).toBeVisible();
});

test('the category toggles count the matches of the text and set back those with none', async ({
  page,
  lookup,
}) => {
  const family = await lookup.family('Al Nakheel Foods');
  await signInOnDesktop(page);
  for (const v of VARIANTS) {
    await openWith(
      page,
      { language: v.language, colourMode: v.colourMode },
      `/catalog/main?family=${family}&search=عصير`,
    );
    const group = page.getByRole('group', { name: v.language === 'ar' ? 'الفئات' : 'Categories' });
    const juices = group.getByRole('button', { name: v.language === 'ar' ? 'عصائر' : 'Juices' });
    const dates = group.getByRole('button', { name: v.language === 'ar' ? 'تمور' : 'Dates' });
    await expect(juices).toContainText('4');
    await expect(dates).toContainText('0');
    await expect(dates).toHaveCSS('border-top-style', 'dashed');
    await expect(juices).toHaveCSS('border-top-style', 'solid');
    await catalogScreenshot(page, `catalog-category-counts-${v.dir}-${v.colourMode}`);
  }
  await expectNoSeriousA11yViolations(page);
});

test('typing a word with the article and a typo finds its products, counted in their category', async ({
  page,
  lookup,
}) => {
  const family = await lookup.family('Al Nakheel Foods');
  await signInOnDesktop(page);
  await openWith(page, { language: 'ar', colourMode: 'light' }, `/catalog/main?family=${family}`);
  // "البرتقل": البرتقال with the article and one letter left out.
  await page.getByRole('searchbox', { name: 'ابحث في المنتجات' }).fill('البرتقل');
  await expect(page).toHaveURL(/search=/);
  const grid = productGrid(page);
  await expect(grid.getByRole('heading', { name: 'عصير برتقال', exact: true })).toBeVisible();
  await expect(grid.getByRole('heading', { name: 'عصير جزر وبرتقال' })).toBeVisible();
  const group = page.getByRole('group', { name: 'الفئات' });
  await expect(group.getByRole('button', { name: 'عصائر' })).toContainText(/[1-9]/);
  await expect(group.getByRole('button', { name: 'تمور' })).toContainText('0');
  await catalogScreenshot(page, 'catalog-article-and-typo-rtl-light');
});
