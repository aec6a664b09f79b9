import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshot, setPreferences, signInAsAdmin, storedToken } from './support/shell';

// Bulk edit in the product list (docs/decisions/0065-bulk-operations-and-change-sets.md): rows ticked
// on two pages move to another category together, and the one change set is undone whole.

const TEXTS = {
  en: {
    tickPage: 'Choose every row on this page',
    nextPage: 'Go to next page',
    tick: (n: number) => `Choose Bulk Journey Dates ${n}`,
    chosen: '30 products chosen',
    move: 'Move to category',
    dialog: 'Move to another category',
    category: 'Category',
    apply: 'Move 30 products',
    done: 'Moved 30 products.',
    undo: 'Undo',
    undone: 'The change was undone.',
    close: 'Close',
  },
  ar: {
    tickPage: 'اختر كل صفوف هذه الصفحة',
    nextPage: 'الانتقال إلى الصفحة التالية',
    tick: (n: number) => `اختر تمر رحلة التعديل ${n}`,
    chosen: 'المختار: 30 منتجًا',
    move: 'نقل إلى فئة',
    dialog: 'النقل إلى فئة أخرى',
    category: 'الفئة',
    apply: 'انقل 30 منتجًا',
    done: 'تم نقل 30 منتجًا.',
    undo: 'تراجع',
    undone: 'تم التراجع عن التغيير.',
    close: 'إغلاق',
  },
} as const;

/** The categories of the family's products, by product id, read through the API. */
async function categoriesOf(request: APIRequestContext, headers: Record<string, string>, family: number) {
  const res = await request.get('/api/product', { headers, params: { family, limit: 100 } });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as { data: { id: number; category: number }[] };
  return data.map((p) => p.category);
}

test('thirty products ticked on two pages move to another category together, and one Undo takes it back', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const family = await post('/api/family', {
    nameEn: 'Bulk Journey Co',
    nameAr: 'شركة رحلة التعديل',
    requireValidGtin: false,
  });
  const from = await post('/api/category', { nameEn: 'Loose dates', nameAr: 'تمر سائب', family });
  const to = await post('/api/category', { nameEn: 'Gift boxes', nameAr: 'علب الهدايا', family });
  for (let n = 1; n <= 35; n++)
    await post('/api/product', {
      nameEn: `Bulk Journey Dates ${n}`,
      nameAr: `تمر رحلة التعديل ${n}`,
      family,
      category: from,
    });

  for (const [language, mode] of [
    ['en', 'light'],
    ['ar', 'dark'],
  ] as const) {
    const text = TEXTS[language];
    const direction = language === 'ar' ? 'rtl' : 'ltr';
    await setPreferences(page, { language, colourMode: mode, direction: null });
    await page.goto(`/admin/products/list?family=${family}&size=25`);
    const table = page.getByRole('table');
    await expect(table.getByRole('checkbox', { name: text.tickPage })).toBeEnabled();
    await table.getByRole('checkbox', { name: text.tickPage }).check();
    await page.getByRole('button', { name: text.nextPage }).click();
    // Page two holds the ten newest-last rows; five of them are ticked one by one.
    const rows = table.getByRole('checkbox', { name: /\d+$/ });
    await expect(rows).toHaveCount(10);
    for (let i = 0; i < 5; i++) await rows.nth(i).check();
    const bar = page.getByRole('region', { name: language === 'en' ? 'Chosen rows' : 'الصفوف المختارة' });
    await expect(bar).toContainText(text.chosen);
    await screenshot(page, `bulk-edit-chosen-${direction}-${mode}`);

    await bar.getByRole('button', { name: text.move }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByRole('combobox', { name: text.category }).click();
    await page.getByRole('option', { name: language === 'en' ? 'Gift boxes' : 'علب الهدايا' }).click();
    await dialog.getByRole('button', { name: text.apply }).click();
    await expect(dialog).toContainText(text.done);
    await screenshot(page, `bulk-edit-done-${direction}-${mode}`);
    const moved = await categoriesOf(page.request, headers, family);
    expect(moved.filter((c) => c === to)).toHaveLength(30);
    expect(moved.filter((c) => c === from)).toHaveLength(5);

    await dialog.getByRole('button', { name: text.undo }).click();
    await expect(dialog).toContainText(text.undone);
    expect(await categoriesOf(page.request, headers, family)).toEqual(Array(35).fill(from));
    await dialog.getByRole('button', { name: text.close }).click();
    await expect(dialog).toBeHidden();
  }
});
