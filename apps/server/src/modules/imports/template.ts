import type { Readable } from 'node:stream';
import { importTemplateRows, type ImportKind } from '@dalil/contracts/imports';
import { XlsxSheetStream } from '../../lib/xlsx-writer';
import { NUMBER_COLUMNS, sheetColumns } from './sheet-columns';

/**
 * The upload screens' XLSX templates: the same rows as the CSV ones (a leading empty column, the
 * kind's columns, optionally the example rows, and a family's attribute columns when asked). Codes are text cells, counts and prices are numbers.
 */
export function templateXlsx(kind: ImportKind, example: boolean, attributes: string[] = []): Readable {
  const [header = [], ...rows] = importTemplateRows(kind, { example, attributes });
  const sheet = new XlsxSheetStream('Dalil', sheetColumns(header, { allText: false }));
  const write = async () => {
    sheet.addHeader(header);
    for (const row of rows) {
      sheet.addRow(row.map((v, i) => (NUMBER_COLUMNS.has(header[i]!) && v !== '' ? Number(v) : v)));
    }
    await sheet.finish();
  };
  write().catch((err: unknown) => sheet.fail(err));
  return sheet.stream;
}
