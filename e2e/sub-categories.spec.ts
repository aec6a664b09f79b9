import { choose } from './support/admin';
import { signInAsGuest } from './support/catalog';
import { expect, test } from './support/fixtures';
import { onScreen, screenshot, setPreferences, signInAsAdmin } from './support/shell';

const FAMILY = { en: 'Sidra Foods', ar: 'سدرة للأغذية' };

test('sub-categories: made in the admin, found through the second row of toggles', async ({
  page,
  browser,
  lookup,
}) => {
  // A long journey: two tabs, five records made and four screenshots.
  test.setTimeout(150_000);
  await signInAsAdmin(page);
  await page.goto('/admin/family/create');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill(FAMILY.ar);
  await page.getByRole('textbox', { name: 'Name En' }).fill(FAMILY.en);
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/family\/list$/, 'Family List');

  const category = async (en: string, ar: string, parent?: string) => {
    await page.goto('/admin/category/create');
    await page.getByRole('textbox', { name: 'Name Ar' }).fill(ar);
    await page.getByRole('textbox', { name: 'Name En' }).fill(en);
    await choose(page, /^Family/, FAMILY.en);
    if (parent) await choose(page, /^Parent category/, parent);
    await page.getByRole('button', { name: 'Create' }).click();
    await onScreen(page, /\/admin\/category\/list$/, 'Category List');
  };
  await category('Honey', 'عسل');
  await category('Sidr Honey', 'عسل السدر', 'Honey');
  await category('Acacia Honey', 'عسل السمر', 'Honey');

  await page.goto('/admin/products/create');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill('عسل سدر جبلي');
  await page.getByRole('textbox', { name: 'Name En' }).fill('Mountain Sidr Honey');
  await choose(page, /^Family/, FAMILY.en);
  await choose(page, /^Category/, 'Honey');
  await choose(page, /^Sub-category/, 'Sidr Honey');
  await screenshot(page, 'sub-categories-product-form-en-light');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/products\/list/, 'Product List');

  // A visitor finds it through the first row (Honey), then the second (Sidr Honey).
  // A visitor whose browser reads Arabic (a page without `lang` is answered in the browser's language).
  const visitor = await browser.newPage({ locale: 'ar' });
  await signInAsGuest(visitor);
  await visitor.getByRole('link', { name: new RegExp(FAMILY.ar) }).click();
  await visitor
    .getByRole('group', { name: 'الفئات', exact: true })
    .getByRole('button', { name: 'عسل' })
    .click();
  const second = visitor.getByRole('group', { name: 'الفئات الفرعية' });
  await expect(second.getByRole('button', { name: /عسل السمر/ })).toBeVisible();
  await second.getByRole('button', { name: /عسل السدر/ }).click();
  await expect(visitor.getByRole('link', { name: /عسل سدر جبلي/ })).toBeVisible();
  await screenshot(visitor, 'sub-categories-catalog-ar-light');
  for (const [language, colourMode] of [
    ['en', 'dark'],
    ['ar', 'dark'],
    ['en', 'light'],
  ] as const) {
    await setPreferences(visitor, { language, colourMode, direction: null });
    await visitor.reload();
    await expect(visitor.getByRole('link', { name: /Mountain Sidr Honey|عسل سدر جبلي/ })).toBeVisible();
    await screenshot(visitor, `sub-categories-catalog-${language}-${colourMode}`);
  }

  // A family renamed in the admin shows its new name in the visitor's tab on reload. A page in the
  // background gets no animation frames, so each tab comes to the front before it is used.
  await page.bringToFront();
  await page.goto(`/admin/family/edit/${await lookup.family(FAMILY.en)}`);
  await page.getByRole('textbox', { name: 'Name En' }).fill('Sidra Fine Foods');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/family\/list/, 'Family List');
  await visitor.bringToFront();
  await visitor.reload();
  await expect(visitor.getByText('Sidra Fine Foods')).toBeVisible();
  // Closed, so the journeys after this one do not run behind a tab left in front (a page in the
  // background gets no animation frames) that keeps asking a stopped server.
  await visitor.close();
});
