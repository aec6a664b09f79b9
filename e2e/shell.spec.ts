import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  setPreferences,
  signInAsAdmin,
  storedToken,
  withGuestAccessOff,
  ADMIN,
} from './support/shell';

// The web shell: landing, sign-in and sign-out, the admin guard, direction and colour mode, with
// screenshots and accessibility scans; on the production build and this file's own fresh server.

test('the root lands on the visitor login, which signs in as guest and reaches the family chooser', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/catalog\/family$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'اختر الشركة لمعرفة المزيد' })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
});

test('an unknown path answers 404 and shows the not-found page, with a way to the catalogue', async ({
  page,
}) => {
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await page.getByRole('link', { name: 'الذهاب إلى الكتالوج' }).click();
  await expect(page.getByRole('heading', { name: 'اختر الشركة لمعرفة المزيد' })).toBeVisible();
});

test('admin login: wrong password message, then the right password reaches the family list', async ({
  page,
}) => {
  // On a first visit the admin area follows the browser's preferred language (English here).
  await page.goto('/admin/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Incorrect username or password')).toBeVisible();
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await expect(page.getByText('Incorrect username or password')).toBeHidden();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/family\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family List' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Families' }).last()).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

test('a catalogue token cannot open the admin area', async ({ page }) => {
  await page.goto('/catalog/login');
  await expect(page).toHaveURL(/\/catalog\/family$/);
  expect(await storedToken(page)).toBeTruthy();
  await page.goto('/admin/family/list');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('logout clears the session and returns to the admin login', async ({ page }) => {
  await setPreferences(page, { language: 'en' });
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await storedToken(page)).toBeNull();
  await page.goto('/admin/products/list');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the direction toggle mirrors the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await setPreferences(page, { language: 'en' });
  await signInAsAdmin(page);
  const drawer = page.getByTestId('admin-drawer').locator('.MuiDrawer-paper');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect((await drawer.boundingBox())?.x).toBe(0);
  await page.getByRole('button', { name: 'Switch to right-to-left layout' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(1280 - 240);
  const main = await page.locator('main').boundingBox();
  expect((main?.x ?? 0) + (main?.width ?? 0)).toBeLessThanOrEqual(1280 - 240 + 1);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('dark mode survives a reload', async ({ page }) => {
  await setPreferences(page, { language: 'en' });
  await signInAsAdmin(page);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).toBe('rgb(22, 28, 36)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Family List' })).toBeVisible();
  expect(await background()).toBe('rgb(22, 28, 36)');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});

for (const language of ['ar', 'en'] as const) {
  for (const colourMode of ['light', 'dark'] as const) {
    const direction = language === 'ar' ? 'rtl' : 'ltr';
    const suffix = `${direction}-${colourMode}`;

    test(`screenshots and accessibility, ${suffix}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await setPreferences(page, { language, colourMode, direction: null });

      await page.goto('/admin/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screenshot(page, `admin-login-${suffix}`);
      await expectNoSeriousA11yViolations(page);

      await page.goto('/catalog/login');
      await expect(page).toHaveURL(/\/catalog\/family$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screenshot(page, `visitor-family-${suffix}`);

      // A private catalogue, and a visitor with no session yet (a valid stored token would be used).
      await withGuestAccessOff(page);
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto('/catalog/login');
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await screenshot(page, `visitor-login-${suffix}`);
      await expectNoSeriousA11yViolations(page);
      await page.unrouteAll();

      await page.evaluate((token) => localStorage.setItem('token', token), await adminToken(page));
      await page.goto('/admin/category/list');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screenshot(page, `admin-shell-${suffix}`);
      await expectNoSeriousA11yViolations(page);

      await page.setViewportSize({ width: 390, height: 800 });
      await screenshot(page, `admin-shell-phone-${suffix}`);
      await page.getByRole('button', { name: language === 'ar' ? 'فتح القائمة' : 'Open menu' }).click();
      await screenshot(page, `admin-shell-phone-menu-${suffix}`);
    });
  }
}

async function adminToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/admin/login', { data: ADMIN });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}
