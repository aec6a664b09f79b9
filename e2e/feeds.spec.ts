import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { VIEWPORTS } from './support/catalog';
import { expect, test } from './support/fixtures';
import { ADMIN, openFromMenu, screenshot, setPreferences, signInAsAdmin } from './support/shell';

// A scheduled feed: an administrator sets one up for a company against a file server this test
// starts (allowed through FEED_ALLOWED_HOSTS), runs it now, sees it imported with its counts and
// the run among the imports; a second feed whose address answers 404 shows why it failed, is changed
// and deleted. Both are scheduled every day at 06:00 in Riyadh with the schedule picker. The feeds' old address still leads to their list. Then the list and the form in both
// languages and colour modes.

interface Named {
  id: number;
  nameEn: string;
  nameAr: string;
}

const NEW_FEED = { en: 'New feed', ar: 'استيراد مجدول جديد' } as const;

let files: Server;
let fileOrigin = '';

test.beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.url !== '/catalog.csv') {
      res.writeHead(404).end('no such file');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/csv', etag: '"feed-1"' })
      .end(
        'categoryNameEn,categoryNameAr,productNameEn,productNameAr\r\n' +
          'Feed Snacks,وجبات الموجز,Date bar,لوح التمر\r\n' +
          'Feed Snacks,وجبات الموجز,Sesame bar,لوح السمسم\r\n',
      );
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  fileOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((resolve) => files.close(resolve)));

async function firstFamily(request: APIRequestContext): Promise<Named> {
  const login = await request.post('/api/admin/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const { token } = (await login.json()) as { token: string };
  const res = await request.get('/api/family?limit=1', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: Named[] }).data[0]!;
}

/** Fills and saves the new feed form, and is back on the list. */
async function createFeed(page: Page, family: Named, url: string, shot?: string) {
  await page.getByRole('link', { name: NEW_FEED.en }).click();
  await expect(page).toHaveURL(/\/admin\/upload\/feeds\/create$/);
  await page.getByRole('combobox', { name: /^Company/ }).fill(family.nameEn.slice(0, 4));
  await page.getByRole('option', { name: family.nameEn }).click();
  await page.getByRole('textbox', { name: /^File address/ }).fill(url);
  // Every day at 06:00 in Riyadh, by the schedule picker: it writes the cron expression.
  await page.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Every day' }).click();
  await page.getByLabel('Time', { exact: true }).fill('06:00');
  await expect(page.getByText('Runs every day at 6:00 AM')).toBeVisible();
  await page.getByRole('combobox', { name: /^Time zone/ }).fill('Asia/Riy');
  await page.getByRole('option', { name: 'Asia/Riyadh' }).click();
  await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Asia/Riyadh');
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/upload\/feeds\/list$/);
}

test('a feed is set up, run now and imported; a failing one says why; both languages and colour modes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const family = await firstFamily(request);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsAdmin(page);
  // In the Upload menu group, beside the uploads.
  await openFromMenu(page, 'Upload', 'Scheduled feeds', /\/admin\/upload\/feeds\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled feeds' })).toBeVisible();

  const good = `${fileOrigin}/catalog.csv`;
  await createFeed(page, family, good, 'feeds-form-en-light');
  const row = page.getByRole('row').filter({ hasText: good });
  await expect(row).toContainText('Not run yet');
  await expect(row).toContainText('0 6 * * *');
  await expect(row).toContainText('Asia/Riyadh');
  await row.getByRole('button', { name: 'Run now' }).click();
  // No reload: the list is read again while the run is under way.
  await expect(row).toContainText('Imported', { timeout: 30_000 });
  await expect(row).toContainText(
    '2 rows read; categories: 1 created, 0 updated; products: 2 created, 0 updated',
  );

  const missing = `${fileOrigin}/missing.csv`;
  await createFeed(page, family, missing);
  const failing = page.getByRole('row').filter({ hasText: missing });
  await failing.getByRole('button', { name: 'Run now' }).click();
  await expect(failing).toContainText('Failed', { timeout: 30_000 });
  await expect(failing).toContainText('The address answered HTTP 404 instead of the file');

  // Changed through its form: the company stays, the mode changes.
  await failing.getByRole('button', { name: `Actions for ${missing}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit feed' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Company/ })).toBeDisabled();
  // The stored schedule opens in the picker, with the next run the server set, in Riyadh's time.
  await expect(page.getByRole('combobox', { name: 'Repeat' })).toHaveText('Every day');
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue('06:00');
  await expect(page.getByText(/^Next run: .* at 6:00\sAM \(Asia\/Riyadh\)$/)).toBeVisible();
  await screenshot(page, 'feeds-edit-en-light');
  await page.getByRole('radio', { name: /^Import the valid rows/ }).check();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/upload\/feeds\/list$/);
  await expect(failing).toContainText('Rows with problems: Import the valid rows');

  // Both runs are among the imports: the import with its counts and Undo, the failure with its reason.
  await openFromMenu(page, 'History', 'Imports', /\/admin\/activity\/imports$/);
  const imported = page.getByRole('listitem').filter({ hasText: good });
  await expect(imported).toContainText('Feed: \u2068127.0.0.1');
  await expect(imported.getByRole('button', { name: 'Undo import' })).toBeVisible();
  const failed = page.getByRole('listitem').filter({ hasText: missing });
  await expect(failed).toContainText('Feed run failed: The address answered HTTP 404 instead of the file');
  await expect(failed.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
  await screenshot(page, 'feeds-imports-en-light');

  // The feeds' address from before they were a declared resource leads to their list.
  await page.goto('/admin/upload/feeds');
  await expect(page).toHaveURL(/\/admin\/upload\/feeds\/list$/);

  for (const language of ['en', 'ar'] as const) {
    for (const colourMode of ['light', 'dark'] as const) {
      await setPreferences(page, { language, colourMode, direction: null });
      await page.goto('/admin/upload/feeds/list');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: missing })).toBeVisible();
      // Every column fits: the row menu is on screen, not behind a sideways scroll.
      const menu = page.getByRole('row').filter({ hasText: missing }).locator('button[aria-haspopup="menu"]');
      await expect(menu).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `feeds-list-${language}-${colourMode}`);
      await page.getByRole('link', { name: NEW_FEED[language] }).click();
      await expect(page.getByRole('heading', { level: 1, name: NEW_FEED[language] })).toBeVisible();
      await screenshot(page, `feeds-form-${language}-${colourMode}`);
      // The weekly shape's days, named in the screen's language.
      await page.getByRole('combobox', { name: language === 'ar' ? 'التكرار' : 'Repeat' }).click();
      await page
        .getByRole('option', { name: language === 'ar' ? 'في أيام من الأسبوع' : 'On days of the week' })
        .click();
      await page.getByRole('checkbox', { name: language === 'ar' ? 'الخميس' : 'Thu' }).check();
      await expect(
        page.getByText(language === 'ar' ? /^يعمل كل الأحد والخميس/ : /^Runs every Sunday and Thursday/),
      ).toBeVisible();
      await screenshot(page, `feeds-form-weekly-${language}-${colourMode}`);
    }
  }

  // Deleted once asked: its past run stays with the imports.
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.goto('/admin/upload/feeds/list');
  await page
    .getByRole('row')
    .filter({ hasText: missing })
    .getByRole('button', { name: `Actions for ${missing}` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('The feed will no longer be fetched');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: missing })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: good })).toBeVisible();
  await page.goto('/admin/activity/imports');
  await expect(page.getByRole('listitem').filter({ hasText: missing })).toBeVisible();
});
