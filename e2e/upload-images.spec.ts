import sharp from 'sharp';
import { zip } from '../apps/server/test/zip';
import { expect, test } from './support/fixtures';
import { productGrid, signInAsGuest } from './support/catalog';
import { screenshot, setPreferences, signInAsAdmin, storedToken } from './support/shell';

// Drop a ZIP of 20 files (16 named by demo products' barcodes, 3 unmatched, 1 not an image), read
// the preview, import, watch the job finish, then find the new image on the catalogue card and the
// product page.

interface Row {
  id: number;
  nameAr: string;
  barcode: string | null;
}

const photo = (hue: number) =>
  sharp({
    create: {
      width: 800,
      height: 800,
      channels: 3,
      background: { r: hue, g: 120, b: 255 - hue },
      noise: { type: 'gaussian', mean: 128, sigma: 8 },
    },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="800" height="800"><circle cx="400" cy="400" r="260" fill="rgb(${255 - hue},60,40)"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

test('upload images: preview a ZIP of 20, import, and see the new image in the catalogue', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  const token = await storedToken(page);
  const list = await page.request.get('/api/product', {
    params: { limit: 100 },
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = ((await list.json()) as { data: Row[] }).data.filter((r) => r.barcode);
  const medjool = rows.find((r) => r.nameAr === 'تمر مجدول')!;
  const chosen = [medjool, ...rows.filter((r) => r !== medjool).slice(0, 15)];
  const unmatched = await Promise.all(
    ['1111111111116', '2222222222222', '3333333333338'].map(async (b, i) => ({
      name: `extra/${b}.JPG`,
      data: await photo(200 + i),
    })),
  );
  const archive = zip([
    ...(await Promise.all(
      chosen.map(async (r, i) => ({ name: `photos/${r.barcode}.jpg`, data: await photo(i * 15) })),
    )),
    ...unmatched,
    { name: 'photos/notes.txt', data: 'shot list for the spring catalogue' },
  ]);

  await page.goto('/admin/upload/images');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Images' })).toBeVisible();
  await page
    .getByLabel(/Drop a ZIP/)
    .setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: archive });
  await expect(page.getByText('1 file chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('button', { name: 'Replace 16' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Unmatched 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invalid 1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'New' }).first()).toBeVisible();
  await screenshot(page, 'upload-images-preview-en-light');
  await page.getByRole('button', { name: 'Unmatched 3' }).click();
  await expect(page.getByRole('row')).toHaveCount(4);

  await page.getByRole('button', { name: 'Import 16 images' }).click();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('button', { name: 'Replace 16' })).toBeVisible();
  await screenshot(page, 'upload-images-done-en-light');

  // Reopened, the screen shows the last job's report.
  await page.reload();
  await expect(page.getByText('Import finished')).toBeVisible();

  // A second import, of one photo: reopened, the screen shows it and lists both jobs, and the
  // first one's report is still there to read.
  await page
    .getByLabel(/Drop a ZIP/)
    .setInputFiles({ name: `${chosen[1]!.barcode}.jpg`, mimeType: 'image/jpeg', buffer: await photo(120) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Import 1 image' }).click();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
  await page.reload();
  const recent = page.getByRole('navigation', { name: 'Recent imports' });
  await expect(recent.getByRole('button')).toHaveCount(2);
  await expect(recent.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('button', { name: 'Replace 1', exact: true })).toBeVisible();
  await recent.getByRole('button').nth(1).click();
  await expect(page.getByRole('button', { name: 'Replace 16', exact: true })).toBeVisible();
  await screenshot(page, 'upload-images-recent-en-light');

  const product = await page.request.get(`/api/product/${medjool.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const image = ((await product.json()) as { image: string }).image;
  expect(image).toMatch(/^[0-9a-f]{32}\.webp$/);

  await setPreferences(page, { language: 'ar', colourMode: 'light', direction: null });
  await signInAsGuest(page);
  await page.getByRole('link', { name: 'افتح كتالوج النخيل للأغذية' }).click();
  await page.getByRole('group', { name: 'الفئات' }).getByRole('button', { name: 'تمور' }).click();
  const card = productGrid(page).getByRole('listitem').filter({ hasText: 'تمر مجدول' });
  await expect(card.locator('img').first()).toHaveAttribute('src', new RegExp(image));
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/catalog/main/${medjool.id}$`));
  await expect(page.getByRole('article').locator(`img[src*="${image}"]`).first()).toBeVisible();
});

for (const [language, colourMode] of [
  ['ar', 'light'],
  ['ar', 'dark'],
  ['en', 'dark'],
] as const) {
  test(`upload images screen in ${language}, ${colourMode}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await setPreferences(page, { language: 'en', colourMode, direction: null });
    await signInAsAdmin(page);
    await setPreferences(page, { language, colourMode, direction: null });
    await page.goto('/admin/upload/images');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language === 'ar' ? 'رفع الصور' : 'Upload Images',
    );
    await expect(page.getByRole('button', { name: language === 'ar' ? 'معاينة' : 'Preview' })).toBeVisible();
    await screenshot(page, `upload-images-${language}-${colourMode}`);
  });
}
