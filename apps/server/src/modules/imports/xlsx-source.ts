import { badRequest, HttpError } from '../../lib/errors';
import { MAX_RECORD_CELLS, type SourceRecord } from './csv-source';
import { damaged, unpacksTooLarge, XlsxArchive } from './xlsx-archive';
import { cellReading, type RawCell } from './xlsx-cells';
import { cellFormats, sharedStrings, workbookLayout, type SharedStringLimits } from './xlsx-parts';
import { parseXml, type XmlHandler } from './xlsx-xml';

/** A merged range, by row and column numbers (1-based, as the spreadsheet counts them). */
interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface XlsxLimits {
  /** What the parts read may unpack to, in all (as their archive directory declares them). */
  maxInflatedBytes: number;
  sharedStrings: SharedStringLimits;
  /**
   * Characters of text in the sheet's cells, in all, counted per cell as it is read: a shared string
   * counts again in every cell that uses it, so a small file cannot bring more text than a CSV of the
   * same rows could (a CSV holds at least a byte per character).
   */
  cellCharacters: number;
}

const tooMuchText = (limit: number) =>
  new HttpError(
    413,
    'import.tooMuchText',
    { max: limit },
    { details: [{ path: 'file', code: 'import.cellText', params: { max: limit } }] },
  );

/** "B2" → row 2, column 2. */
function cellAddress(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?([0-9]+)$/i.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), col };
}

function mergeRange(ref: string): MergeRange | null {
  const [a, b = a] = ref.split(':');
  const from = cellAddress(a ?? '');
  const to = cellAddress(b ?? '');
  if (!from || !to) return null;
  return {
    top: Math.min(from.row, to.row),
    bottom: Math.max(from.row, to.row),
    left: Math.min(from.col, to.col),
    right: Math.max(from.col, to.col),
  };
}

/** The end of a sheet's rows; `<` is always escaped inside cell text, so this cannot be a value. */
const END_OF_ROWS = /<\/(?:[A-Za-z_][\w.-]*:)?sheetData>|<(?:[A-Za-z_][\w.-]*:)?sheetData\s*\/>/;
/** Longest possible `</prefix:sheetData>` split across two chunks. */
const CARRY = 64;
const MERGE_CELL = /<(?:[A-Za-z_][\w.-]*:)?mergeCell\b[^>]*?\bref\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** Merged ranges kept per sheet; a catalogue sheet has a few hundred at most. */
const MAX_MERGES = 100_000;
/** Longest tag after the rows: past it the part is not a sheet a spreadsheet wrote. */
const MAX_TAG = 64 * 1024;

/**
 * The merged ranges of the sheet. They are listed after the rows, so this first pass only looks for
 * the end of the rows and then for `<mergeCell ref="...">` tags (attribute values cannot hold `<`,
 * so a tag is whole once the next `<` has arrived); parsing the rows' XML here as well tripled this
 * pass's time on 100 000 rows.
 */
async function sheetMerges(archive: XlsxArchive, sheet: string): Promise<MergeRange[]> {
  const ranges: MergeRange[] = [];
  let carry = '';
  let inTail = false;
  const scan = (text: string) => {
    for (const m of text.matchAll(MERGE_CELL)) {
      const range = mergeRange(m[1] ?? m[2] ?? '');
      if (range && ranges.length < MAX_MERGES) ranges.push(range);
    }
  };
  for await (const chunk of archive.text(sheet)) {
    const text = carry + chunk;
    if (!inTail) {
      const end = END_OF_ROWS.exec(text);
      if (!end) {
        carry = text.slice(-CARRY);
        continue;
      }
      inTail = true;
      const rest = text.slice(end.index + end[0].length);
      const cut = rest.lastIndexOf('<');
      scan(cut < 0 ? rest : rest.slice(0, cut));
      carry = cut < 0 ? '' : rest.slice(cut);
      continue;
    }
    const cut = text.lastIndexOf('<');
    scan(cut < 0 ? text : text.slice(0, cut));
    carry = cut < 0 ? '' : text.slice(cut);
    if (carry.length > MAX_TAG) throw damaged();
  }
  if (inTail) scan(carry);
  return ranges;
}

/** Each row of a merged range reads the cells of the range's first row (a family name merged down). */
class MergeFill {
  private readonly byTop = new Map<number, MergeRange[]>();
  private active: { range: MergeRange; cells: Map<number, SourceCell> }[] = [];

  constructor(ranges: MergeRange[]) {
    for (const r of ranges) {
      if (r.bottom === r.top) continue; // a merge within one row changes nothing for that row
      const list = this.byTop.get(r.top) ?? [];
      list.push(r);
      this.byTop.set(r.top, list);
    }
  }

  apply(rowNumber: number, cells: Map<number, SourceCell>) {
    this.active = this.active.filter((a) => a.range.bottom >= rowNumber);
    for (const { range, cells: first } of this.active) {
      for (let col = range.left; col <= range.right; col++) {
        const value = first.get(col);
        if (value) cells.set(col, value);
        else cells.delete(col);
      }
    }
    for (const range of this.byTop.get(rowNumber) ?? []) {
      const first = new Map<number, SourceCell>();
      for (let col = range.left; col <= range.right; col++) {
        const value = cells.get(col);
        if (value) first.set(col, value);
      }
      this.active.push({ range, cells: first });
    }
  }
}

type SourceCell = { text: string } | { problem: string };

/** One row of the sheet as read: its number and its non-empty cells by column. */
interface SheetRow {
  number: number;
  cells: Map<number, SourceCell>;
}

const tooWide = (row: number) =>
  badRequest('import.tooWide', { row, column: MAX_RECORD_CELLS + 1, max: MAX_RECORD_CELLS }, [
    { path: `row ${row}`, code: 'import.moreColumns', params: { max: MAX_RECORD_CELLS } },
  ]);

/**
 * Reads `<sheetData>` row by row: each `<c>` cell's type, value, formula and style, turned into
 * what the cell shows (`xlsx-cells.ts`). Cells past the column limit stop the read at once, so a row
 * cannot grow without bound, and so does text past `maxCharacters` in all.
 */
function rowHandler(
  strings: string[],
  formats: (string | undefined)[],
  date1904: boolean,
  maxCharacters: number,
): XmlHandler<SheetRow> {
  let characters = 0;
  let row: SheetRow | null = null;
  let lastRow = 0;
  let col = 0;
  let style = 0;
  let cell: RawCell | null = null;
  let text: string[] | null = null; // the text of the <v>, or of the inline <is>, being read
  let inline = false;
  let phonetic = 0;
  const finishCell = () => {
    if (!row || !cell) return;
    if (cell.type === 's' && cell.value !== null) {
      const index = cell.value.trim() === '' ? NaN : Number(cell.value);
      const value = strings[index];
      if (value === undefined) throw damaged();
      cell.value = value;
    }
    const reading = cellReading(cell, formats[style], date1904);
    if ('text' in reading) {
      characters += reading.text.length;
      if (characters > maxCharacters) throw tooMuchText(maxCharacters);
    }
    if ('problem' in reading || reading.text !== '') {
      if (col > MAX_RECORD_CELLS) throw tooWide(row.number);
      row.cells.set(col, reading);
    }
  };
  return {
    out: [],
    done: false,
    open(name, attrs) {
      if (this.done) return;
      if (name === 'row') {
        const number = attrs.r === undefined ? lastRow + 1 : Number(attrs.r);
        if (!Number.isInteger(number) || number < 1) throw damaged();
        row = { number, cells: new Map() };
        lastRow = number;
        col = 0;
      } else if (name === 'c' && row) {
        col = attrs.r === undefined ? col + 1 : (cellAddress(attrs.r)?.col ?? NaN);
        if (!Number.isInteger(col)) throw damaged();
        style = Number(attrs.s ?? 0);
        cell = { type: attrs.t ?? 'n', value: null, formula: false };
      } else if (!cell) return;
      else if (name === 'v') text = [];
      else if (name === 'f') cell.formula = true;
      else if (name === 'is') {
        inline = true;
        cell.value = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inline && phonetic === 0) text = [];
    },
    text(value) {
      text?.push(value);
    },
    close(name) {
      if (this.done) return;
      if (name === 'v' || name === 't') {
        if (cell && text) cell.value = (name === 't' ? (cell.value ?? '') : '') + text.join('');
        text = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 'is') inline = false;
      else if (name === 'c') {
        finishCell();
        cell = null;
      } else if (name === 'row' && row) {
        this.out!.push(row);
        row = null;
      } else if (name === 'sheetData') this.done = true;
    },
  };
}

/**
 * Streams the rows of the workbook's first sheet (in tab order), reading the archive by random
 * access: the workbook, the styles and the shared strings first (capped), the merged ranges, then
 * the sheet's rows as they unpack. `line` is the spreadsheet's own row number; rows the sheet does
 * not store (blank rows) never appear. A damaged archive or sheet is a 400; a workbook past the
 * unpacked size or the shared-strings caps a 413. Nothing is written to disk.
 */
export async function* xlsxRecords(path: string, limits: XlsxLimits): AsyncGenerator<SourceRecord> {
  const archive = await XlsxArchive.open(path);
  try {
    const layout = await workbookLayout(archive);
    if (layout.sheet === null || !archive.has(layout.sheet)) return;
    const declared = [layout.sheet, layout.sharedStrings, layout.styles]
      .filter((p): p is string => p !== null)
      .reduce((sum, p) => sum + archive.size(p), 0);
    if (declared > limits.maxInflatedBytes) throw unpacksTooLarge(limits.maxInflatedBytes);
    const strings = await sharedStrings(archive, layout.sharedStrings, limits.sharedStrings);
    const formats = await cellFormats(archive, layout.styles);
    const fill = new MergeFill(await sheetMerges(archive, layout.sheet));
    const handler = rowHandler(strings, formats, layout.date1904, limits.cellCharacters);
    for await (const { number, cells: read } of parseXml(archive.text(layout.sheet), handler)) {
      // A row with nothing of its own is blank, even inside a merged range: it is skipped like a
      // blank CSV line rather than filled.
      if (read.size > 0) fill.apply(number, read);
      const width = Math.max(0, ...read.keys());
      if (width > MAX_RECORD_CELLS) throw tooWide(number);
      const cells = Array.from({ length: width }, () => '');
      const problems = new Map<number, string>();
      for (const [col, reading] of read) {
        if ('text' in reading) cells[col - 1] = reading.text;
        else problems.set(col - 1, reading.problem);
      }
      yield { line: number, cells, ...(problems.size > 0 ? { cellProblems: problems } : {}) };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Disk and system failures are the server's, not the file's.
    if (typeof (err as { syscall?: unknown } | null)?.syscall === 'string') throw err;
    throw damaged();
  } finally {
    archive.close();
  }
}
