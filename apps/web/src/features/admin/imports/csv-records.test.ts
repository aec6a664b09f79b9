import { describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv-records';

describe('readCsvRecords', () => {
  it('numbers records by the physical line they start on, as the server does', () => {
    const text = '\uFEFFa;b\r\n1;"two\r\nlines"\r\n\r\n"x ""y""";3\rlast;4\n';
    expect(readCsvRecords(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'two\r\nlines'] },
      { line: 4, cells: [''] },
      { line: 5, cells: ['x "y"', '3'] },
      { line: 6, cells: ['last', '4'] },
    ]);
  });
});
