import { createWriteStream, statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { CSV_COLUMNS } from '@dalil/contracts/imports';
import { attributeCells, attributeColumns, attributeSpecs } from '../lib/attributes';
import { seededRandom } from '../lib/random';

export const FAMILIES = 10;
export const CATEGORIES_PER_FAMILY = 50;
const AR_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabic = (n: number) => String(n).replace(/[0-9]/g, (d) => AR_DIGITS[Number(d)]!);

/** The names of family `f` and of its category `c` as the files spell them. */
export const familyName = (f: number) => ({ en: `Family ${f}`, ar: `عائلة ${arabic(f)}` });
export const categoryName = (f: number, c: number) => ({
  en: `Category ${f}-${c}`,
  ar: `فئة ${arabic(f)}-${arabic(c)}`,
});

/** The columns after `productNumber` (status, cost, ...) stay empty: a row's cells up to its attributes. */
const EMPTY_AFTER_NUMBER = CSV_COLUMNS.length - CSV_COLUMNS.indexOf('productNumber') - 1;

/**
 * The `attr.*` header and, row after row, their cells after the empty columns (none without
 * attributes): the same values in both formats.
 */
function attributeRows(attributes: number, empty: string | null) {
  const specs = attributeSpecs(attributes);
  const rnd = seededRandom(20_261_126);
  const gap = specs.length > 0 ? Array<string | null>(EMPTY_AFTER_NUMBER).fill(empty) : [];
  return { header: attributeColumns(specs), next: () => [...gap, ...attributeCells(specs, rnd)] };
}
const csvCell = (v: string | number | null) =>
  v === null ? '' : typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
const WORDS = ['Crunchy', 'Fresh', 'Golden', 'Classic', 'Spicy', 'Light', 'Family Pack', 'Premium'];
const AR_WORDS = ['مقرمش', 'طازج', 'ذهبي', 'كلاسيك', 'حار', 'خفيف', 'عبوة عائلية', 'ممتاز'];

/**
 * An "all" CSV of `rows` products spread over 10 families and 500 categories, the way a real export
 * looks: quoted names with commas, Arabic names, one product in ten without a barcode. With
 * `attributes` > 0, `attr.*` columns with a value of each attribute (bench/lib/attributes.ts).
 */
export async function generateCsv(path: string, rows: number, attributes = 0): Promise<number> {
  const attrs = attributeRows(attributes, '');
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`\uFEFF,${[...CSV_COLUMNS, ...attrs.header].join(',')}\r\n`);
  for (let i = 0; i < rows; i++) {
    const f = i % FAMILIES;
    const c = Math.floor(i / FAMILIES) % CATEGORIES_PER_FAMILY;
    const w = i % WORDS.length;
    const barcode = i % 10 === 9 ? '' : String(6_280_000_000_000 + i);
    const cells = [
      '',
      familyName(f).en,
      familyName(f).ar,
      categoryName(f, c).en,
      categoryName(f, c).ar,
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
      ...attrs.next().map(csvCell),
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
export async function generateXlsx(path: string, rows: number, attributes = 0): Promise<number> {
  const attrs = attributeRows(attributes, null);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Catalogue');
  sheet.addRow(['', ...CSV_COLUMNS, ...attrs.header]).commit();
  for (let i = 0; i < rows; i++) {
    const f = i % FAMILIES;
    const c = Math.floor(i / FAMILIES) % CATEGORIES_PER_FAMILY;
    const w = i % WORDS.length;
    sheet
      .addRow([
        null,
        familyName(f).en,
        familyName(f).ar,
        categoryName(f, c).en,
        categoryName(f, c).ar,
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
        ...attrs.next(),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return statSync(path).size;
}
