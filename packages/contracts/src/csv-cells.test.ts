import { describe, expect, it } from 'vitest';
import { csvText, escapeCsvCell, quoteCsvCell, unescapeCsvCell } from './csv-cells';

describe('quoteCsvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['Chips, salted', '"Chips, salted"'],
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['شيبس مملح', 'شيبس مملح'],
    ['شيبس "مملح"، حار', '"شيبس ""مملح""، حار"'],
  ])('writes %j as %j', (value, expected) => {
    expect(quoteCsvCell(value)).toBe(expected);
  });
});

describe('csvText', () => {
  it('joins cells by the delimiter and ends every line with CRLF', () => {
    expect(
      csvText([
        ['nameEn', 'nameAr'],
        ['Corn, sweet', 'ذرة حلوة'],
      ]),
    ).toBe('nameEn,nameAr\r\n"Corn, sweet",ذرة حلوة\r\n');
  });

  it('puts a byte order mark first when asked and takes another delimiter', () => {
    expect(csvText([['a', 'b;c']], { bom: true, delimiter: ';' })).toBe('\uFEFFa;"b;c"\r\n');
  });

  it('writes cells as given: formula escaping is left to the caller', () => {
    expect(csvText([['=1+1']])).toBe('=1+1\r\n');
  });
});

describe('escapeCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+971 4 000', `'+971 4 000`],
    ['-5', `'-5`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tindented', `'\tindented`],
    ["'=already", "''=already"],
    ['a=b', 'a=b'],
    ['ذرة = حلوة', 'ذرة = حلوة'],
    ["it's", "it's"],
  ])('writes %j as %j, which the import reads back unchanged', (value, escaped) => {
    expect(escapeCsvCell(value)).toBe(escaped);
    expect(unescapeCsvCell(escapeCsvCell(value))).toBe(value);
  });

  it('keeps an escaped formula quoted when it also needs quotes', () => {
    expect(quoteCsvCell(escapeCsvCell('=1,2'))).toBe(`"'=1,2"`);
  });
});
