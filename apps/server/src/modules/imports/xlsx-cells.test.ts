import { describe, expect, it } from 'vitest';
import { cellReading, dateText, isDateFormat, numberText } from './xlsx-cells';

describe('reading XLSX cells', () => {
  it('writes numbers in full, never in scientific notation', () => {
    expect(numberText(6281000000017, undefined)).toEqual({ text: '6281000000017' });
    expect(numberText(62810000000170, 'General')).toEqual({ text: '62810000000170' });
    expect(numberText(0.1 + 0.2, undefined)).toEqual({ text: '0.3' });
    expect(numberText(12, '000000')).toEqual({ text: '000012' });
    expect(numberText(1e21, undefined)).toHaveProperty('problem');
    expect(numberText(1234567890123456, undefined)).toHaveProperty('problem');
  });

  it('tells date formats from number formats', () => {
    for (const f of ['yyyy-mm-dd', 'd/m/yy', 'mmm yyyy', '[$-409]d-mmm-yy;@', 'h:mm']) {
      expect(isDateFormat(f), f).toBe(true);
    }
    for (const f of ['General', '0', '0.00', '#,##0', '"days" 0', '@', '0%'])
      expect(isDateFormat(f), f).toBe(false);
    expect(dateText(new Date(Date.UTC(2027, 0, 2)))).toBe('2027-01-02');
    expect(dateText(new Date(Date.UTC(2027, 0, 2, 13, 5)))).toBe('2027-01-02 13:05');
    // A formula's saved result under a date format is a date too (serial 46388 = 2027-01-01).
    expect(cellReading({ type: 'n', value: '46388', formula: true }, 'd/m/yyyy')).toEqual({
      text: '2027-01-01',
    });
    // The 1904 date system counts from 1904: the same day is 1462 fewer.
    expect(cellReading({ type: 'n', value: '44926', formula: false }, 'yyyy-mm-dd', true)).toEqual({
      text: '2027-01-01',
    });
    expect(cellReading({ type: 'd', value: '2027-01-02T00:00:00', formula: false }, undefined)).toEqual({
      text: '2027-01-02',
    });
  });

  it('reads formulas by their saved result and refuses errors', () => {
    expect(cellReading({ type: 'str', value: 'x', formula: true }, undefined)).toEqual({ text: 'x' });
    expect(cellReading({ type: 'n', value: '7', formula: true }, undefined)).toEqual({ text: '7' });
    expect(cellReading({ type: 'e', value: '#DIV/0!', formula: true }, undefined)).toEqual({
      problem: 'is a formula whose result is the error #DIV/0!',
    });
    expect(cellReading({ type: 'n', value: null, formula: true }, undefined)).toHaveProperty('problem');
    expect(cellReading({ type: 'e', value: '#REF!', formula: false }, undefined)).toEqual({
      problem: 'holds the spreadsheet error #REF!',
    });
    expect(cellReading({ type: 'b', value: '1', formula: false }, undefined)).toEqual({ text: 'TRUE' });
    expect(cellReading({ type: 'n', value: 'abc', formula: false }, undefined)).toHaveProperty('problem');
    expect(cellReading({ type: 'n', value: null, formula: false }, undefined)).toEqual({ text: '' });
  });
});
