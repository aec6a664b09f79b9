import type { ImportKind, ImportProblem, UploadFormat } from '@dalil/contracts/imports';
import { badRequest, HttpError } from '../../lib/errors';
import { matchHeader, type Header } from './csv-header';
import { checkAttributeHeader } from './attribute-cells';
import type { SourceRecord } from './csv-source';
import { checkRow, isBlankRecord, type FixedNames, type StagedRow } from './row-check';
import { uploadRecords } from './upload-format';

const NO_ATTRIBUTES = { attributes: [], categories: new Map<string, number>() };

export type CheckedRecord =
  | { type: 'header'; record: SourceRecord; header: Header }
  | { type: 'row'; record: SourceRecord; problems: ImportProblem[]; row: StagedRow | null };

const EXTRA_CELLS: Record<UploadFormat, string> = {
  csv: 'has more cells than the header (an unquoted comma?)',
  xlsx: 'has more cells than the header (a value right of the last named column)',
};

const tooManyRows = (maxRows: number) =>
  new HttpError(
    413,
    'import.tooManyRows',
    { max: maxRows },
    { details: [{ path: 'file', code: 'import.moreRows', params: { max: maxRows } }] },
  );

/**
 * Reads an upload (CSV or XLSX) and checks it row by row: the first non-blank row is the header,
 * blank rows are skipped, and each data row comes with its problems and, when it has none, the row
 * to stage. Used by the import (which stages) and by the invalid-rows download (which writes the
 * faulty rows back), so both see a file the same way. More than `maxRows` data rows (blank ones not
 * counted) is a 413 as soon as the next one is read.
 */
export async function* checkFile(options: {
  path: string;
  format: UploadFormat;
  kind: ImportKind;
  fixed: FixedNames;
  maxBytes: number;
  maxRows: number;
}): AsyncGenerator<CheckedRecord> {
  const { format, kind, fixed } = options;
  let header: Header | undefined;
  let rows = 0;
  for await (const record of uploadRecords(options.path, format, options.maxBytes)) {
    const { line, cells, cellProblems } = record;
    if (isBlankRecord(cells) && !cellProblems) continue;
    if (!header) {
      header = matchHeader(cells, kind);
      const attributeColumns = [...header.attributeIndex.keys()];
      // A per-family upload names its family: its attribute columns are checked once, here.
      if (attributeColumns.length > 0) {
        const family =
          fixed.familyEn === undefined
            ? undefined
            : (fixed.attributes?.get(fixed.familyEn.toLowerCase()) ?? NO_ATTRIBUTES);
        checkAttributeHeader(attributeColumns, family);
      }
      yield { type: 'header', record, header };
      continue;
    }
    if (++rows > options.maxRows) throw tooManyRows(options.maxRows);
    const problems: ImportProblem[] = [];
    const report = (p: ImportProblem) => problems.push(p);
    const extra = cells.slice(header.width).some((c) => c.trim() !== '');
    if (extra) report({ line, column: null, reason: EXTRA_CELLS[format] });
    const row = checkRow(line, cells, header, fixed, report, { unescape: format === 'csv', cellProblems });
    yield { type: 'row', record, problems, row: extra ? null : row };
  }
  if (!header) throw badRequest('import.empty', {}, [{ path: 'file', code: 'field.empty' }]);
}
