import type { Page } from '@playwright/test';
import { choose } from './support/admin';
import { expect, test } from './support/fixtures';
import { onScreen, screenshot, setPreferences, signInAsAdmin, storedToken } from './support/shell';

// Barcodes checked as GTINs (docs/decisions/0053-gtin-barcodes.md): a new family requires valid ones,
// the product form names the check digit a wrong barcode should end with, and the country whose GS1
// organisation issued a valid GTIN-13 with an Arab prefix.

const FAMILY = { en: 'Gtin Journey Foods', ar: 'أغذية رحلة الباركود' };
const CATEGORY = { en: 'Gtin Journey Dates', ar: 'تمور رحلة الباركود' };
const WRONG = '6281000000017'; // a GTIN-13 that should end with 4
const SAUDI = '6281000000014';

const TEXTS = {
  en: {
    family: /^Family/,
    barcode: 'Barcode',
    wrong: 'The check digit should be 4 (GTIN-13)',
    issuer: 'GS1 prefix 628: issued by GS1 Saudi Arabia',
  },
  ar: {
    family: /^الشركة/,
    barcode: 'الباركود',
    wrong: 'يجب أن يكون رقم التحقق 4 (GTIN-13)',
    issuer: 'بادئة GS1 628: صادر عن GS1 المملكة العربية السعودية',
  },
} as const;

/** The product form of the journey's family: a wrong barcode is an error, a Saudi one names its issuer. */
async function productForm(page: Page, language: 'ar' | 'en', mode: 'light' | 'dark') {
  const text = TEXTS[language];
  await setPreferences(page, { language, colourMode: mode, direction: null });
  await page.goto('/admin/products/create');
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await choose(page, text.family, FAMILY[language]);
  const barcode = page.getByRole('textbox', { name: text.barcode, exact: true });
  await barcode.fill(WRONG);
  await expect(barcode).toHaveAccessibleDescription(text.wrong);
  await expect(barcode).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, `gtin-product-wrong-check-digit-${language === 'ar' ? 'rtl' : 'ltr'}-${mode}`);
  await barcode.fill(SAUDI);
  await expect(barcode).toHaveAccessibleDescription(text.issuer);
  await expect(barcode).toHaveAttribute('aria-invalid', 'false');
  await screenshot(page, `gtin-product-issuer-${language === 'ar' ? 'rtl' : 'ltr'}-${mode}`);
}

test('a new family requires valid GTINs; the product form names the right check digit and the issuer', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);

  // The family form: the switch is on for a new family, and says what it does.
  await page.getByRole('link', { name: 'Create Family' }).click();
  await onScreen(page, /\/admin\/family\/create$/, 'Create Family');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill(FAMILY.ar);
  await page.getByRole('textbox', { name: 'Name En' }).fill(FAMILY.en);
  const rule = page.getByRole('switch', { name: 'Barcodes must be valid GTINs' });
  await expect(rule).toBeChecked();
  await expect(rule).toHaveAccessibleDescription(/GTIN-8, 12, 13 or 14 with the right check digit/);
  await screenshot(page, 'gtin-family-create-ltr-light');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/family\/list$/, 'Family List');

  const token = await storedToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const families = (await (
    await page.request.get('/api/family', { params: { search: FAMILY.en }, headers })
  ).json()) as { data: { id: number; requireValidGtin: boolean }[] };
  const family = families.data[0]!;
  expect(family.requireValidGtin).toBe(true);
  const category = await page.request.post('/api/category', {
    headers,
    data: { nameEn: CATEGORY.en, nameAr: CATEGORY.ar, family: family.id },
  });
  expect(category.status()).toBe(201);
  const categoryId = ((await category.json()) as { id: number }).id;

  // The family form in Arabic and dark: the switch and its explanation, right to left.
  await setPreferences(page, { language: 'ar', colourMode: 'dark', direction: null });
  await page.goto(`/admin/family/edit/${family.id}`);
  await expect(page.getByRole('switch', { name: 'يجب أن تكون الباركودات أرقام GTIN صحيحة' })).toBeChecked();
  await screenshot(page, 'gtin-family-edit-rtl-dark');

  for (const [language, mode] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ] as const) {
    await productForm(page, language, mode);
  }

  // The save of a wrong barcode is refused with the field named; the server says the same digit.
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.goto('/admin/products/create');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill('تمر سكري');
  await page.getByRole('textbox', { name: 'Name En' }).fill('Sukkari dates');
  await choose(page, /^Family/, FAMILY.en);
  await choose(page, /^Category/, CATEGORY.en);
  await page.getByRole('textbox', { name: 'Barcode', exact: true }).fill(WRONG);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Saving failed')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/create$/);
  const none = (await (
    await page.request.get('/api/product', { params: { category: categoryId }, headers })
  ).json()) as { count: number };
  expect(none.count).toBe(0);

  // Turned off, the family takes it: the form warns and saves.
  await page.goto(`/admin/family/edit/${family.id}`);
  await page.getByRole('switch', { name: 'Barcodes must be valid GTINs' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/family\/list/, 'Family List');
  await page.goto('/admin/products/create');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill('تمر سكري');
  await page.getByRole('textbox', { name: 'Name En' }).fill('Sukkari dates');
  await choose(page, /^Family/, FAMILY.en);
  await choose(page, /^Category/, CATEGORY.en);
  const barcode = page.getByRole('textbox', { name: 'Barcode', exact: true });
  await barcode.fill(WRONG);
  await expect(barcode).toHaveAccessibleDescription(
    'The check digit should be 4 (GTIN-13). Saved anyway: this family does not require valid GTINs.',
  );
  await screenshot(page, 'gtin-product-warning-ltr-light');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/products\/list$/, 'Product List');

  // The setting's change is in the family's History, reads On and Off, and is reverted from there.
  await page.goto(`/admin/family/edit/${family.id}?tab=history`);
  const change = page
    .getByRole('list', { name: 'History' })
    .getByRole('listitem')
    .filter({ hasText: 'Barcodes must be valid GTINs' })
    .first();
  await expect(change).toContainText(/On.*Off/);
  await screenshot(page, 'gtin-family-history-ltr-light');
  await change.getByRole('button', { name: 'Revert' }).click();
  const revert = page.getByRole('dialog').filter({ hasText: 'Revert this change?' });
  await expect(revert).toContainText('Barcodes must be valid GTINs');
  await revert.getByRole('button', { name: 'Revert' }).click();
  await expect(revert).toBeHidden();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/family/${family.id}`, { headers });
      return ((await res.json()) as { requireValidGtin: boolean }).requireValidGtin;
    })
    .toBe(true);
});
