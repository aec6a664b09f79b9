import type { Readable } from 'node:stream';
import { importTemplateExamples, importTemplateHeader, type ImportKind } from '@dalil/contracts/imports';
import { XlsxSheetStream } from '../../lib/xlsx-writer';
import { NUMBER_COLUMNS, sheetColumns } from './sheet-columns';

/**
 * The upload screens' XLSX templates. The first sheet, the one an import reads, holds the header
 * only (the kind's columns, then a family's attribute columns when asked): uploaded as downloaded, it
 * imports nothing. With `example`, a second sheet "Examples" holds the same header and example
 * rows, which no import reads. Codes are text cells, counts and prices are numbers.
 */
export function templateXlsx(kind: ImportKind, example: boolean, attributes: string[] = []): Readable {
  const header = importTemplateHeader(kind, attributes);
  const columns = sheetColumns(header, { allText: false });
  const sheet = new XlsxSheetStream('Dalil', columns);
  const write = async () => {
    sheet.addHeader(header);
    if (example) {
      sheet.nextSheet('Examples', columns);
      sheet.addHeader(header);
      for (const row of importTemplateExamples(kind, attributes)) {
        sheet.addRow(row.map((v, i) => (NUMBER_COLUMNS.has(header[i]!) && v !== '' ? Number(v) : v)));
      }
    }
    await sheet.finish();
  };
  write().catch((err: unknown) => sheet.fail(err));
  return sheet.stream;
}
