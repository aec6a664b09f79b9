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
    expect(cellReading({ formula: 'TODAY()', result: 46388 }, 'd/m/yyyy')).toEqual({
      text: '2027-01-01',
    });
  });

  it('reads formulas by their saved result and refuses errors', () => {
    expect(cellReading({ formula: 'A1', result: 'x' }, undefined)).toEqual({ text: 'x' });
    expect(cellReading({ sharedFormula: 'A1', result: 7 }, undefined)).toEqual({ text: '7' });
    expect(cellReading({ formula: '1/0', result: Number.NaN }, undefined)).toHaveProperty('problem');
    expect(cellReading({ formula: 'A1' }, undefined)).toHaveProperty('problem');
    expect(cellReading({ error: '#REF!' } as never, undefined)).toEqual({
      problem: 'holds the spreadsheet error #REF!',
    });
    expect(cellReading(true, undefined)).toEqual({ text: 'TRUE' });
    expect(cellReading({ text: 'site', hyperlink: 'https://x' }, undefined)).toEqual({
      text: 'site',
    });
  });
});
