import { detectDelimiter } from '@dalil/contracts/csv-delimiter';

export interface CsvRecord {
  /** Physical line where the record starts (header = 1), as the server counts it. */
  line: number;
  cells: string[];
}

/**
 * Splits CSV text into records with the line each starts on, counting CRLF, LF and CR as one line
 * break, inside quoted cells too (the server's line numbers, docs/decisions/0005-csv-import.md). A
 * lenient reader: it only has to find the rows the server already named.
 */
export function readCsvRecords(source: string): CsvRecord[] {
  const text = source.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ line: start, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) endCell();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
