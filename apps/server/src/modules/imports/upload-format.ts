import { open } from 'node:fs/promises';
import type { UploadFormat } from '@dalil/contracts/imports';
import { csvRecords, type SourceRecord } from './csv-source';
import { xlsxRecords } from './xlsx-source';

/**
 * XML compresses about tenfold: a workbook may unpack to this many times the upload limit before it
 * is refused (a few kilobytes of ZIP must not make the server read gigabytes).
 */
const MAX_INFLATE_RATIO = 20;

/**
 * The most shared strings (the workbook's list of distinct texts, kept in memory while its sheet is
 * read) an import takes: 100 000 rows of ten different texts. Their characters are capped at the
 * upload limit, since a CSV of the same data holds at least as many bytes.
 */
export const MAX_SHARED_STRINGS = 1_000_000;

/** Local file header, empty archive, spanned archive: the ways a ZIP file can begin. */
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
];

/**
 * What an upload is, judged by its content and never by its name: an .xlsx workbook is a ZIP
 * archive, anything else is read as CSV (which refuses binary and non-UTF-8 data itself).
 */
export async function detectUploadFormat(path: string): Promise<UploadFormat> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    const zip = bytesRead === 4 && ZIP_SIGNATURES.some((sig) => sig.every((b, i) => head[i] === b));
    return zip ? 'xlsx' : 'csv';
  } finally {
    await handle.close();
  }
}

/** The rows of an uploaded file, whichever its format. */
export function uploadRecords(
  path: string,
  format: UploadFormat,
  maxBytes: number,
): AsyncGenerator<SourceRecord> {
  return format === 'xlsx'
    ? xlsxRecords(path, {
        maxInflatedBytes: maxBytes * MAX_INFLATE_RATIO,
        sharedStrings: { count: MAX_SHARED_STRINGS, characters: maxBytes },
        cellCharacters: maxBytes,
      })
    : csvRecords(path);
}
