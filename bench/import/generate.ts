import { createWriteStream, statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { CSV_COLUMNS } from '@dalil/contracts/imports';

const FAMILIES = 10;
const CATEGORIES_PER_FAMILY = 50;
const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabic = (n: number) => String(n).replace(/[0-9]/g, (d) => AR_DIGITS[Number(d)]!);
const WORDS = ['Crunchy', 'Fresh', 'Golden', 'Classic', 'Spicy', 'Light', 'Family Pack', 'Premium'];
const AR_WORDS = ['مقرمش', 'طازج', 'ذهبي', 'كلاسيك', 'حار', 'خفيف', 'عبوة عائلية', 'ممتاز'];

/**
 * An "all" CSV of `rows` products spread over 10 families and 500 categories, the way a real export
 * looks: quoted names with commas, Arabic names, one product in ten without a barcode.
 */
export async function generateCsv(path: string, rows: number): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`\uFEFF,${CSV_COLUMNS.join(',')}\r\n`);
  for (let i = 0; i < rows; i++) {
    const f = i % FAMILIES;
    const c = Math.floor(i / FAMILIES) % CATEGORIES_PER_FAMILY;
    const w = i % WORDS.length;
    const barcode = i % 10 === 9 ? '' : String(6_280_000_000_000 + i);
    const cells = [
      '',
      `Family ${f}`,
      `عائلة ${arabic(f)}`,
      `Category ${f}-${c}`,
      `فئة ${arabic(f)}-${arabic(c)}`,
      '',
      '',
      `"Product ${i}, ${WORDS[w]}"`,
      `"منتج ${arabic(i)} ${AR_WORDS[w]}"`,
      barcode,
      `${(i % 24) + 1} months`,
      `${(i % 900) + 100} (g)`,
      i % 3 ? '' : `${(i % 500) + 50} (g)`,
      String((i % 48) + 1),
      String((i % 120) + 10),
      String(100_000 + i),
    ];
    await write(cells.join(',') + '\r\n');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

/**
 * The same rows as `generateCsv`, as an .xlsx workbook laid out the way a spreadsheet program saves
 * one: shared strings after the sheet (so the server's reader parks the sheet in a temporary file
 * first), barcodes and counts typed as numbers, a leading empty column. Written with exceljs's
 * streaming writer, so the generator's memory stays flat too.
 */
export async function generateXlsx(path: string, rows: number): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Catalogue');
  sheet.addRow(['', ...CSV_COLUMNS]).commit();
  for (let i = 0; i < rows; i++) {
    const f = i % FAMILIES;
    const c = Math.floor(i / FAMILIES) % CATEGORIES_PER_FAMILY;
    const w = i % WORDS.length;
    sheet
      .addRow([
        null,
        `Family ${f}`,
        `عائلة ${arabic(f)}`,
        `Category ${f}-${c}`,
        `فئة ${arabic(f)}-${arabic(c)}`,
        null,
        null,
        `Product ${i}, ${WORDS[w]}`,
        `منتج ${arabic(i)} ${AR_WORDS[w]}`,
        i % 10 === 9 ? null : 6_280_000_000_000 + i,
        `${(i % 24) + 1} months`,
        `${(i % 900) + 100} (g)`,
        i % 3 ? null : `${(i % 500) + 50} (g)`,
        (i % 48) + 1,
        (i % 120) + 10,
        100_000 + i,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return statSync(path).size;
}
