import { expect, test } from './support/fixtures';
import { onScreen, setPreferences, signInAsAdmin } from './support/shell';

// An admin who opens the public catalogue in another tab stays signed in to the back office: the
// visitor login browses with the admin's token instead of signing in as the guest over it. Logout
// then ends that token on the server, not only in this browser.

test('opening the catalogue in another tab keeps the admin signed in; Logout ends the token', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  const adminToken = await page.evaluate(() => localStorage.getItem('token'));
  expect(adminToken).toBeTruthy();

  const catalogue = await context.newPage();
  await catalogue.goto('/catalog/login');
  await expect(catalogue).toHaveURL(/\/catalog\/(family|main)/);
  // The catalogue is browsed with the admin's own token; no guest sign-in replaced it.
  expect(await catalogue.evaluate(() => localStorage.getItem('token'))).toBe(adminToken);
  await catalogue.close();

  // Back in the admin tab: keep working without signing in again.
  await page.bringToFront();
  await page.getByRole('link', { name: 'Create Family' }).click();
  await onScreen(page, /\/admin\/family\/create$/, 'Create Family');
  await page.getByRole('textbox', { name: 'Name Ar' }).fill('شركة الجلسة');
  await page.getByRole('textbox', { name: 'Name En' }).fill('Session Journey Family');
  await page.getByRole('button', { name: 'Create' }).click();
  await onScreen(page, /\/admin\/family\/list$/, 'Family List');
  await expect(page.getByRole('link', { name: 'Create Family' })).toBeVisible();

  // Logout revokes the token on the server: a copy of it no longer works.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  const copied = await request.get('/api/admin/auth', { headers: { authorization: `Bearer ${adminToken}` } });
  expect(copied.status()).toBe(401);
});
