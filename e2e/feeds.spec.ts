import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { VIEWPORTS } from './support/catalog';
import { expect, test } from './support/fixtures';
import { ADMIN, openFromMenu, screenshot, setPreferences, signInAsAdmin } from './support/shell';

// A scheduled feed: an administrator sets one up for a company against a file server this test
// starts (allowed through FEED_ALLOWED_HOSTS), runs it now, sees it imported with its counts and
// the run among the imports; a second feed whose address answers 404 shows why it failed. Then the
// screen in both languages and colour modes.

interface Named {
  id: number;
  nameEn: string;
  nameAr: string;
}

const TEXT = {
  en: { create: 'New feed', family: /^Company/, url: /^File address/, schedule: /^Schedule/, save: 'Save' },
  ar: {
    create: 'استيراد مجدول جديد',
    family: /^الشركة/,
    url: /^عنوان الملف/,
    schedule: /^الجدول/,
    save: 'حفظ',
  },
} as const;

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

/** Fills and saves the new feed form in the UI's language. */
async function createFeed(page: Page, language: 'en' | 'ar', family: Named, url: string, shot?: string) {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.create }).click();
  const form = page.getByRole('dialog', { name: text.create });
  const familyName = language === 'ar' ? family.nameAr : family.nameEn;
  await form.getByRole('combobox', { name: text.family }).fill(familyName.slice(0, 4));
  await page.getByRole('option', { name: familyName }).click();
  await form.getByRole('textbox', { name: text.url }).fill(url);
  await form.getByRole('textbox', { name: text.schedule }).fill('30 2 * * *');
  if (shot) await screenshot(page, shot);
  await form.getByRole('button', { name: text.save }).click();
  await expect(form).toBeHidden();
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
  await openFromMenu(page, 'Upload', 'Scheduled feeds', /\/admin\/upload\/feeds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled feeds' })).toBeVisible();

  await createFeed(page, 'en', family, `${fileOrigin}/catalog.csv`, 'feeds-form-en-light');
  const row = page.getByRole('row').filter({ hasText: `${fileOrigin}/catalog.csv` });
  await expect(row).toContainText('Not run yet');
  await expect(row).toContainText('30 2 * * *');
  await row.getByRole('button', { name: 'Run now' }).click();
  await expect(row).toContainText('Imported', { timeout: 30_000 });
  await expect(row).toContainText(
    '2 rows read; categories: 1 created, 0 updated; products: 2 created, 0 updated',
  );

  await createFeed(page, 'en', family, `${fileOrigin}/missing.csv`);
  const failing = page.getByRole('row').filter({ hasText: `${fileOrigin}/missing.csv` });
  await failing.getByRole('button', { name: 'Run now' }).click();
  await expect(failing).toContainText('Failed', { timeout: 30_000 });
  await expect(failing).toContainText('The address answered HTTP 404 instead of the file');

  // Both runs are among the imports: the import with its counts and Undo, the failure with its reason.
  await openFromMenu(page, 'History', 'Imports', /\/admin\/activity\/imports$/);
  const imported = page.getByRole('listitem').filter({ hasText: `${fileOrigin}/catalog.csv` });
  await expect(imported).toContainText('Feed: \u2068127.0.0.1');
  await expect(imported.getByRole('button', { name: 'Undo import' })).toBeVisible();
  const failed = page.getByRole('listitem').filter({ hasText: `${fileOrigin}/missing.csv` });
  await expect(failed).toContainText('Feed run failed: The address answered HTTP 404 instead of the file');
  await expect(failed.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
  await screenshot(page, 'feeds-imports-en-light');

  for (const language of ['en', 'ar'] as const) {
    for (const colourMode of ['light', 'dark'] as const) {
      await setPreferences(page, { language, colourMode, direction: null });
      await page.goto('/admin/upload/feeds');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: `${fileOrigin}/missing.csv` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `feeds-list-${language}-${colourMode}`);
      await page.getByRole('button', { name: TEXT[language].create }).click();
      await expect(page.getByRole('dialog', { name: TEXT[language].create })).toBeVisible();
      await screenshot(page, `feeds-form-${language}-${colourMode}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  }
  await page.goto('/admin/activity/imports');
  await expect(page.getByRole('listitem').filter({ hasText: `${fileOrigin}/missing.csv` })).toBeVisible();
  await screenshot(page, 'feeds-imports-ar-dark');
});
