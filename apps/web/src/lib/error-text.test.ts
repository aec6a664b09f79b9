import { ERROR_CODES, ERROR_TEMPLATES } from '@dalil/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { adminTexts } from './admin-texts';
import { codeText } from './error-text';
import type { TFunction } from './i18n';
import { sentenceText } from './sentence-text';
import { createTranslator } from './translate';

const translator = createTranslator<'ar' | 'en', string>(adminTexts, 'en');
const ar = translator.fixed('ar') as unknown as TFunction;
const en = translator.fixed('en') as unknown as TFunction;

const text = (dictionary: unknown, code: string) =>
  code
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], dictionary);
/** A template's params by name, as `{{name}}` in a text. */
const params = (template: string) => [...template.matchAll(/\{(\w+)(?::n)?\}/g)].map((m) => m[1]).sort();
const placeholders = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('error codes in the UI languages', () => {
  it('has an Arabic and an English text for every code of the catalogue', () => {
    for (const language of ['ar', 'en'] as const) {
      const missing = ERROR_CODES.filter(
        (code) => typeof text(adminTexts[language].errorCodes, code) !== 'string',
      );
      expect(missing, `codes without ${language} text`).toEqual([]);
    }
    // The Arabic is its own, not the English copied.
    const copied = ERROR_CODES.filter(
      (code) =>
        code !== 'problem' &&
        /[a-z]{4}/i.test(text(adminTexts.en.errorCodes, code) as string) &&
        text(adminTexts.ar.errorCodes, code) === text(adminTexts.en.errorCodes, code) &&
        !/^\{\{\w+\}\}$/.test(text(adminTexts.en.errorCodes, code) as string),
    );
    expect(copied).toEqual([]);
  });

  it("interpolates only the code's own params", () => {
    for (const code of ERROR_CODES) {
      const own = params(ERROR_TEMPLATES[code]);
      for (const language of ['ar', 'en'] as const) {
        const used = placeholders(text(adminTexts[language].errorCodes, code) as string);
        expect(
          used.filter((name) => !own.includes(name)),
          `${language} ${code}`,
        ).toEqual([]);
      }
    }
  });

  it('writes a code with its params, a sentence read back to its code, and nothing for an unknown code', () => {
    expect(codeText('gtin.checkDigit', { expected: 7, kind: 'GTIN-13' }, ar)).toBe(
      'يجب أن يكون رقم التحقق 7 (GTIN-13)',
    );
    expect(codeText('family.nameTaken', {}, en)).toBe('A family with this English name already exists');
    expect(codeText('a.newer.code', {}, ar)).toBeUndefined();
    expect(codeText('problem', { text: 'anything' }, ar)).toBeUndefined();
    expect(sentenceText('must be at most 200 characters', ar)).toBe('طويل جدًا: 200 حرفًا على الأكثر');
    // A reason inside a reason is put in the UI's language too.
    expect(
      sentenceText('Deliveries failed for 24 hours (last: The receiver answered 500); turned off', ar),
    ).toBe('أُوقف بعد فشل التسليمات 24 ساعة (الأخير: \u2068ردّ المستقبِل بالرمز 500\u2069)');
    expect(sentenceText('something no template wrote', ar)).toBeUndefined();
  });
});
