import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { VIEWPORTS } from './support/catalog';
import { expect, test } from './support/fixtures';
import { ADMIN, onScreen, screenshot, setPreferences, signInAsAdmin } from './support/shell';
import { rowAction } from './support/admin';

// Nothing is lost: a sub-category's delete leaves its products in the parent, a company's delete goes
// to the recycle bin and comes back whole, an edit of a sub-category is reverted from its History,
// and a bulk image load is undone from Activity. Each take-back asks first and names what changes.

const FAMILY = { en: 'Nahla Honey', ar: 'نحلة للعسل' };

interface Ids {
  family: number;
  honey: number;
  sidr: number;
  acacia: number;
  products: { id: number; barcode: string }[];
}

async function api(request: APIRequestContext, token: string, method: string, url: string, data?: object) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

async function seed(request: APIRequestContext, token: string): Promise<Ids> {
  const post = async (url: string, data: object) =>
    (await api(request, token, 'POST', url, data))!.id as number;
  // Any barcode: the products' codes here are not GTINs.
  const family = await post('/api/family', { nameEn: FAMILY.en, nameAr: FAMILY.ar, requireValidGtin: false });
  const honey = await post('/api/category', { nameEn: 'Honey', nameAr: 'عسل', family });
  const sidr = await post('/api/category', {
    nameEn: 'Sidr Honey',
    nameAr: 'عسل السدر',
    family,
    parent: honey,
  });
  const acacia = await post('/api/category', {
    nameEn: 'Acacia Honey',
    nameAr: 'عسل السمر',
    family,
    parent: honey,
  });
  const products = [];
  for (const [i, [en, ar]] of [
    ['Mountain Sidr', 'سدر جبلي'],
    ['Royal Sidr', 'سدر ملكي'],
  ].entries()) {
    const barcode = `629100000${i}`;
    const id = await post('/api/product', {
      nameEn: en,
      nameAr: ar,
      family,
      category: honey,
      subCategory: sidr,
      barcode,
    });
    products.push({ id, barcode });
  }
  return { family, honey, sidr, acacia, products };
}

const photo = (hue: number) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r: hue, g: 160, b: 60 } } })
    .jpeg()
    .toBuffer();

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/admin/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Activity, a History tab and the bin, in both languages and colour modes, on a phone and a desktop. */
async function lookAtEverything(page: Page, historyUrl: string) {
  for (const [size, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const language of ['ar', 'en'] as const) {
      for (const colourMode of ['light', 'dark'] as const) {
        await setPreferences(page, { language, colourMode, direction: null });
        for (const [name, url] of [
          ['activity', '/admin/activity'],
          ['history', historyUrl],
          ['bin', '/admin/activity/bin'],
        ] as const) {
          await page.goto(url);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('progressbar')).toHaveCount(0);
          // No page wider than the screen: a phone scrolls up and down only.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
            true,
          );
          await screenshot(page, `bin-history-${name}-${language}-${colourMode}-${size}`);
        }
      }
    }
  }
}

test('deletes go to the bin and come back whole; an edit is reverted and an image load undone', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const ids = await seed(request, token);
  await signInAsAdmin(page);

  // Delete the sub-category: the dialog says its products stay in the parent, and they do.
  await page.goto(`/admin/category/list?family=${ids.family}`);
  await rowAction(page, 'Sidr Honey', 'Delete');
  const subDialog = page.getByRole('dialog').filter({ hasText: 'recycle bin' });
  await expect(subDialog).toContainText('stay in the parent category');
  await subDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(subDialog).toBeHidden();
  for (const product of ids.products) {
    const row = await api(request, token, 'GET', `/api/product/${product.id}`);
    expect(row).toMatchObject({ category: ids.honey, subCategory: null });
  }

  // Delete the company, then restore it from the bin with its categories and products.
  await page.goto('/admin/family/list');
  await rowAction(page, FAMILY.en, 'Delete');
  const familyDialog = page.getByRole('dialog').filter({ hasText: 'recycle bin' });
  await expect(familyDialog).toContainText('recycle bin');
  await familyDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(familyDialog).toBeHidden();
  const gone = await request.get(`/api/family/${ids.family}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);

  await page.goto('/admin/activity/bin');
  await page.getByRole('button', { name: `Restore ${FAMILY.en}` }).click();
  const restore = page.getByRole('dialog').filter({ hasText: new RegExp(`Restore .?${FAMILY.en}`) });
  await expect(restore).toContainText('1 category, 1 sub-category, 2 products');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByRole('button', { name: `Restore ${FAMILY.en}` })).toHaveCount(0);
  const categories = await api(request, token, 'GET', `/api/category?family=${ids.family}&limit=100`);
  expect((categories!.data as { id: number }[]).map((c) => c.id).sort()).toEqual(
    [ids.honey, ids.acacia].sort(),
  );
  for (const product of ids.products) {
    expect(await api(request, token, 'GET', `/api/product/${product.id}`)).toMatchObject({
      category: ids.honey,
    });
  }

  // Edit a sub-category (its name and parent-linked form), then revert the edit from its History.
  await page.goto(`/admin/category/edit/${ids.acacia}`);
  await page.getByRole('textbox', { name: 'Name En' }).fill('Samr Honey');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await onScreen(page, /\/admin\/category\/list/, 'Category List');
  await page.goto(`/admin/category/edit/${ids.acacia}?tab=history`);
  await page.getByRole('button', { name: 'Revert' }).first().click();
  const revert = page.getByRole('dialog').filter({ hasText: 'Revert this change?' });
  await expect(revert).toContainText('Name En');
  await revert.getByRole('button', { name: 'Revert' }).click();
  await expect(revert).toBeHidden();
  await expect
    .poll(async () => (await api(request, token, 'GET', `/api/category/${ids.acacia}`))!.nameEn)
    .toBe('Acacia Honey');
  expect(await api(request, token, 'GET', `/api/category/${ids.acacia}`)).toMatchObject({
    parent: ids.honey,
  });

  // A bulk image load gives both products a photo; undoing it from Activity takes both back.
  const form = new FormData();
  for (const [i, product] of ids.products.entries())
    form.append('file', new Blob([await photo(40 * i)], { type: 'image/jpeg' }), `${product.barcode}.jpg`);
  const started = await request.post('/api/upload/images', {
    headers: { authorization: `Bearer ${token}` },
    multipart: form,
  });
  expect(started.status(), await started.text()).toBe(202);
  const job = ((await started.json()) as { id: number }).id;
  await expect
    .poll(async () => (await api(request, token, 'GET', `/api/upload/images/${job}`))!.state, {
      timeout: 60_000,
    })
    .toBe('done');
  for (const product of ids.products)
    expect((await api(request, token, 'GET', `/api/product/${product.id}`))!.image).toEqual(
      expect.any(String),
    );

  await page.goto('/admin/activity');
  await page.getByRole('button', { name: 'Undo' }).first().click();
  const undo = page.getByRole('dialog').filter({ hasText: 'Undo this image load?' });
  await undo.getByRole('button', { name: 'Undo' }).click();
  await expect(undo).toBeHidden();
  for (const product of ids.products) {
    await expect
      .poll(async () => (await api(request, token, 'GET', `/api/product/${product.id}`))!.image)
      .toBeNull();
  }

  // Put something in the bin again so its screen has an entry to show.
  await api(request, token, 'DELETE', `/api/category/${ids.acacia}`);
  await lookAtEverything(page, `/admin/category/edit/${ids.honey}?tab=history`);
});
