import { expect, test } from './support/fixtures';
import { choose } from './support/admin';
import { onScreen, screenshot, setPreferences, signInAsAdmin, storedToken } from './support/shell';
import { csvFile } from './support/upload';

// Company-scoped staff and the history: the admin makes an editor for one family; the editor signs in,
// sees only that family and renames a product; the admin finds the change under the editor's name in
// Activity and reverts it; an import is undone from the Imports page.

const LOOKS = [
  { language: 'ar', colourMode: 'light' },
  { language: 'en', colourMode: 'light' },
  { language: 'ar', colourMode: 'dark' },
  { language: 'en', colourMode: 'dark' },
] as const;

test('an editor changes only their family, and the admin reverts it and undoes an import', async ({
  page,
  browser,
  baseURL,
  lookup,
  request,
}) => {
  test.setTimeout(240_000);
  const family = await lookup.family('Al Nakheel Foods');
  const product = await lookup.product(family, 'Medjool Dates');

  await page.setViewportSize({ width: 1280, height: 900 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  await page.goto('/admin/users/create');
  await onScreen(page, /\/admin\/users\/create/, 'Create User');
  await page.getByLabel(/^First Name/).fill('Noor');
  await page.getByLabel(/^Last Name/).fill('Editor');
  await page.getByLabel(/^Username/).fill('noor');
  await page.getByLabel(/^Password/).fill('noor-password');
  await choose(page, /^Role/, 'Editor (chosen families)');
  await page.getByRole('combobox', { name: /^Families/ }).click();
  await page.getByRole('option', { name: 'Al Nakheel Foods' }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'staff-user-form-editor-ltr-light');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users\/list/);

  // The editor, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const editor = await context.newPage();
  await editor.setViewportSize({ width: 1280, height: 900 });
  await setPreferences(editor, { language: 'en', colourMode: 'light', direction: null });
  await editor.goto('/admin/login');
  await editor.getByLabel('Username').fill('noor');
  await editor.getByLabel(/^Password/).fill('noor-password');
  await editor.getByRole('button', { name: 'Login' }).click();
  await onScreen(editor, /\/admin\/family\/list$/, 'Family List');
  await expect(editor.getByRole('row')).toHaveCount(2); // the header and the one family
  await expect(editor.getByRole('cell', { name: 'Al Nakheel Foods', exact: true })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Users' })).toHaveCount(0);
  await editor.goto(`/admin/products/edit/${product}`);
  await onScreen(editor, new RegExp(`/admin/products/edit/${product}`), 'Edit Product');
  await expect(editor.getByLabel(/^Name En/)).toHaveValue('Medjool Dates');
  await editor.getByLabel(/^Name En/).fill('Medjool Dates Premium');
  await editor.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveURL(/\/admin\/products\/list/);
  await context.close();

  // The admin finds the rename under the editor's name, and reverts it.
  await page.goto('/admin/activity');
  await onScreen(page, /\/admin\/activity$/, 'Activity');
  const row = page
    .getByRole('listitem')
    .filter({ hasText: 'noor' })
    .filter({ hasText: 'Medjool Dates Premium' });
  await expect(row).toBeVisible();
  for (const look of LOOKS) {
    await setPreferences(page, { ...look, direction: null });
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: 'noor' }).first()).toBeVisible();
    await screenshot(page, `staff-activity-${look.language}-${look.colourMode}`);
  }
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.reload();
  // The person filter finds the editor by name.
  await page.getByRole('combobox', { name: 'Person' }).fill('noo');
  await page.getByRole('option', { name: 'noor' }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(row).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'admin' }).filter({ hasText: 'Created' }),
  ).toHaveCount(0);
  await row.getByRole('button', { name: 'Revert' }).click();
  // Revert asks first, naming the record.
  const revert = page.getByRole('dialog', { name: 'Revert this change?' });
  await expect(revert).toContainText('Medjool Dates Premium');
  await revert.getByRole('button', { name: 'Revert' }).click();
  await expect(page.getByText('The change was reverted')).toBeVisible();
  await page.goto(`/admin/products/edit/${product}`);
  await expect(page.getByLabel(/^Name En/)).toHaveValue('Medjool Dates');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/tab=history/);
  const history = page.getByRole('tabpanel', { name: 'History' });
  await expect(history.getByText('Reverted').first()).toBeVisible();
  for (const look of LOOKS) {
    await setPreferences(page, { ...look, direction: null });
    await page.reload();
    const name = look.language === 'ar' ? 'السجل' : 'History';
    await expect(page.getByRole('tabpanel', { name }).getByText('noor').first()).toBeVisible();
    await screenshot(page, `staff-product-history-${look.language}-${look.colourMode}`);
  }
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });

  // An import, then its undo.
  const token = await storedToken(page);
  const file = csvFile(
    ['familyNameEn', 'familyNameAr', 'categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr'],
    [['Undo Test Co', 'شركة تجربة', 'Tins', 'علب', 'Tin of beans', 'علبة فول']],
  );
  const imported = await request.post('/api/upload/all', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'beans.csv', mimeType: 'text/csv', buffer: file } },
  });
  expect(imported.status()).toBe(200);
  await page.goto('/admin/activity/imports');
  await onScreen(page, /\/admin\/activity\/imports$/, 'Imports');
  const run = page.getByRole('listitem').filter({ hasText: 'beans.csv' });
  for (const look of LOOKS) {
    await setPreferences(page, { ...look, direction: null });
    await page.reload();
    await expect(run).toBeVisible();
    await screenshot(page, `staff-imports-${look.language}-${look.colourMode}`);
  }
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.reload();
  await run.getByRole('button', { name: 'Undo import' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(undo).toContainText('beans.csv');
  await undo.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('The import was undone')).toBeVisible();
  await expect(run.getByText('Undone')).toBeVisible();
  const families = await request.get('/api/family?search=Undo%20Test', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await families.json()) as { count: number }).count).toBe(0);
});
