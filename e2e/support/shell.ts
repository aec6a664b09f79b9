import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './server';

export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD };

export interface Preferences {
  language?: 'ar' | 'en';
  colourMode?: 'light' | 'dark';
  direction?: 'ltr' | 'rtl' | null;
}

/** Sets stored preferences the way the app persists them, then reloads so they apply. */
export async function setPreferences(page: Page, preferences: Preferences): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/api/health');
  await page.evaluate((prefs) => {
    // One language for both areas: the catalogue's and the admin area's own.
    if (prefs.language) localStorage.setItem('language', prefs.language);
    if (prefs.language) localStorage.setItem('adminLanguage', prefs.language);
    if (prefs.colourMode) localStorage.setItem('colourMode', prefs.colourMode);
    if (prefs.direction === null) localStorage.removeItem('direction');
    else if (prefs.direction) localStorage.setItem('direction', prefs.direction);
  }, preferences);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** Signs in through the real admin login form (English UI). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await onScreen(page, /\/admin\/family\/list$/, 'Family List');
}

/**
 * Waits until a navigation has both reached `url` and drawn the screen titled `title`. The address
 * changes first; on a busy machine the previous screen can stay drawn a moment longer (the router
 * renders the new one in a transition), and a control with the same name on it would take the click.
 */
export async function onScreen(page: Page, url: RegExp, title: string): Promise<void> {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

/**
 * Opens an admin page through the menu: the group's button, then the page's link, until the address
 * is `url`. The group opens with an animation, and a click that lands while it runs can miss the link
 * (it hit the item above, or nothing): such a click is tried again.
 */
export async function openFromMenu(page: Page, group: string, link: string, url: RegExp): Promise<void> {
  const item = page.getByRole('link', { name: link, exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: group, exact: true }).click();
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Saves test-results/screenshots/<name>.png once the web fonts are in. Transitions still running (a
 * dialog fading in, a menu growing) are taken at their end state (`animations: 'disabled'` finishes
 * them), so no fixed wait is needed for them; two animation frames let the frame after the last change
 * paint.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.screenshot({
    path: `test-results/screenshots/${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** axe-core scan: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(' | ')}`,
    ),
  ).toEqual([]);
}

/** Makes GET /api/config report guest access off, so the visitor login shows its form. */
export async function withGuestAccessOff(page: Page): Promise<void> {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, guest: null } });
  });
}
