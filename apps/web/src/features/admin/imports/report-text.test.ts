import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../../lib/admin-texts';
import { createTranslator } from '../../../lib/translate';
import type { TFunction } from '../../../lib/i18n';
import { problemReason, warningText } from './report-text';

const translator = createTranslator<'ar' | 'en', string>(adminTexts, 'en');
const ar = translator.fixed('ar') as unknown as TFunction;
const en = translator.fixed('en') as unknown as TFunction;

describe('import report texts', () => {
  it('says in Arabic which lines share a barcode or a code with different values', () => {
    const reason =
      'has the same barcode 6281000000011 as line 4 with different values: keep one row per product';
    expect(problemReason(reason, ar)).toBe(
      'الباركود 6281000000011 نفسه في السطر 4 بقيم مختلفة: أبقِ صفاً واحداً لكل منتج',
    );
    expect(problemReason(reason, en)).toMatch(
      /^Has the same barcode 6281000000011 as line 4, with different/,
    );
    expect(problemReason('has the same code 501 as lines 3, 4 with different values: x', ar)).toContain(
      'الرمز 501 نفسه في السطر 3, 4',
    );
  });

  it("names another company's row without its values, and warns about a company's Arabic name", () => {
    expect(problemReason('is a family you do not manage: this row cannot be imported by you', ar)).toBe(
      'شركة لا تديرها: لا يمكنك استيراد هذا الصف',
    );
    const warning = {
      kind: 'familyName' as const,
      message: 'The company "A" ...',
      column: 'familyNameAr',
      lines: [2],
    };
    expect(warningText(warning, ar, 'ar')).toMatch(/^اسم الشركة بالعربية/);
    expect(warningText(warning, en, 'en')).toBe('The company "A" ...');
  });
});
