import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';

/** A CSV file as a spreadsheet saves it: UTF-8 with a BOM, CRLF, a leading empty column. */
export function csvFile(header: string[], rows: string[][]): Buffer {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [['', ...header], ...rows.map((row) => ['', ...row])];
  return Buffer.from('\uFEFF' + lines.map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n');
}

/** Sets a file on the upload screen's CSV drop area (its hidden input is named "CSV file"). */
export async function chooseCsv(
  page: Page,
  name: string,
  content: Buffer,
  label = 'CSV or Excel file',
): Promise<void> {
  await page.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: content,
  });
}

/** Clicks a download button and returns the saved file's name and text. */
export async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readDownload(download) };
}

async function readDownload(download: Download): Promise<string> {
  const path = await download.path();
  expect(path).toBeTruthy();
  return (await readFile(path)).toString('utf8');
}

/** The numbers of a level's card in the report ("To create", "To update", "Unchanged"). */
export async function levelCounts(page: Page, level: string): Promise<string[]> {
  return page.getByRole('group', { name: level }).getByRole('definition').allTextContents();
}

/** Nothing may push the page sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? Infinity,
  );
}
