import { choose } from './support/admin';
import { expect, test } from './support/fixtures';
import { setPreferences, signInAsAdmin, screenshot, storedToken } from './support/shell';

// Drafts and publish dates (docs/decisions/0055-drafts-and-publish-dates.md): the product list marks
// drafts and filters by status, the form sets the status and the publish date, and the guest never
// receives a draft.

const FAMILY = { en: 'Drafts Journey Foods', ar: 'أغذية رحلة المسودات' };
const PUBLISHED = 'Drafts Journey Dates';
const DRAFT = 'Drafts Journey Figs';
const SCHEDULED = 'Drafts Journey Olives';

const TEXTS = {
  en: { status: 'Status', draft: 'Draft', until: /^Scheduled: /, publishAt: /^Publish on/ },
  ar: { status: 'الحالة', draft: 'مسودة', until: /^مجدول: /, publishAt: /^تاريخ النشر/ },
} as const;

test('drafts: the list marks and filters them, the form sets status and date, the guest never sees them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const family = await post('/api/family', { nameEn: FAMILY.en, nameAr: FAMILY.ar, requireValidGtin: false });
  const category = await post('/api/category', { nameEn: 'Drafts Journey Fruit', nameAr: 'فاكهة', family });
  const product = (nameEn: string, nameAr: string, extra: object = {}) =>
    post('/api/product', { nameEn, nameAr, family, category, ...extra });
  await product(PUBLISHED, 'تمر رحلة المسودات');
  const draft = await product(DRAFT, 'تين رحلة المسودات', { status: 'draft' });
  await product(SCHEDULED, 'زيتون رحلة المسودات', {
    status: 'draft',
    publishAt: '2030-01-01T09:00:00.000Z',
  });

  const draftFamily = await post('/api/family', {
    nameEn: 'Drafts Journey Secret',
    nameAr: 'سر رحلة المسودات',
    status: 'draft',
    publishAt: '2030-01-01T09:00:00.000Z',
  });

  for (const language of ['ar', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const text = TEXTS[language];
      const side = language === 'ar' ? 'rtl' : 'ltr';
      await setPreferences(page, { language, colourMode: mode, direction: null });
      await page.goto(`/admin/products/list?family=${family}`);
      await expect(page.locator('html')).toHaveAttribute('dir', side);
      await expect(
        page.getByRole('row', { name: new RegExp(DRAFT) }).getByText(text.draft, { exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole('row', { name: new RegExp(SCHEDULED) }).getByText(text.until),
      ).toBeVisible();
      await expect(
        page.getByRole('row', { name: new RegExp(PUBLISHED) }).getByText(text.draft, { exact: true }),
      ).toHaveCount(0);
      await screenshot(page, `drafts-product-list-${side}-${mode}`);
      await page.goto(`/admin/products/edit/${draft}`);
      const status = page.getByRole('combobox', { name: text.status });
      await expect(status).toContainText(text.draft);
      await expect(page.getByLabel(text.publishAt)).toHaveValue('');
      await screenshot(page, `drafts-product-form-${side}-${mode}`);
      await page.goto('/admin/family/list?status=draft');
      await expect(
        page.getByRole('row', { name: /Drafts Journey Secret/ }).getByText(text.until),
      ).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(FAMILY.en) })).toHaveCount(0);
      await screenshot(page, `drafts-family-list-${side}-${mode}`);
      await page.goto(`/admin/family/edit/${draftFamily}`);
      await expect(page.getByRole('combobox', { name: text.status })).toContainText(text.draft);
      await expect(page.getByLabel(text.publishAt)).not.toHaveValue('');
      await screenshot(page, `drafts-family-form-${side}-${mode}`);
    }
  }

  // English, light: the status filter lists the two drafts only.
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.goto(`/admin/products/list?family=${family}`);
  await expect(page.getByRole('row', { name: new RegExp(PUBLISHED) })).toBeVisible();
  await choose(page, /^Status/, 'Draft');
  await expect(page).toHaveURL(/status=draft/);
  await expect(page.getByRole('row', { name: new RegExp(PUBLISHED) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(DRAFT) })).toBeVisible();

  // The guest receives the published product only.
  const config = (await (await page.request.get('/api/config')).json()) as {
    guest: { username: string; password: string } | null;
  };
  const login = await page.request.post('/api/user/login', { data: config.guest });
  const guest = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const seen = (await (
    await page.request.get('/api/product', { params: { family }, headers: guest })
  ).json()) as { data: { nameEn: string }[] };
  expect(seen.data.map((p) => p.nameEn)).toEqual([PUBLISHED]);
  expect((await page.request.get(`/api/product/${draft}`, { headers: guest })).status()).toBe(404);
});
