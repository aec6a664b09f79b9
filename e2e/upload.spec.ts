import { expect, test } from './support/fixtures';
import { choose } from './support/admin';
import { productGrid, signInAsGuest } from './support/catalog';
import {
  expectNoSeriousA11yViolations,
  openFromMenu,
  screenshot,
  setPreferences,
  signInAsAdmin,
} from './support/shell';
import { chooseCsv, csvFile, downloadText, expectNoSidewaysScroll, levelCounts } from './support/upload';

// Upload a products CSV through its screen, read the preview, import, and find the products through
// the catalogue search. Runs on the demo data of this file's own fresh server. The files use the
// older layout (a leading empty column, productExpDate for productShelfLife), which still imports.

const COLUMNS = [
  'productNameEn',
  'productNameAr',
  'productBarcode',
  'productExpDate',
  'productNetWeight',
  'productUnitsPerCarton',
  'productCost',
];
const stamp = String(Date.now()).slice(-6);
const GOOD = [
  [`Oasis Dates ${stamp}`, `تمر الواحة ${stamp}`, `629${stamp}0001`, '1 year', '500 (g)', '12', '18'],
  [
    `Oasis Date Bites ${stamp}`,
    `لقيمات تمر الواحة ${stamp}`,
    `629${stamp}0002`,
    '6 months',
    '250 (g)',
    '24',
    '9.5',
  ],
  [
    `Oasis Date Spread ${stamp}`,
    `معجون تمر الواحة ${stamp}`,
    `629${stamp}0003`,
    '1 year',
    '400 (g)',
    '12',
    '14',
  ],
];
// Line 3 has two mistakes, a barcode with letters and a negative price: the preview lists both.
const BAD = [
  GOOD[0]!,
  [`Broken ${stamp}`, `منتج معطوب ${stamp}`, '62A-17', '', '1 (kg)', '12', '-4'],
  GOOD[2]!,
];

test('upload products: preview with problems, then a clean file imported and found in the catalogue', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);

  // Through the menu: Upload, then Upload Products.
  await openFromMenu(page, 'Upload', 'Upload Products', /\/admin\/upload\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Products' })).toBeVisible();
  await expect(page.getByText('Choose a family and a category to upload a file')).toBeVisible();
  await choose(page, /^Family/, 'Al Nakheel Foods');
  await choose(page, /^Category/, 'Dates');
  // The CSV template names every column (the clear names) and holds no row that would import.
  const template = await downloadText(page, 'Headers only (CSV)');
  expect(template.name).toBe('dalil-products-headers.csv');
  expect(template.text.split('\r\n')).toEqual([
    '\uFEFFsubCategoryNameEn,subCategoryNameAr,productNameEn,productNameAr,productBarcode,productShelfLife,' +
      'productNetWeight,productDrainedWeight,productUnitsPerCarton,productCartonPerPallet,productNumber,' +
      'productStatus,productCost,productDescriptionEn,productDescriptionAr,productPublishAt,productImage,' +
      'productIcon',
    '',
  ]);

  // A file without a required column is refused at once, with a message that names it.
  await chooseCsv(page, 'no-arabic.csv', csvFile(['productNameEn', 'productBarcode'], [['Dates', '1']]));
  await expect(page.getByRole('alert')).toContainText('Missing required columns: productNameAr');
  await expect(page.getByText('Drag a CSV or Excel file here, or click to choose one')).toBeVisible();

  // A file with one bad row: the preview names its line, columns and reasons; Import stays disabled.
  await chooseCsv(page, 'dates-with-a-bad-row.csv', csvFile(COLUMNS, BAD));
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems: 2' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems.getByRole('row').nth(1)).toHaveText(/^3productBarcodeMust contain digits only$/);
  await expect(problems.getByRole('row').nth(2)).toHaveText(/^3productCostMust be 0 or more$/);
  expect(await levelCounts(page, 'Products')).toEqual(['2', '0', '0']);
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'upload-preview-problems-ltr');
  await expectNoSeriousA11yViolations(page);

  const invalid = await downloadText(page, 'Download invalid rows (CSV)');
  expect(invalid.name).toBe('dates-with-a-bad-row-invalid-rows.csv');
  expect(invalid.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
    `,${COLUMNS.join(',')},reason`,
    // The reason holds a semicolon, which some spreadsheets read as the separator: it is quoted.
    `,Broken ${stamp},منتج معطوب ${stamp},62A-17,,1 (kg),12,-4,"productBarcode: Must contain digits only; productCost: Must be 0 or more"`,
    '',
  ]);

  // The same preview in Arabic, right to left.
  await page.getByRole('button', { name: 'Change language to Arabic' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('table', { name: 'المشكلات: 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'استيراد' })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'upload-preview-problems-rtl');
  await page.getByRole('button', { name: 'تغيير اللغة إلى الإنجليزية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Cancel, then the fixed file: three products to create; Import writes them.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await chooseCsv(page, 'dates.csv', csvFile(COLUMNS, GOOD));
  await expect(
    page.getByText('Everything looks right. Import writes these changes in one go.'),
  ).toBeVisible();
  expect(await levelCounts(page, 'Products')).toEqual(['3', '0', '0']);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import complete' })).toBeVisible();
  await expect(page.getByText('3 rows imported from dates.csv.')).toBeVisible();
  expect(await levelCounts(page, 'Products')).toEqual(['3', '0', '0']);
  await screenshot(page, 'upload-import-report');
  await expect(page.getByRole('link', { name: 'Go to the family list' })).toHaveAttribute(
    'href',
    '/admin/family/list',
  );
  // The imported products, in the product list filtered by the company and category of the upload.
  await page.getByRole('link', { name: 'See the imported products' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/list\?family=\d+&category=\d+$/);
  await expect(page.getByRole('combobox', { name: 'Family' })).toHaveValue('Al Nakheel Foods');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Dates');
  // The list pages by id, so the new products are found through its search.
  await page.getByRole('searchbox').fill(`Oasis Date Bites ${stamp}`);
  await expect(page.getByText(`Oasis Date Bites ${stamp}`)).toBeVisible();
  await page.goto('/admin/family/list');

  // Upload All in Arabic: the drop area, the templates, and the export holding the new products.
  await page.getByRole('button', { name: 'Change language to Arabic' }).click();
  await page.goto('/admin/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'رفع البيانات' })).toBeVisible();
  const exported = await downloadText(page, 'تصدير الكتالوج (CSV)');
  expect(exported.name).toBe('dalil-catalogue.csv');
  expect(exported.text).toContain(`Al Nakheel Foods,النخيل للأغذية,Dates,تمور,,,Oasis Date Bites ${stamp}`);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'upload-all-rtl');
  await expectNoSeriousA11yViolations(page);

  // The catalogue finds an imported product by its Arabic name (the visitor area in Arabic).
  await setPreferences(page, { language: 'ar' });
  await signInAsGuest(page);
  await page.getByRole('link', { name: 'افتح كتالوج النخيل للأغذية' }).click();
  await page.getByRole('searchbox', { name: 'ابحث في المنتجات' }).fill(`لقيمات تمر الواحة ${stamp}`);
  await expect(page).toHaveURL(/search=/);
  // The search ranks by similarity, so the other two imported products may follow.
  const found = productGrid(page).getByRole('heading', { name: `لقيمات تمر الواحة ${stamp}`, exact: true });
  await expect(found).toBeVisible();
  await found.click();
  await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(
    `لقيمات تمر الواحة ${stamp}`,
  );
});
