import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse';
import { badRequest } from '../../lib/errors';

const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;

export interface CsvRecord {
  /** Physical line where the record starts (header = 1). */
  line: number;
  cells: string[];
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

/** Counts each delimiter outside quotes on the first line; spreadsheets in Arabic locales write ';'. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Reads the start of the file: refuses binary and non-UTF-8 files, and finds the delimiter. */
async function sniff(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) {
      throw badRequest('The file is not a CSV file (it holds binary data); export the sheet as CSV UTF-8', [
        { path: 'file', message: 'is not a CSV file' },
      ]);
    }
    if (!isUtf8(sample, bytesRead < SNIFF_BYTES)) {
      throw badRequest('The file is not UTF-8 text; save it as "CSV UTF-8"', [
        { path: 'file', message: 'is not UTF-8 text' },
      ]);
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

/**
 * Streams the records of a spooled CSV file with the physical line each starts on. Blank lines come
 * through as records of empty cells (csv-parse's own line count counts a quoted CRLF twice, so lines
 * are counted here). A malformed file (an unclosed quote...) is a 400 naming the line.
 */
export async function* csvRecords(path: string): AsyncGenerator<CsvRecord> {
  const delimiter = await sniff(path);
  // Small reads: csv-parse handles a whole chunk in one go, and the event loop waits meanwhile.
  const parser = createReadStream(path, { highWaterMark: 16 * 1024 }).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: false, skip_empty_lines: false }),
  );
  let line = 1;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      yield { line, cells };
      line += 1 + cells.reduce((n, c) => n + lineBreaks(c), 0);
    }
  } catch (err) {
    // Not every csv-parse code starts with CSV_ (INVALID_OPENING_QUOTE does not): test the class.
    if (err instanceof CsvError) {
      const at = (err as { lines?: number }).lines ?? line;
      throw badRequest(`The file is not valid CSV near line ${at}: ${(err as Error).message}`, [
        { path: `line ${at}`, message: 'is not valid CSV' },
      ]);
    }
    throw err;
  }
}
