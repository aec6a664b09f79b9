import { attributeColumns } from '@dalil/contracts/attributes';
import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import { csvText } from '@dalil/contracts/csv-cells';
import {
  importTemplateCsv,
  type ImportKind,
  type ReportedImportProblem,
  type UploadFormat,
} from '@dalil/contracts/imports';
import { readCsvRecords } from './csv-records';
import { saveCsv } from '../../../lib/save-file';
import { resourceApis } from '../resource-kit/resource-api';
import { downloadTemplateXlsx } from './import-api';

/**
 * A template download: the kind's columns (IMPORT_COLUMNS), then the chosen family's attribute
 * columns in their order. The CSV, built here (with a BOM so Excel shows the Arabic), is that header
 * line only; the XLSX comes from the server, its example rows on an "Examples" sheet imports never
 * read. Neither holds a row that would import.
 */
export async function downloadTemplate(
  kind: ImportKind,
  example: boolean,
  format: UploadFormat,
  family?: number,
): Promise<void> {
  if (format === 'xlsx') return downloadTemplateXlsx(kind, example, family);
  const attributes =
    family === undefined
      ? []
      : (await resourceApis.attributes.list({ family, limit: MAX_LIST_LIMIT, skip: 0 })).data.flatMap(
          attributeColumns,
        );
  saveCsv(importTemplateCsv(kind, attributes), `dalil-${kind}-headers.csv`);
}

/**
 * The invalid rows to download: the rows the report names, as the file had them, plus a `reason` column.
 * The report carries line numbers only, so the chosen file is read again here; rows keep their cells
 * untouched so that, once fixed, they can be uploaded as they are.
 */
function invalidRowsCsv(
  source: string,
  problems: ReportedImportProblem[],
  describe: (problem: ReportedImportProblem) => string,
): string {
  const records = readCsvRecords(source);
  const header = records[0]?.cells ?? [];
  const byLine = new Map(records.map((r) => [r.line, r.cells]));
  const reasons = new Map<number, string[]>();
  for (const problem of problems) {
    const list = reasons.get(problem.line) ?? [];
    list.push(describe(problem));
    reasons.set(problem.line, list);
  }
  const lines = [...reasons.keys()];
  const width = Math.max(header.length, ...lines.map((line) => byLine.get(line)?.length ?? 0));
  const pad = (cells: string[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
  const rows = [[...pad(header), 'reason']];
  for (const line of lines) rows.push([...pad(byLine.get(line) ?? []), reasons.get(line)!.join('; ')]);
  return csvText(rows, { bom: true });
}

export async function downloadInvalidRows(
  file: File,
  problems: ReportedImportProblem[],
  describe: (problem: ReportedImportProblem) => string,
): Promise<void> {
  const text = await file.text();
  const base = file.name.replace(/\.csv$/i, '');
  saveCsv(invalidRowsCsv(text, problems, describe), `${base}-invalid-rows.csv`);
}
