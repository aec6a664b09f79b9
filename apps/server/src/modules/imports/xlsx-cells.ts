import type { CellValue } from 'exceljs';

/** A cell as the import reads it: its text, or why it cannot be read. */
export type CellReading = { text: string } | { problem: string };

/** Digits a spreadsheet keeps exactly in a number: past 15 significant digits it rounds. */
const EXACT_DIGITS = 15;
const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day (1900 date system)

/** Number formats that only pad with zeros ("0000000000000"): the padding is part of the code. */
const ZERO_PADDED = /^0+$/;

/** A date/time number format: d, m, y, h or s outside quoted text, escapes and [colour] brackets. */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  const bare = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A date as ISO text: the day alone when it has no time of day (spreadsheet dates carry no zone). */
export function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  const s = date.getUTCSeconds();
  if (h === 0 && m === 0 && s === 0) return day;
  return `${day} ${pad2(h)}:${pad2(m)}${s ? `:${pad2(s)}` : ''}`;
}

/**
 * A number as the text a person typed: integers in full (a barcode typed as a number, 6281000000017,
 * stays "6281000000017", never 6.281E+12), zero-padded when the cell's format pads it, decimals
 * without the binary noise (0.1 + 0.2 reads "0.3"). An integer past 15 digits was already rounded
 * by the spreadsheet, so it is refused rather than imported wrong.
 */
export function numberText(value: number, format: string | undefined): CellReading {
  if (!Number.isFinite(value)) return { problem: 'holds a value that is not a number' };
  if (Number.isInteger(value)) {
    if (Math.abs(value) >= 10 ** EXACT_DIGITS) {
      return {
        problem: `is a number with more than ${EXACT_DIGITS} digits, which the spreadsheet rounded: format the column as text and type it again`,
      };
    }
    const digits = value.toFixed(0);
    if (format && ZERO_PADDED.test(format) && value >= 0)
      return { text: digits.padStart(format.length, '0') };
    return { text: digits };
  }
  return { text: String(Number(value.toPrecision(EXACT_DIGITS))) };
}

const excelSerialToDate = (serial: number) => new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * MS_PER_DAY));

const richTextOf = (value: { richText: { text: string }[] }) => value.richText.map((r) => r.text).join('');

/**
 * Reads one cell the way it shows in the spreadsheet: formulas by their saved result, dates as ISO
 * text, numbers in full, rich text and hyperlinks by their text. Error values and formulas without a
 * saved result cannot be read and are reported on their cell.
 */
export function cellReading(value: CellValue, format: string | undefined): CellReading {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') {
    if (isDateFormat(format)) return { text: dateText(excelSerialToDate(value)) };
    return numberText(value, format);
  }
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? { problem: 'holds a date that cannot be read' }
      : { text: dateText(value) };
  }
  if ('error' in value) return { problem: `holds the spreadsheet error ${String(value.error)}` };
  if ('richText' in value) return { text: richTextOf(value) };
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as { result?: unknown };
    if (result === undefined || result === null) {
      return {
        problem: 'is a formula without a saved result: open the file in a spreadsheet and save it again',
      };
    }
    if (typeof result === 'number' && Number.isNaN(result)) {
      return { problem: 'is a formula whose result is an error' };
    }
    if (typeof result === 'object' && result !== null && 'error' in result) {
      return { problem: `is a formula whose result is the error ${String(result.error)}` };
    }
    return cellReading(result as CellValue, format);
  }
  if ('text' in value) {
    const text = value.text as unknown;
    if (typeof text === 'string') return { text };
    if (typeof text === 'object' && text !== null && 'richText' in text) {
      return { text: richTextOf(text as { richText: { text: string }[] }) };
    }
  }
  return { problem: 'holds a value the import cannot read' };
}
