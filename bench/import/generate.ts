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
 * Row `i` of a generated file, the same in every format: its family `f` and category `c` (both from
 * 0) and its cells. Names carry a comma (quoted in a CSV); one product in ten has no barcode.
 */
export function benchRow(i: number) {
  const f = i % FAMILIES;
  const c = Math.floor(i / FAMILIES) % CATEGORIES_PER_FAMILY;
  const w = i % WORDS.length;
  return {
    f,
    c,
    familyEn: familyName(f).en,
    familyAr: familyName(f).ar,
    categoryEn: categoryName(f, c).en,
    categoryAr: categoryName(f, c).ar,
    nameEn: `Product ${i}, ${WORDS[w]}`,
    nameAr: `منتج ${arabic(i)} ${AR_WORDS[w]}`,
    barcode: i % 10 === 9 ? null : String(6_280_000_000_000 + i),
    shelfLife: `${(i % 24) + 1} months`,
    netWeight: `${(i % 900) + 100} (g)`,
    drainedWeight: i % 3 ? null : `${(i % 500) + 50} (g)`,
    unitsPerCarton: (i % 48) + 1,
    cartonPerPalate: (i % 120) + 10,
    number: String(100_000 + i),
  };
}

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
    const r = benchRow(i);
    const cells = [
      '',
      r.familyEn,
      r.familyAr,
      r.categoryEn,
      r.categoryAr,
      '',
      '',
      `"${r.nameEn}"`,
      `"${r.nameAr}"`,
      r.barcode ?? '',
      r.shelfLife,
      r.netWeight,
      r.drainedWeight ?? '',
      String(r.unitsPerCarton),
      String(r.cartonPerPalate),
      r.number,
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
    const r = benchRow(i);
    sheet
      .addRow([
        null,
        r.familyEn,
        r.familyAr,
        r.categoryEn,
        r.categoryAr,
        null,
        null,
        r.nameEn,
        r.nameAr,
        r.barcode === null ? null : Number(r.barcode),
        r.shelfLife,
        r.netWeight,
        r.drainedWeight,
        r.unitsPerCarton,
        r.cartonPerPalate,
        Number(r.number),
        ...attrs.next(),
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return statSync(path).size;
}
