import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import type { ImportKind, ImportProblem, UploadFormat } from '@dalil/contracts/imports';
import { XlsxSheetStream } from '../../lib/xlsx-writer';
import { columnOf, type Header } from './csv-header';
import { checkFile, type CheckedRecord } from './file-check';
import { problemReason, problemSentence, type ProblemLanguage } from './problem-text';
import type { FixedNames } from './row-check';
import { sheetColumns } from './sheet-columns';

type Rows = AsyncIterator<CheckedRecord>;
const YIELD_EVERY = 500;

/**
 * The faulty rows of the file, in file order, with their problems. `pause` runs between batches of
 * rows: it yields to other requests, and throws when the client has gone. The file is closed however
 * this ends.
 */
async function* faultyRows(items: Rows, pause: () => Promise<void>) {
  let n = 0;
  try {
    for (;;) {
      const next = await items.next();
      if (next.done) return;
      const item = next.value;
      if (++n % YIELD_EVERY === 0) await pause();
      if (item.type === 'row' && item.problems.length > 0) yield item;
    }
  } finally {
    await items.return?.();
  }
}

const pad = (cells: string[], width: number) =>
  cells.length >= width ? cells : [...cells, ...Array<string>(width - cells.length).fill('')];

function invalidRowsCsv(header: CheckedRecord & { type: 'header' }, items: Rows, lang: ProblemLanguage) {
  const width = header.record.cells.length;
  async function* records() {
    yield [...pad(header.record.cells, width), 'reason'];
    for await (const { record, problems } of faultyRows(items, () => setImmediate())) {
      yield [...pad(record.cells, width), problems.map((p) => problemSentence(p, lang)).join('; ')];
    }
  }
  const source = Readable.from(records());
  const out = source.pipe(stringify({ bom: true, record_delimiter: 'windows' }));
  // A client that leaves early closes `out`; the file being read must be closed with it. A read that
  // fails after the answer has started ends the download instead of leaving it open.
  out.once('close', () => source.destroy());
  source.once('error', (err) => out.destroy(err));
  return out;
}

/** A cell's problems, keyed by cell index; whole-row problems are only in the reason column. */
function cellMarks(problems: ImportProblem[], header: Header, lang: ProblemLanguage) {
  const marks = new Map<number, string>();
  for (const p of problems) {
    const column = p.column === null ? undefined : columnOf(p.column);
    const index =
      p.column === null
        ? undefined
        : ((column && header.index.get(column)) ?? header.attributeIndex.get(p.column));
    if (index === undefined) continue;
    const text = problemReason(p.reason, lang);
    marks.set(index, marks.has(index) ? `${marks.get(index)!}; ${text}` : text);
  }
  return marks;
}

function invalidRowsXlsx(header: CheckedRecord & { type: 'header' }, items: Rows, lang: ProblemLanguage) {
  const names = [...header.record.cells, 'reason'];
  const sheet = new XlsxSheetStream('Invalid rows', sheetColumns(names, { allText: true }));
  const width = header.record.cells.length;
  const write = async () => {
    sheet.addHeader(names);
    const pause = async () => {
      await sheet.drain();
      await setImmediate();
    };
    for await (const { record, problems } of faultyRows(items, pause)) {
      const reason = problems.map((p) => problemSentence(p, lang)).join('; ');
      sheet.addRow([...pad(record.cells, width), reason], cellMarks(problems, header.header, lang));
    }
    await sheet.finish();
  };
  write().catch((err: unknown) => sheet.fail(err));
  return sheet.stream;
}

/**
 * The rows of an upload that have problems, in the upload's own format: the header, then each faulty
 * row as the file had it, plus a `reason` column. In an XLSX file each faulty cell is also filled red
 * and carries a note with its problem. The file is read through once before anything is sent, so a
 * file that cannot be read answers with a 4xx; the second reading streams the rows.
 */
export async function invalidRowsFile(options: {
  path: string;
  format: UploadFormat;
  kind: ImportKind;
  fixed: FixedNames;
  maxBytes: number;
  maxRows: number;
  lang: ProblemLanguage;
}): Promise<Readable> {
  // A first pass reads the whole file, so a file unreadable past its header (a row over the size
  // limit, a broken quote, a damaged sheet) is refused with a 4xx before any of the answer is sent.
  for await (const _ of faultyRows(checkFile(options)[Symbol.asyncIterator](), () => setImmediate()));
  const items = checkFile(options)[Symbol.asyncIterator]();
  const first = await items.next();
  if (first.done || first.value.type !== 'header') throw new Error('checkFile yields the header first');
  return options.format === 'xlsx'
    ? invalidRowsXlsx(first.value, items, options.lang)
    : invalidRowsCsv(first.value, items, options.lang);
}
