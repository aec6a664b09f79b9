import type { APIRequestContext, Page } from '@playwright/test';
import { VIEWPORTS } from './support/catalog';
import { expect, test } from './support/fixtures';
import { ADMIN, openFromMenu, screenshot, setPreferences, signInAsAdmin } from './support/shell';

// Another system's key: an administrator creates an editor key for one company and copies its secret;
// the "system" (this test, with fetch, as curl would) changes a product with it; the administrator
// sees the change named after the key in the product's history and in Activity, reverts it, and
// revokes the key, which is refused from then on.

const TEXT = {
  en: {
    create: 'Create API Key',
    name: /^Name/,
    families: /^Families/,
    save: 'Create',
    done: 'I have copied it',
  },
  ar: { create: 'إنشاء مفتاح', name: /^الاسم/, families: /^الشركات/, save: 'إنشاء', done: 'نسختُه' },
} as const;

interface Named {
  id: number;
  nameEn: string;
  nameAr: string;
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/admin/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function firstOf(request: APIRequestContext, token: string, url: string): Promise<Named> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  const row = ((await res.json()) as { data: Named[] }).data[0];
  expect(row, `a record at ${url}`).toBeDefined();
  return row!;
}

/** Opens the new key's form from the list, fills and sends it in the UI's language; answers the secret dialog. */
async function createKey(page: Page, language: 'en' | 'ar', name: string, family: Named, shot?: string) {
  const text = TEXT[language];
  await page.getByRole('link', { name: text.create }).click();
  await expect(page).toHaveURL(/\/admin\/users\/api-keys\/create$/);
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: text.name }).fill(name);
  // The choice offers the company by its name in the UI's language.
  const familyName = language === 'ar' ? family.nameAr : family.nameEn;
  await form.getByRole('combobox', { name: text.families }).fill(familyName.slice(0, 4));
  await page.getByRole('option', { name: familyName }).click();
  if (shot) await screenshot(page, shot);
  await form.getByRole('button', { name: text.save, exact: true }).click();
  const shown = page.getByRole('dialog', { name: new RegExp(`${name}.*(is ready|جاهز)`) });
  await expect(shown).toBeVisible();
  return shown;
}

test('an editor key changes a product; the history names the key; the change is reverted and the key revoked', async ({
  page,
  request,
  baseURL,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await adminToken(request);
  const family = await firstOf(request, token, '/api/family?limit=1');
  const other = await firstOf(request, token, `/api/family?limit=100&skip=1`);
  const product = await firstOf(request, token, `/api/product?family=${family.id}&limit=1`);
  const elsewhere = await firstOf(request, token, `/api/product?family=${other.id}&limit=1`);

  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsAdmin(page);
  // In the Users menu group, after List and Create.
  await openFromMenu(page, 'Users', 'API keys', /\/admin\/users\/api-keys\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();

  const shown = await createKey(page, 'en', 'ERP sync', family);
  await expect(shown).toContainText('it will not be shown again');
  const secret = await shown.getByRole('textbox', { name: 'Secret' }).inputValue();
  expect(secret).toMatch(/^dalil_[A-Za-z0-9_-]{43}$/);
  await expect(shown).toContainText(`curl -H "Authorization: Bearer ${secret}"`);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: TEXT.en.done }).click();
  await expect(shown).toBeHidden();
  // Back on the list, where it is listed by its prefix only: the secret is not on the page any more.
  await expect(page).toHaveURL(/\/admin\/users\/api-keys\/list$/);
  const row = page.getByRole('row').filter({ hasText: 'ERP sync' });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Active');
  await expect(page.locator('body')).not.toContainText(secret);

  // The other system, with the key alone (as curl would send it).
  const withKey = (url: string, init: RequestInit = {}) =>
    fetch(`${baseURL}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    });
  const read = await withKey(`/api/product/${product.id}`);
  expect(read.status).toBe(200);
  const record = (await read.json()) as Record<string, unknown>;
  const renamed = `${product.nameEn} (from ERP)`;
  const put = await withKey(`/api/product/${product.id}`, {
    method: 'PUT',
    body: JSON.stringify({ ...record, nameEn: renamed }),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  // Another company's product does not exist for this key.
  expect((await withKey(`/api/product/${elsewhere.id}`)).status).toBe(404);
  // Nor do the accounts.
  expect((await withKey('/api/user')).status).toBe(403);

  // The product's history names the key, and the administrator reverts its change.
  await page.goto(`/admin/products/edit/${product.id}?tab=history`);
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: /Key: .?ERP sync/ })
    .first();
  await expect(entry).toContainText(renamed);
  await page.goto('/admin/activity');
  const inActivity = page
    .getByRole('listitem')
    .filter({ hasText: /Key: .?ERP sync/ })
    .first();
  await expect(inActivity).toContainText(renamed);
  await inActivity.getByRole('button', { name: 'Revert' }).click();
  const revert = page.getByRole('dialog').filter({ hasText: 'Revert this change?' });
  await revert.getByRole('button', { name: 'Revert' }).click();
  await expect(revert).toBeHidden();
  await expect
    .poll(async () => ((await (await withKey(`/api/product/${product.id}`)).json()) as Named).nameEn)
    .toBe(product.nameEn);
  await screenshot(page, 'api-keys-activity-en-light');

  // The screen's old address leads to the list. From the key's row menu (which has no Edit: a key
  // is never changed), revoked after a confirmation naming it: refused from then on, listed as revoked.
  await page.goto('/admin/users/api-keys');
  await expect(page).toHaveURL(/\/admin\/users\/api-keys\/list$/);
  await row.getByRole('button', { name: 'Actions for ERP sync' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'ERP sync' });
  await expect(confirm).toContainText('refused from now on');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect.poll(async () => (await withKey(`/api/product/${product.id}`)).status).toBe(401);

  // The history lists the key's issue and its revoke, by its name, and never its secret.
  await page.goto('/admin/activity');
  const keyEntries = page
    .getByRole('listitem')
    .filter({ hasText: 'ERP sync' })
    .filter({ hasNotText: renamed });
  await expect(keyEntries.first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(secret);
  await screenshot(page, 'api-keys-activity-key-en-light');

  // Both languages and colour modes: the secret dialog of a new key, then the list with it.
  for (const language of ['en', 'ar'] as const) {
    for (const colourMode of ['light', 'dark'] as const) {
      await setPreferences(page, { language, colourMode, direction: null });
      await page.goto('/admin/users/api-keys/list');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const name = `Shop feed ${language} ${colourMode}`;
      const dialog = await createKey(page, language, name, family, `api-keys-form-${language}-${colourMode}`);
      await screenshot(page, `api-keys-secret-${language}-${colourMode}`);
      await dialog.getByRole('button', { name: TEXT[language].done }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/admin\/users\/api-keys\/list$/);
      await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `api-keys-list-${language}-${colourMode}`);
    }
  }
  await page.goto(`/admin/products/edit/${product.id}?tab=history`);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /مفتاح: .?ERP sync/ })
      .first(),
  ).toBeVisible();
  await screenshot(page, 'api-keys-history-ar-dark');
});
