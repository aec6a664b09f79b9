import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetCell = string | number | null | undefined;

export interface SheetColumn {
  width: number;
  /** Text columns are formatted "@": a code typed in later stays text, leading zeros and all. */
  text: boolean;
}

const MARK_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const MARK_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };

/**
 * One worksheet written as a stream with exceljs's streaming WorkbookWriter: each row is committed
 * as it is added and leaves memory, so a workbook of any size costs about the same. Strings are
 * written as text cells (a barcode never becomes a number), numbers as numbers.
 */
export class XlsxSheetStream {
  /** The .xlsx bytes, to send as the response body. */
  readonly stream = new PassThrough();
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet;

  constructor(name: string, columns: SheetColumn[]) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: this.stream,
      useStyles: true,
      useSharedStrings: false,
    });
    this.workbook.creator = 'Dalil';
    this.sheet = this.workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.setColumns(columns);
  }

  /** The columns' widths and formats; before any row is added (when they are known only then). */
  setColumns(columns: SheetColumn[]) {
    this.sheet.columns = columns.map((c) => ({ width: c.width, style: c.text ? { numFmt: '@' } : {} }));
  }

  /**
   * Ends the current sheet and starts another after it, where the next rows go. An import reads only
   * the first sheet, so a later one holds what must never import (a template's examples).
   */
  nextSheet(name: string, columns: SheetColumn[]) {
    this.sheet.commit();
    this.sheet = this.workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.setColumns(columns);
  }

  /** The header row, in bold. */
  addHeader(values: string[]) {
    const row = this.sheet.addRow(values);
    row.font = { bold: true };
    row.commit();
  }

  /**
   * A data row. `marks` names faulty cells (by 0-based index) with their problem: the cell gets a
   * red fill and a note that says what is wrong.
   */
  addRow(values: SheetCell[], marks?: Map<number, string>) {
    const row = this.sheet.addRow(values.map((v) => (v === '' ? null : v)));
    for (const [index, problem] of marks ?? []) {
      const cell = row.getCell(index + 1);
      // An empty cell is not written at all, and its fill and note with it: make it an empty text.
      if (cell.value === null) cell.value = '';
      cell.fill = MARK_FILL;
      cell.font = MARK_FONT;
      cell.note = problem;
    }
    row.commit();
  }

  /**
   * Waits while the response has not taken what was written, so memory stays flat for a slow client;
   * throws once the client has gone, so the caller stops reading its source.
   */
  async drain() {
    const { stream } = this;
    if (!stream.destroyed && stream.writableNeedDrain) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('close', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('close', done);
      });
    }
    if (stream.destroyed) throw new Error('The download was closed before it ended');
  }

  /** Writes the rest of the archive and ends the stream. */
  async finish() {
    this.sheet.commit();
    await this.workbook.commit();
  }

  /** Ends the stream with an error: the client sees a broken download, never a truncated file as whole. */
  fail(err: unknown) {
    this.stream.destroy(err instanceof Error ? err : new Error(String(err)));
  }
}
