import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './support/fixtures';
import { choose } from './support/admin';
import { expectNoSeriousA11yViolations, screenshot, setPreferences, signInAsAdmin } from './support/shell';
import { expectNoSidewaysScroll, levelCounts } from './support/upload';

// An Excel workbook through the products upload: the preview names spreadsheet rows, the invalid
// rows come back as a workbook with the faulty cells marked, and the fixed workbook imports. The
// upload screens are photographed in English and Arabic, light and dark.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const stamp = String(Date.now()).slice(-6);

/** A workbook as a person types one: the barcode typed as a number, a count from a formula. */
async function workbook(barcode: number | string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Dates');
  sheet.addRow(['productNameEn', 'productNameAr', 'productBarcode', 'productUnitsPerCarton']);
  sheet.addRow([`Sheet Dates ${stamp}`, `تمر الجدول ${stamp}`, 6_290_000_000_000 + Number(stamp), 12]);
  sheet.addRow([`Sheet Figs ${stamp}`, `تين الجدول ${stamp}`, barcode, { formula: '6*4', result: 24 }]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const chooseWorkbook = (page: Page, name: string, buffer: Buffer, label = 'CSV or Excel file') =>
  page.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles({ name, mimeType: XLSX, buffer });

test('upload products from an Excel workbook: rows named, invalid rows as a marked workbook', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1100 });
  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await signInAsAdmin(page);

  // The upload screen in its four looks, before a file is chosen.
  for (const [language, colourMode] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ] as const) {
    await setPreferences(page, { language, colourMode, direction: null });
    await page.goto('/admin/upload');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(
      page.getByRole('button', { name: language === 'ar' ? 'نموذج (Excel)' : 'Example (Excel)' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, `upload-all-xlsx-${language}-${colourMode}`);
  }
  await expectNoSeriousA11yViolations(page);

  await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
  await page.goto('/admin/upload/products');
  await choose(page, /^Family/, 'Al Nakheel Foods');
  await choose(page, /^Category/, 'Dates');

  // The XLSX template comes from the server as a workbook.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Headers only (Excel)' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('dalil-products-headers.xlsx');

  await chooseWorkbook(page, 'dates.xlsx', await workbook('62A-17'));
  const problems = page.getByRole('table', { name: 'Problems: 1' });
  await expect(problems.getByRole('columnheader').first()).toHaveText('Row');
  await expect(problems.getByRole('row').nth(1)).toHaveText(/^3productBarcodeMust contain digits only$/);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'upload-xlsx-problems-en-light');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download invalid rows (Excel)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('dates-invalid-rows.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getCell('C2').value).toBe('62A-17');
  expect(sheet.getCell('C2').note).toBe('must contain digits only');
  expect(sheet.getCell('E2').value).toBe('productBarcode: must contain digits only');

  await setPreferences(page, { language: 'ar', colourMode: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // Arabic, dark: choose again (a reload starts over), then the fixed workbook imports.
  await choose(page, /^الشركة/, 'النخيل للأغذية');
  await choose(page, /^الفئة/, 'تمور');
  await chooseWorkbook(page, 'dates.xlsx', await workbook('0062900000017'), 'ملف CSV أو Excel');
  await expect(page.getByRole('heading', { name: 'المعاينة' })).toBeVisible();
  expect(await levelCounts(page, 'المنتجات')).toEqual(['2', '0', '0']);
  await screenshot(page, 'upload-xlsx-preview-ar-dark');
  await page.getByRole('button', { name: 'استيراد' }).click();
  await expect(page.getByRole('heading', { name: 'اكتمل الاستيراد' })).toBeVisible();
});
