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

/** 1970-01-01 as a serial day in the 1904 date system some old Mac workbooks use. */
const EXCEL_1904_EPOCH_DAYS = 24_107;

const serialToDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - (date1904 ? EXCEL_1904_EPOCH_DAYS : EXCEL_EPOCH_DAYS)) * MS_PER_DAY));

/**
 * One cell as the sheet's XML stores it: its type (`t`: `n` number, `s` shared string, `str` a
 * formula's text, `inlineStr`, `b` boolean, `e` error, `d` ISO date), its value (shared strings and
 * inline text already resolved; null when the cell has none) and whether it holds a formula.
 */
export interface RawCell {
  type: string;
  value: string | null;
  formula: boolean;
}

/**
 * Reads one cell the way it shows in the spreadsheet: formulas by their saved result, dates as ISO
 * text, numbers in full, rich text by its text. Error values and formulas without a saved result
 * cannot be read and are reported on their cell.
 */
export function cellReading(cell: RawCell, format: string | undefined, date1904 = false): CellReading {
  const { type, value, formula } = cell;
  if (value === null) {
    return formula
      ? { problem: 'is a formula without a saved result: open the file in a spreadsheet and save it again' }
      : { text: '' };
  }
  switch (type) {
    case 's':
    case 'str':
    case 'inlineStr':
      return { text: value };
    case 'b':
      return { text: value.trim() === '1' || value.trim() === 'true' ? 'TRUE' : 'FALSE' };
    case 'e':
      return formula
        ? { problem: `is a formula whose result is the error ${value}` }
        : { problem: `holds the spreadsheet error ${value}` };
    case 'd': {
      const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
      return Number.isNaN(date.getTime())
        ? { problem: 'holds a date that cannot be read' }
        : { text: dateText(date) };
    }
    default: {
      if (value.trim() === '') return { text: '' };
      const number = Number(value);
      if (Number.isNaN(number)) return { problem: 'holds a value the import cannot read' };
      if (isDateFormat(format) && Number.isFinite(number)) {
        return { text: dateText(serialToDate(number, date1904)) };
      }
      return numberText(number, format);
    }
  }
}
