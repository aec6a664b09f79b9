import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small RGB PNG: a diagonal two-colour badge, so previews are recognisable in screenshots. */
export function makePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) {
      const light = x + y < size ? 0 : 70;
      rows.push(Math.min(255, r + light), Math.min(255, g + light), Math.min(255, b + light));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sets a file on an image field's drop area (its hidden input is named after the field). */
export async function chooseImage(page: Page, field: string, name: string, png: Buffer): Promise<void> {
  await page.locator(`input[type="file"][aria-label="${field}"]`).setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByRole('group', { name: field }).getByRole('img')).toBeVisible();
}

/** Picks an option of an MUI select by the field's label. */
export async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  // Open the select until its list shows: a click that lands while the page is still settling after a
  // navigation can be lost. The option is taken from that open list only, never from a closing one.
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    await page.getByRole('combobox', { name: label }).click();
    await expect(listbox).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await expect(listbox).toBeHidden();
}

/** Types into the list's search box and waits for the debounced search to reach the URL. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox').fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/** Opens a row's menu ("Actions for …") and picks an entry. */
export async function rowAction(page: Page, rowName: string, action: 'Edit' | 'Delete'): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${rowName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The running numbers of the list: its "id" column (after the ticking boxes, in a list that has them). */
export async function runningNumbers(table: Locator): Promise<string[]> {
  const column = (await table.locator('thead th').allTextContents()).indexOf('id') + 1;
  expect(column, 'the list has an id column').toBeGreaterThan(0);
  return table.locator(`tbody tr td:nth-child(${column})`).allTextContents();
}
