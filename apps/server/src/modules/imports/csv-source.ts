import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse';
import { detectDelimiter } from '@dalil/contracts/csv-delimiter';
import { badRequest } from '../../lib/errors';

const SNIFF_BYTES = 64 * 1024;
/** The longest record (one row, quoted line breaks included) a catalogue CSV needs, in characters. */
const MAX_RECORD_CHARS = 64 * 1024;
/** Most cells in a row: a catalogue CSV has about twenty columns. */
export const MAX_RECORD_CELLS = 100;

/** One row of an uploaded file, CSV or XLSX. */
export interface SourceRecord {
  /** CSV: physical line where the record starts (header = 1). XLSX: the spreadsheet's row number. */
  line: number;
  cells: string[];
  /** Cells that cannot be read (a spreadsheet error value...), by cell index, with the reason. */
  cellProblems?: Map<number, string>;
}

/** True when the bytes decode as UTF-8, allowing a character cut off at the end of the sample. */
function isUtf8(sample: Uint8Array, complete: boolean): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= (complete ? 0 : 3); cut++) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      // try again without the last bytes: they may be the start of a character
    }
  }
  return false;
}

/** Reads the start of the file: refuses binary and non-UTF-8 files, and finds the delimiter. */
async function sniff(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) {
      throw badRequest('import.binary', {}, [{ path: 'file', code: 'import.notCsv' }]);
    }
    if (!isUtf8(sample, bytesRead < SNIFF_BYTES)) {
      throw badRequest('import.notUtf8', {}, [{ path: 'file', code: 'import.notUtf8Text' }]);
    }
    return detectDelimiter(sample.toString('utf8').replace(/^\uFEFF/, ''));
  } finally {
    await handle.close();
  }
}

const lineBreaks = (cell: string) => {
  if (!cell.includes('\n') && !cell.includes('\r')) return 0;
  return cell.match(/\r\n|\r|\n/g)?.length ?? 0;
};

/** What went wrong, in words that fit the line we name (csv-parse's own text counts lines its own way). */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell in the row starting on this line is never closed',
  INVALID_OPENING_QUOTE: 'a quote appears inside a cell that does not start with one',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted cell is not doubled',
  CSV_MAX_RECORD_SIZE: `the row starting on this line is longer than ${MAX_RECORD_CHARS / 1024} KB`,
};

/**
 * Streams the records of a spooled CSV file with the physical line each starts on. Blank lines come
 * through as records of empty cells (csv-parse's own line count counts a quoted CRLF twice, so lines
 * are counted here). A malformed file (an unclosed quote...) is a 400 naming the line where the
 * broken record starts.
 */
export async function* csvRecords(path: string): AsyncGenerator<SourceRecord> {
  const delimiter = await sniff(path);
  // Lines are counted as csv-parse finishes each record (on_record), not as we consume them: a parse
  // error destroys the stream and drops the records it had buffered, and the broken record starts
  // right after the last one parsed.
  let next = 1;
  const starts: number[] = [];
  const csv = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: false,
    on_record: (cells: string[]) => {
      starts.push(next);
      next += 1 + cells.reduce((n, c) => n + lineBreaks(c), 0);
      // Each record is compared with the one before instead of with the header: csv-parse builds an
      // error, stack trace and deep copy of the record included, for every record whose length differs
      // from the one it expects, even when relaxed. Rows shorter than the header (nothing after the
      // last filled column) are common, and that cost 3.4 s on 100,000 such rows.
      (csv as unknown as { state: { expectedRecordLength: number } }).state.expectedRecordLength =
        cells.length;
      return cells;
    },
    max_record_size: MAX_RECORD_CHARS,
  });
  // Small reads: csv-parse handles a whole chunk in one go, and the event loop waits meanwhile.
  const parser = createReadStream(path, { highWaterMark: 16 * 1024 }).pipe(csv);
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      const line = starts.shift()!;
      if (cells.length > MAX_RECORD_CELLS) {
        throw badRequest('import.tooManyCells', { line, cells: cells.length, max: MAX_RECORD_CELLS }, [
          { path: `line ${line}`, code: 'import.moreCells', params: { max: MAX_RECORD_CELLS } },
        ]);
      }
      yield { line, cells };
    }
  } catch (err) {
    // Not every csv-parse code starts with CSV_ (INVALID_OPENING_QUOTE does not): test the class.
    if (err instanceof CsvError) {
      const reason = CSV_PROBLEMS[err.code] ?? err.message;
      throw badRequest('import.malformedCsv', { line: next, reason }, [
        { path: `line ${next}`, code: 'import.invalidCsv' },
      ]);
    }
    throw err;
  }
}
