import type { Page } from '@playwright/test';
import { choose, chooseImage, makePng, rowAction, runningNumbers, search } from './support/admin';
import { expect, test, type Lookup } from './support/fixtures';
import { onScreen, screenshot, setPreferences, signInAsAdmin } from './support/shell';

// The back office end to end: create, edit, search, page and delete each kind of record through the
// real forms, on the production build and this file's own freshly seeded server.

const FAMILY = { ar: 'شركة الاختبار', en: 'Test Journey Family' };
const CATEGORY = { ar: 'فئة الاختبار', en: 'Test Journey Category' };
const PRODUCT = { ar: 'منتج الاختبار', en: 'Test Journey Product' };

test('create, edit, search, page and delete through the back office', async ({ page }) => {
  test.setTimeout(180_000);
  // Tall enough for the product form, so full-page screenshots need no scrolling under fixed bars.
  await page.setViewportSize({ width: 1280, height: 1560 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);

  // A family with a logo.
  await page.getByRole('link', { name: 'Create Family' }).click();
  await onScreen(page, /\/admin\/family\/create$/, 'Create Family');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill(FAMILY.ar);
  await page.getByRole('textbox', { name: 'Name En' }).fill(FAMILY.en);
  await chooseImage(page, 'Logo', 'logo.png', makePng(96, [42, 111, 153]));
  await screenshot(page, 'admin-family-create-filled-ltr-light');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/family\/list$/, 'Family List');

  // Search the family list, then edit the family; its stored logo is shown in the form.
  await search(page, 'Test Journey');
  await expect(page.getByRole('cell', { name: FAMILY.en, exact: true })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await rowAction(page, FAMILY.en, 'Edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Family' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name En' })).toHaveValue(FAMILY.en);
  const logo = page.getByRole('group', { name: 'Logo' }).getByRole('img', { name: 'Current image' });
  await expect(logo).toHaveAttribute('src', /^\/media\/w320\/[A-Za-z0-9_-]+\.webp$/);
  await page.getByRole('textbox', { name: 'Name En' }).fill(`${FAMILY.en} Edited`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/family\/list/, 'Family List');
  await expect(page.getByRole('cell', { name: `${FAMILY.en} Edited`, exact: true })).toBeVisible();

  // A category in that family; then edit it.
  await page.goto('/admin/category/create');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill(CATEGORY.ar);
  await page.getByRole('textbox', { name: 'Name En' }).fill(CATEGORY.en);
  await choose(page, /^Family/, `${FAMILY.en} Edited`);
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/category\/list$/, 'Category List');
  await choose(page, /^Family/, `${FAMILY.en} Edited`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await rowAction(page, CATEGORY.en, 'Edit');
  await expect(page.getByRole('combobox', { name: /^Family/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name Ar' }).fill(`${CATEGORY.ar} المعدلة`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('cell', { name: `${CATEGORY.ar} المعدلة`, exact: true })).toBeVisible();

  // A product with an image, in that family and category; a letter in the barcode is refused first.
  await page.goto('/admin/products/create');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill(PRODUCT.ar);
  await page.getByRole('textbox', { name: 'Name En' }).fill(PRODUCT.en);
  await page.getByRole('textbox', { name: 'Barcode' }).fill('62810A');
  await choose(page, /^Family/, `${FAMILY.en} Edited`);
  await choose(page, /^Category/, CATEGORY.en);
  await chooseImage(page, 'image', 'product.png', makePng(128, [190, 90, 40]));
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Use digits only')).toBeVisible();
  await screenshot(page, 'admin-product-create-invalid-ltr-light');
  await page.getByRole('textbox', { name: 'Barcode' }).fill('6281000000014');
  await page.getByRole('textbox', { name: 'Units Per Carton' }).fill('24');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/products\/list$/, 'Product List');
  await search(page, PRODUCT.en);
  await rowAction(page, PRODUCT.en, 'Edit');
  await expect(page.getByRole('textbox', { name: 'Barcode' })).toHaveValue('6281000000014');
  await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue(CATEGORY.en);
  await expect(page.getByRole('group', { name: 'image' }).getByRole('img')).toBeVisible();
  await page.getByRole('textbox', { name: 'Cost' }).fill('12.5');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/products\/list\?q=/, 'Product List');
  await expect(page.getByRole('cell', { name: PRODUCT.en, exact: true })).toBeVisible();

  // Paging: skip = size x index, running numbers follow; a new size starts at page one; Back returns.
  await page.goto('/admin/products/list');
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect
    .poll(() => runningNumbers(table))
    .toEqual(['11', '12', '13', '14', '15', '16', '17', '18', '19', '20']);
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(page).toHaveURL(/\?size=25$/);
  await expect(table.locator('tbody tr')).toHaveCount(25);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect.poll(async () => (await runningNumbers(table))[0]).toBe('26');
  await page.goBack();
  await expect.poll(async () => (await runningNumbers(table))[0]).toBe('1');
  await page.goForward();
  await expect.poll(async () => (await runningNumbers(table))[0]).toBe('26');

  // Delete the family: the modal counts what goes with it to the recycle bin, and it all goes.
  await page.goto('/admin/family/list');
  await rowAction(page, `${FAMILY.en} Edited`, 'Delete');
  const modal = page.getByRole('dialog', { name: 'Delete' });
  await expect(modal).toContainText(
    'This family goes to the recycle bin with its 1 category and 1 product, and can be restored from there whole.',
  );
  await screenshot(page, 'admin-family-delete-ltr-light');
  await modal.getByRole('button', { name: 'Delete' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('cell', { name: `${FAMILY.en} Edited`, exact: true })).toHaveCount(0);
  await page.goto('/admin/category/list');
  await search(page, CATEGORY.en);
  await expect(page.getByText('No results were found')).toBeVisible();
  await page.goto('/admin/products/list');
  await search(page, PRODUCT.en);
  await expect(page.getByText('No results were found')).toBeVisible();
});

test('users: create, reset the password, and delete with the titled dialog', async ({ page }) => {
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  await page.goto('/admin/users/create');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Rana');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Khalil');
  await page.getByRole('textbox', { name: 'Username' }).fill('rana.k');
  await page.getByLabel(/^Password/).fill('a-long-password');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/users\/list$/, 'User List');
  await rowAction(page, 'rana.k', 'Edit');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('rana.k');
  await page.getByLabel(/^New password/).fill('another-long-password');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/users\/list$/, 'User List');
  await rowAction(page, 'rana.k', 'Delete');
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  await expect(dialog).toContainText('Are you sure you want to delete this user?');
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'rana.k' })).toHaveCount(0);
});

/** Each admin screen, the edit forms opened on demo records looked up by name. */
async function adminScreens(lookup: Lookup): Promise<[name: string, path: string][]> {
  const family = await lookup.family('Al Nakheel Foods');
  const category = await lookup.category(family, 'Dates');
  const product = await lookup.product(family, 'Ajwa Dates');
  const user = await lookup.user('admin');
  return [
    ['family-list', '/admin/family/list'],
    ['family-create', '/admin/family/create'],
    ['family-edit', `/admin/family/edit/${family}`],
    ['category-list', '/admin/category/list'],
    ['category-create', '/admin/category/create'],
    ['category-edit', `/admin/category/edit/${category}`],
    ['product-list', '/admin/products/list'],
    ['product-create', '/admin/products/create'],
    ['product-edit', `/admin/products/edit/${product}`],
    ['user-list', '/admin/users/list'],
    ['user-create', '/admin/users/create'],
    ['user-edit', `/admin/users/edit/${user}`],
  ];
}

const LOOKS = [
  { language: 'ar', direction: 'rtl', colourMode: 'light' },
  { language: 'en', direction: 'ltr', colourMode: 'light' },
] as const;

const DARK = new Set(['family-list', 'product-edit']);

test('every admin list and form, in Arabic RTL and English LTR (screenshots)', async ({ page, lookup }) => {
  test.setTimeout(240_000);
  const screens = await adminScreens(lookup);
  await page.setViewportSize({ width: 1280, height: 900 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  const looks = [
    ...LOOKS,
    { language: 'ar', direction: 'rtl', colourMode: 'dark' },
    { language: 'en', direction: 'ltr', colourMode: 'dark' },
  ] as const;
  for (const look of looks) {
    await setPreferences(page, { language: look.language, colourMode: look.colourMode, direction: null });
    for (const [name, path] of screens) {
      if (look.colourMode === 'dark' && !DARK.has(name)) continue;
      // Forms: tall enough for the longest, so the fixed drawer spans the full-page screenshot.
      await page.setViewportSize({ width: 1280, height: name.endsWith('list') ? 900 : 1560 });
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', look.direction);
      await settle(page);
      await screenshot(page, `admin-${name}-${look.direction}-${look.colourMode}`);
    }
  }
});

/** Waits for rows or fields (no skeletons) and for every image to finish loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main form, main table tbody tr td').first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}
