import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshot, setPreferences, signInAsAdmin, storedToken } from './support/shell';

// Two tabs edit one family (docs/decisions/0061-partial-updates-and-versions.md): the tab that saves
// second is told which fields the other saved, and chooses to reload them or to save over them.

const FAMILY = { nameEn: 'Conflict Journey Co', nameAr: 'شركة رحلة التعارض', requireValidGtin: false };

const TEXTS = {
  en: {
    nameEn: 'Name En',
    nameAr: 'Name Ar',
    save: 'Edit',
    title: 'Someone else saved this record',
    changed: 'someone saved a change to: Name En.',
    reload: 'Reload their version',
    overwrite: 'Save mine anyway',
  },
  ar: {
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    save: 'تعديل',
    title: 'حفظ شخص آخر هذا السجل',
    changed: 'حفظ شخص آخر تغييرًا في: الاسم بالإنجليزية.',
    reload: 'إعادة تحميل نسخته',
    overwrite: 'احفظ نسختي على أي حال',
  },
} as const;

/** Opens the family's form in a tab and waits until the stored record fills it. */
async function openForm(page: Page, id: number, language: 'ar' | 'en', nameEn: string) {
  await page.goto(`/admin/family/edit/${id}`);
  await expect(page.getByRole('textbox', { name: TEXTS[language].nameEn, exact: true })).toHaveValue(nameEn);
}

test('an edit saved in another tab meanwhile: the form names what changed, then reloads or saves over it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // Tall enough for the whole form: a full-page screenshot then needs no scrolling under the fixed bar.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const made = await page.request.post('/api/family', { headers, data: FAMILY });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  let nameEn = FAMILY.nameEn;

  for (const [language, mode, choice] of [
    ['en', 'light', 'reload'],
    ['ar', 'dark', 'overwrite'],
  ] as const) {
    const text = TEXTS[language];
    const direction = language === 'ar' ? 'rtl' : 'ltr';
    await setPreferences(page, { language, colourMode: mode, direction: null });
    const other = await context.newPage();
    await openForm(page, id, language, nameEn);
    await openForm(other, id, language, nameEn);

    // The other tab saves a new English name first.
    const theirs = `${FAMILY.nameEn} (${direction})`;
    await other.getByRole('textbox', { name: text.nameEn, exact: true }).fill(theirs);
    await other.getByRole('button', { name: text.save, exact: true }).click();
    await expect(other).toHaveURL(/\/admin\/family\/list/);
    await other.close();

    // This tab, opened before that save, changes the Arabic name and saves.
    const mine = `${FAMILY.nameAr} ${direction}`;
    await page.getByRole('textbox', { name: text.nameAr, exact: true }).fill(mine);
    await page.getByRole('button', { name: text.save, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text.changed);
    await screenshot(page, `edit-conflict-${direction}-${mode}`);

    if (choice === 'reload') {
      await dialog.getByRole('button', { name: text.reload }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('textbox', { name: text.nameEn, exact: true })).toHaveValue(theirs);
      await expect(page.getByRole('textbox', { name: text.nameAr, exact: true })).toHaveValue(FAMILY.nameAr);
      const stored = (await (await page.request.get(`/api/family/${id}`, { headers })).json()) as {
        nameEn: string;
      };
      expect(stored.nameEn).toBe(theirs);
      nameEn = theirs;
    } else {
      await dialog.getByRole('button', { name: text.overwrite }).click();
      await expect(page).toHaveURL(/\/admin\/family\/list/);
      // Saved over theirs: the form's values, the English name as this tab had it.
      const stored = (await (await page.request.get(`/api/family/${id}`, { headers })).json()) as {
        nameEn: string;
        nameAr: string;
      };
      expect(stored).toMatchObject({ nameEn, nameAr: mine });
    }
  }
});
