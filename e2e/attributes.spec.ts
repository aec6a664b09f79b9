import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { onScreen, screenshot, setPreferences, signInAsAdmin } from './support/shell';
import { openWith, productGrid, signInOnDesktop } from './support/catalog';

// Typed attributes in the back office: the food-labelling set added to a family in one step and
// assigned to a category, a product of it filled in Arabic only, which the product list then finds
// among the products incomplete in English; then a visitor sees the product's attributes and its
// nutrition table (docs/decisions/0056-typed-attributes.md). The second test reads what the first wrote.
test.describe.configure({ mode: 'serial' });

const FAMILY = 'Al Nakheel Foods';

/** The product form's field of one language of a per-language attribute. */
const textField = (page: Page, name: string, language: 'Arabic' | 'English') =>
  page.getByRole('textbox', { name: `${name} (${language})`, exact: true });

test('the food-labelling set, a product filled in Arabic only, and the completeness filter', async ({
  page,
  lookup,
}) => {
  test.setTimeout(240_000);
  const family = await lookup.family(FAMILY);
  const product = await lookup.product(family, 'Ajwa Dates');
  await page.setViewportSize({ width: 1280, height: 900 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);

  // The set, assigned to the product's category.
  await page.goto(`/admin/category/attributes/list?family=${family}`);
  await page.getByRole('button', { name: 'Add food-labelling set' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add the food-labelling attributes' });
  await dialog.getByRole('combobox', { name: 'Assign them to categories (optional)' }).click();
  await page.getByRole('option', { name: 'Dates', exact: true }).click();
  // Close the list without closing the dialog (Escape would close both).
  await dialog.getByText(/^Adds ingredients/).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await dialog.getByRole('button', { name: 'Add set' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Added 13; skipped 0 already there.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: /Ingredients/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Allergens/ })).toBeVisible();

  // The product: ingredients in Arabic only, an allergen and an energy value.
  await page.goto(`/admin/products/edit/${product}`);
  await expect(page.getByText('Nutrition per 100 g / 100 ml', { exact: true })).toBeVisible();
  await textField(page, 'Ingredients', 'Arabic').fill('تمر عجوة ١٠٠٪');
  await page.getByRole('combobox', { name: 'Allergens' }).click();
  await page.getByRole('option', { name: 'Sesame seeds', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('spinbutton', { name: 'Energy (kcal)' }).fill('282');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/products\/list/, 'Product List');

  // The list: incomplete in English (the English ingredients are missing), complete in Arabic.
  await page.goto(`/admin/products/list?family=${family}&incomplete=en`);
  const row = page.getByRole('row', { name: /Ajwa Dates/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('ع 100%')).toBeVisible();
  await expect(row.getByText(/EN \d+%/)).not.toHaveText('EN 100%');
  await page.goto(`/admin/products/list?family=${family}&incomplete=ar`);
  await expect(page.getByRole('row', { name: /Ajwa Dates/ })).toHaveCount(0);

  // What the admin sees, in both directions and colour modes.
  for (const look of [
    { language: 'ar', direction: 'rtl', colourMode: 'light' },
    { language: 'en', direction: 'ltr', colourMode: 'light' },
    { language: 'ar', direction: 'rtl', colourMode: 'dark' },
    { language: 'en', direction: 'ltr', colourMode: 'dark' },
  ] as const) {
    await setPreferences(page, { language: look.language, colourMode: look.colourMode, direction: null });
    await page.goto(`/admin/category/attributes/list?family=${family}`);
    await expect(page.locator('html')).toHaveAttribute('dir', look.direction);
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await screenshot(page, `attributes-list-${look.direction}-${look.colourMode}`);
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.goto(`/admin/products/edit/${product}`);
    await expect(page.locator('main form')).toBeVisible();
    await screenshot(page, `attributes-product-${look.direction}-${look.colourMode}`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test("a visitor filters the catalogue by an allergen and sees the product's nutrition table, in Arabic and English", async ({
  page,
  lookup,
}) => {
  const family = await lookup.family(FAMILY);
  const product = await lookup.product(family, 'Ajwa Dates');
  await signInOnDesktop(page);

  // The catalogue filtered by the allergen: the chip counts the one product that has it, and the
  // filter is in the address like the category.
  await openWith(page, { language: 'ar', colourMode: 'light' }, `/catalog/main?family=${family}`);
  const allergens = page.getByRole('group', { name: 'التصفية حسب مسببات الحساسية' });
  await allergens.getByRole('button', { name: 'بذور السمسم (1)' }).click();
  await expect(page).toHaveURL(/attr\.allergens=sesame/);
  await expect(productGrid(page).getByRole('listitem')).toHaveCount(1);
  // The category toggles count within the filter too.
  await expect(page.getByRole('button', { name: 'تمور', exact: true })).toHaveText(/^تمور\s*1$/);
  await expect(productGrid(page).getByRole('heading')).toHaveText('تمر عجوة المدينة');
  await screenshot(page, 'attributes-visitor-filtered-rtl-light');
  await productGrid(page).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/catalog/main/${product}`));

  for (const look of [
    { language: 'ar', direction: 'rtl', colourMode: 'light' },
    { language: 'en', direction: 'ltr', colourMode: 'light' },
    { language: 'ar', direction: 'rtl', colourMode: 'dark' },
    { language: 'en', direction: 'ltr', colourMode: 'dark' },
  ] as const) {
    const ar = look.language === 'ar';
    await openWith(
      page,
      { language: look.language, colourMode: look.colourMode },
      `/catalog/main/${product}`,
    );
    await expect(page.locator('html')).toHaveAttribute('dir', look.direction);
    const table = page.getByRole('table', {
      name: ar ? 'القيم الغذائية لكل 100 غ' : 'Nutrition facts per 100 g',
    });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: ar ? /الطاقة.*282/ : /Energy.*282/ })).toBeVisible();
    await expect(page.getByText(ar ? 'بذور السمسم' : 'Sesame seeds', { exact: true })).toBeVisible();
    // The ingredients were written in Arabic only: the English page shows them, marked as Arabic.
    const ingredients = page.getByText('تمر عجوة ١٠٠٪', { exact: true });
    await expect(ingredients).toBeVisible();
    if (!ar) await expect(ingredients).toHaveAttribute('dir', 'rtl');
    await screenshot(page, `attributes-visitor-product-${look.direction}-${look.colourMode}`);
  }
});
