import { expect, test } from './support/fixtures';
import { choose, rowAction } from './support/admin';
import { openWith, productGrid, signInAsGuest, VIEWPORTS } from './support/catalog';
import {
  expectNoSeriousA11yViolations,
  onScreen,
  screenshot,
  setPreferences,
  signInAsAdmin,
  storedToken,
} from './support/shell';

// Synonym groups per family: the admin adds one, and a visitor's search with its word finds the
// product at once (docs/decisions/0024-word-search.md, "Synonyms per family").

const LOOKS = [
  { language: 'ar', direction: 'rtl', colourMode: 'light' },
  { language: 'en', direction: 'ltr', colourMode: 'light' },
  { language: 'ar', direction: 'rtl', colourMode: 'dark' },
  { language: 'en', direction: 'ltr', colourMode: 'dark' },
] as const;

test('an admin adds a synonym group and a visitor search with its word finds the product', async ({
  page,
  browser,
  baseURL,
  lookup,
}) => {
  test.setTimeout(180_000);
  const family = await lookup.family('Al Nakheel Foods');

  // The visitor first: "heinz" finds nothing in the family yet.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.setViewportSize(VIEWPORTS.desktop);
  await signInAsGuest(visitor);
  await openWith(
    visitor,
    { language: 'en', colourMode: 'light' },
    `/catalog/main?family=${family}&search=heinz`,
  );
  await expect(visitor.getByRole('heading', { name: 'No results were found' })).toBeVisible();

  // The admin opens Synonyms under Families in the menu and adds the group.
  await page.setViewportSize({ width: 1280, height: 900 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);
  // The admin lands on the family list, with the Families group of the menu open.
  await page.getByRole('link', { name: 'Synonyms' }).click();
  await onScreen(page, /\/admin\/family\/synonyms\/list/, 'Synonyms');
  await page.getByRole('link', { name: 'Create Synonym Group' }).click();
  await onScreen(page, /\/admin\/family\/synonyms\/create/, 'Create Synonym Group');
  await choose(page, /Family/, 'Al Nakheel Foods');
  // One word only: the form says two different words are needed and sends nothing.
  await page.getByRole('textbox', { name: 'Words' }).fill('ketchup');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Give at least two different words')).toBeVisible();
  await page.getByRole('textbox', { name: 'Words' }).fill('ketchup\nheinz\nكاتشب');
  await screenshot(page, 'admin-synonym-create-filled-ltr-light');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await onScreen(page, /\/admin\/family\/synonyms\/list/, 'Synonyms');
  await expect(page.getByRole('cell', { name: 'ketchup · heinz · كاتشب', exact: true })).toBeVisible();

  // The visitor's search finds Ketchup through the new word, in the same session (the cache expired).
  await visitor.reload();
  await expect(productGrid(visitor, 'Products').getByRole('heading', { name: 'Ketchup' })).toBeVisible();

  // A second group with a word the first holds is refused on the field, naming the word.
  await page.getByRole('link', { name: 'Create Synonym Group' }).click();
  await choose(page, /Family/, 'Al Nakheel Foods');
  await page.getByRole('textbox', { name: 'Words' }).fill('Heinz, tomato');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(
    page.getByText('"Heinz" is already in another synonym group of this family').first(),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();

  // Screenshots of the list (filtered by the family, with its CSV tools) and the edit form.
  const groups = (await (
    await page.request.get(`/api/synonyms?family=${family}`, {
      headers: { authorization: `Bearer ${String(await storedToken(page))}` },
    })
  ).json()) as { data: { id: number }[] };
  const id = groups.data[0]?.id;
  for (const look of LOOKS) {
    await setPreferences(page, { language: look.language, colourMode: look.colourMode, direction: null });
    await page.goto(`/admin/family/synonyms/list?family=${family}`);
    await expect(page.locator('html')).toHaveAttribute('dir', look.direction);
    await expect(page.getByRole('cell', { name: 'ketchup · heinz · كاتشب', exact: true })).toBeVisible();
    await screenshot(page, `admin-synonym-list-${look.direction}-${look.colourMode}`);
    if (id !== undefined) {
      await page.goto(`/admin/family/synonyms/edit/${id}`);
      await expect(page.getByRole('textbox').first()).toHaveValue(/ketchup/);
      await screenshot(page, `admin-synonym-edit-${look.direction}-${look.colourMode}`);
    }
  }
  await expectNoSeriousA11yViolations(page);

  // A CSV added to the family's groups shows in the list; a file with a bad line changes nothing.
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.goto(`/admin/family/synonyms/list?family=${family}`);
  await page.getByTestId('synonym-csv-file').setInputFiles({
    name: 'synonyms.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('words\r\nalone\r\n'),
  });
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'halva · halawa', exact: true })).toBeHidden();
  await page.getByTestId('synonym-csv-file').setInputFiles({
    name: 'synonyms.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('words\r\nhalva,halawa\r\n'),
  });
  await expect(page.getByRole('cell', { name: 'halva · halawa', exact: true })).toBeVisible();

  // Deleting the group takes the word away again.
  await rowAction(page, 'ketchup · heinz · كاتشب', 'Delete');
  await page.getByRole('button', { name: 'Delete group' }).click();
  await expect(page.getByRole('cell', { name: 'ketchup · heinz · كاتشب', exact: true })).toBeHidden();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'No results were found' })).toBeVisible();
  await visitorContext.close();
});
