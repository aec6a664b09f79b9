import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import unzipper from 'unzipper';
import { badRequest, HttpError } from '../../lib/errors';
import { MAX_RECORD_CELLS, type SourceRecord } from './csv-source';
import { cellReading } from './xlsx-cells';

/** A merged range, by row and column numbers (1-based, as the spreadsheet counts them). */
interface MergeRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const SHEET_ENTRY = /^xl\/worksheets\/sheet(\d+)\.xml$/;

const damaged = () =>
  badRequest('The file is not a readable Excel workbook (.xlsx): it is damaged or incomplete', [
    { path: 'file', message: 'is not a readable workbook' },
  ]);

const notWorkbook = () =>
  badRequest('The file is a ZIP archive but not an Excel workbook (.xlsx); upload a .xlsx or .csv file', [
    { path: 'file', message: 'is not an Excel workbook' },
  ]);

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
const END_OF_SHEET = /<\/(?:[A-Za-z_][\w.-]*:)?worksheet>\s*$/;
/** Longest possible `</prefix:sheetData>` split across two chunks. */
const CARRY = 64;

/**
 * The merged ranges of one worksheet's XML; counts the inflated bytes against the budget. Merges are
 * listed after the rows, so only the part after `</sheetData>` (a few kilobytes) goes through the
 * XML parser: parsing the rows as well tripled this pass's time on 100 000 rows.
 */
async function sheetMerges(entry: unzipper.Entry, budget: { left: number }): Promise<MergeRange[]> {
  let carry = '';
  let tail: string | null = null;
  entry.setEncoding('utf8');
  for await (const chunk of entry as AsyncIterable<string>) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new TooLarge();
    if (tail !== null) {
      tail += chunk;
      continue;
    }
    const text = carry + chunk;
    const end = END_OF_ROWS.exec(text);
    if (end) tail = text.slice(end.index + end[0].length);
    else carry = text.slice(-CARRY);
  }
  if (tail === null) return []; // no rows at all: nothing to merge
  const ranges: MergeRange[] = [];
  const parser = new SaxesParser({ fragment: true });
  parser.on('opentag', (node) => {
    if (node.name !== 'mergeCell' && !node.name.endsWith(':mergeCell')) return;
    const ref = node.attributes.ref;
    const range = typeof ref === 'string' ? mergeRange(ref) : null;
    if (range) ranges.push(range);
  });
  parser.write(tail.replace(END_OF_SHEET, '')).close();
  return ranges;
}

class TooLarge extends Error {}

/** Reads a part of the archive to its end, counting its unpacked bytes (shared strings are cached). */
async function countEntry(entry: unzipper.Entry, budget: { left: number }) {
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new TooLarge();
  }
}

/**
 * A first, light pass over the archive: it must hold a workbook, and the merged ranges of each
 * worksheet are collected (they are written after the rows, and a streamed read needs them first).
 */
async function scanWorkbook(path: string, maxInflatedBytes: number): Promise<Map<number, MergeRange[]>> {
  const input = createReadStream(path);
  const zip = input.pipe(unzipper.Parse({ forceStream: true }));
  const merges = new Map<number, MergeRange[]>();
  const budget = { left: maxInflatedBytes };
  let workbook = false;
  // A cut-off archive fails the archive stream while the part being read simply never ends: every
  // read of a part races the archive's own failure.
  const broken = new Promise<never>((_, reject) => {
    zip.once('error', reject);
    zip.once('close', () => reject(new Error('The archive ended')));
  });
  broken.catch(() => undefined);
  try {
    for await (const item of zip as AsyncIterable<unzipper.Entry>) {
      const sheet = SHEET_ENTRY.exec(item.path);
      if (item.path === 'xl/workbook.xml') workbook = true;
      if (sheet) merges.set(Number(sheet[1]), await Promise.race([sheetMerges(item, budget), broken]));
      else await Promise.race([countEntry(item, budget), broken]);
    }
  } catch (err) {
    if (err instanceof TooLarge) {
      throw new HttpError(
        413,
        'The workbook holds too much data once unpacked; split it into smaller files',
        [{ path: 'file', message: `unpacks to more than ${maxInflatedBytes} bytes` }],
      );
    }
    throw damaged();
  } finally {
    input.destroy();
  }
  if (!workbook) throw notWorkbook();
  return merges;
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

/**
 * Streams the rows of the workbook's first sheet (in tab order) with exceljs's streaming reader: the
 * whole workbook is never in memory, and a sheet that comes before the shared strings is parked in a
 * temporary file by exceljs. `line` is the spreadsheet's own row number; rows the sheet does not
 * store (blank rows) never appear. A damaged archive or sheet is a 400.
 */
export async function* xlsxRecords(path: string, maxInflatedBytes: number): AsyncGenerator<SourceRecord> {
  const merges = await scanWorkbook(path, maxInflatedBytes);
  const input = createReadStream(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  let sheetNo = 0;
  // At run time the reader is an EventEmitter (its typings leave that out): 'entry' names each
  // worksheet's archive number just before the worksheet itself is handed out.
  (reader as unknown as NodeJS.EventEmitter).on('entry', (entry: { type: string; id?: string }) => {
    if (entry.type === 'worksheet') sheetNo = Number(entry.id);
  });
  const sheets = reader[Symbol.asyncIterator]();
  const first = () =>
    (reader as unknown as { model?: { sheets?: { name?: string }[] } }).model?.sheets?.[0]?.name;
  /**
   * Lets the reader finish without parsing what is left: each sheet's source is closed unread. exceljs
   * deletes a parked sheet's temporary file only when it moves past that sheet, so the reader is
   * always run to its end, also after a problem or an early stop.
   */
  const finishReader = async () => {
    for (;;) {
      const next = await sheets.next();
      if (next.done) return;
      closeSheet(next.value);
    }
  };
  const rows = async function* () {
    for (;;) {
      const next = await sheets.next();
      if (next.done) return;
      const sheet = next.value;
      const name = (sheet as unknown as { name?: string }).name;
      if (first() !== undefined && name !== first()) {
        closeSheet(sheet);
        continue;
      }
      const fill = new MergeFill(merges.get(sheetNo) ?? []);
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) yield { row, fill };
      return;
    }
  };
  try {
    for await (const { row, fill } of rows()) {
      const read = new Map<number, SourceCell>();
      row.eachCell((cell, col) => {
        const reading = cellReading(cell.value, cell.numFmt);
        if ('problem' in reading || reading.text !== '') read.set(col, reading);
      });
      // A row with nothing of its own is blank, even inside a merged range: it is skipped like a
      // blank CSV line rather than filled.
      if (read.size > 0) fill.apply(row.number, read);
      const width = Math.max(0, ...read.keys());
      if (width > MAX_RECORD_CELLS) {
        throw badRequest(
          `Row ${row.number} has a value in column ${width}; a catalogue sheet has at most ${MAX_RECORD_CELLS} columns`,
          [{ path: `row ${row.number}`, message: `has more than ${MAX_RECORD_CELLS} columns` }],
        );
      }
      const cells = Array.from({ length: width }, () => '');
      const problems = new Map<number, string>();
      for (const [col, reading] of read) {
        if ('text' in reading) cells[col - 1] = reading.text;
        else problems.set(col - 1, reading.problem);
      }
      yield { line: row.number, cells, ...(problems.size > 0 ? { cellProblems: problems } : {}) };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Disk and system failures (a full temporary directory...) are the server's, not the file's.
    if (typeof (err as { syscall?: unknown } | null)?.syscall === 'string') throw err;
    throw damaged();
  } finally {
    await finishReader().catch(() => undefined);
    input.destroy();
  }
}

/**
 * Closes a sheet's source without reading it: a parked file's stream, or the archive part. A parked
 * file's stream may still be opening its temporary file when exceljs removes that file: the open
 * then fails with ENOENT on a stream nobody reads, which must not become an uncaught exception.
 */
function closeSheet(sheet: unknown) {
  const source = (sheet as { iterator?: { destroy?: () => void; return?: () => unknown; on?: unknown } })
    .iterator;
  if (typeof source?.destroy === 'function') {
    if (typeof source.on === 'function') (source as NodeJS.EventEmitter).on('error', () => undefined);
    source.destroy();
  } else void source?.return?.();
}
