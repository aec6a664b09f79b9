import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEMPLATES, errorMessage, readError } from './error-codes';
import { gtinProblem } from './gtin';

describe('the error catalogue', () => {
  it('names every code in dotted words and writes its params into the message', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)*$/);
    expect(errorMessage('gtin.checkDigit', { expected: 7, kind: 'GTIN-13' })).toBe(
      'the check digit should be 7 (GTIN-13)',
    );
    expect(errorMessage('field.required', {})).toBe('This field is required');
  });

  it('reads a sentence written from a template back to its code and params', () => {
    expect(readError(gtinProblem('6281000000016')!)).toEqual({
      code: 'gtin.checkDigit',
      params: { expected: 4, kind: 'GTIN-13' },
    });
    expect(readError('must be at most 200 characters')).toEqual({
      code: 'field.tooLong',
      params: { max: 200 },
    });
    expect(readError('Cannot restore: gone (and 2 more)')).toEqual({
      code: 'bin.cannotRestoreMore',
      params: { reason: 'gone', more: 2 },
    });
    expect(readError('something no template wrote')).toEqual({
      code: 'problem',
      params: { text: 'something no template wrote' },
    });
  });

  it('reads every template with fixed words back to its own code', () => {
    for (const code of ERROR_CODES) {
      const template: string = ERROR_TEMPLATES[code];
      if (template.replace(/\{\w+(:n)?\}/g, '') === '') continue;
      const sample = template.replace(/\{(\w+)(:n)?\}/g, (_, name: string, n?: string) =>
        n ? '12' : `<${name}>`,
      );
      expect(readError(sample).code, template).toBe(code);
    }
  });
});
