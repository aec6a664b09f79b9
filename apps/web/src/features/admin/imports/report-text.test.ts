import { describe, expect, it } from 'vitest';
import { adminTexts } from '../../../lib/admin-texts';
import { createTranslator } from '../../../lib/translate';
import type { TFunction } from '../../../lib/i18n';
import { codedProblem, codedWarning } from '@dalil/contracts/imports';
import { problemReason, warningText } from './report-text';

const translator = createTranslator<'ar' | 'en', string>(adminTexts, 'en');
const ar = translator.fixed('ar') as unknown as TFunction;
const en = translator.fixed('en') as unknown as TFunction;
/** A reason as the server writes it, with the code and params the report carries beside it. */
const reasonOf = (reason: string, t: TFunction) =>
  problemReason(codedProblem({ line: 2, column: null, reason }), t);

describe('import report texts', () => {
  it('says in Arabic which lines share a barcode or a code with different values', () => {
    const reason =
      'has the same barcode 6281000000011 as line 4 with different values: keep one row per product';
    expect(reasonOf(reason, ar)).toBe(
      'الباركود 6281000000011 نفسه في السطر 4 بقيم مختلفة: أبقِ صفاً واحداً لكل منتج',
    );
    expect(reasonOf(reason, en)).toMatch(/^Has the same barcode 6281000000011 as line 4, with different/);
    expect(
      reasonOf('has the same code 501 as lines 3, 4 with different values: keep one row per product', ar),
    ).toContain('الرمز 501 نفسه في السطر 3, 4');
    const many = codedProblem({
      line: 2,
      column: 'productBarcode',
      reason:
        'has the same barcode 501 as lines 3, 4 and 2 more with different values: keep one row per product',
    });
    expect(many).toMatchObject({ code: 'import.sameKeyMore', params: { lines: '3, 4', more: 2 } });
    expect(problemReason(many, ar)).toContain('الباركود 501 نفسه في السطر 3, 4 و2 غيرها');
    expect(problemReason(many, en)).toContain('as line 3, 4 and 2 more');
  });

  it('says what is wrong with an attribute cell, in Arabic and English', () => {
    expect(reasonOf('must be true or false', ar)).toBe('يجب أن يكون yes أو no');
    expect(reasonOf('must be true or false', en)).toBe('Must be yes or no');
    expect(reasonOf('the family has no attribute with this key', ar)).toBe('ليس للشركة سمة بهذا المفتاح');
    const option = '"per_cup" is not an option of Nutrition basis: per_100g, per_100ml';
    expect(reasonOf(option, ar)).toBe('"per_cup" ليس من الخيارات: per_100g, per_100ml');
    expect(reasonOf(option, en)).toBe('"per_cup" is not one of the options: per_100g, per_100ml');
  });

  it("names another company's row without its values, and warns about a company's Arabic name", () => {
    expect(reasonOf('is a family you do not manage: this row cannot be imported by you', ar)).toBe(
      'شركة لا تديرها: لا يمكنك استيراد هذا الصف',
    );
  });

  it("words a warning by its code and params in Arabic and English, not by the server's message", () => {
    const warning = codedWarning(
      { kind: 'familyName', column: 'familyNameAr', lines: [2] },
      'importWarning.familyRenamed',
      { name: 'Alpha', last: 'ألفا', stored: 'الفا' },
    );
    const shown = { ...warning, message: 'English the client never shows' };
    expect(warningText(shown, ar)).toBe(
      'اسم الشركة "Alpha" بالعربية في الملف "ألفا" وفي الدليل "الفا"؛ الاستيراد يغيّر اسمها',
    );
    expect(warningText(shown, en)).toBe(
      'The company "Alpha" is named "ألفا" in Arabic in the file but "الفا" in the catalogue; importing renames it',
    );
    // A code this client has no text for (a newer server's) shows the message as sent.
    expect(warningText({ ...shown, code: 'importWarning.newer' }, ar)).toBe(shown.message);
  });

  it('says which digit a barcode should end with, or the lengths GTINs have, in Arabic and English', () => {
    const reason = 'the check digit should be 7 (GTIN-13)';
    expect(reasonOf(reason, ar)).toBe('ليس رقم GTIN صحيحاً: يجب أن يكون رقم التحقق 7 (GTIN-13)');
    expect(reasonOf(reason, en)).toBe('Not a valid GTIN: the check digit should be 7 (GTIN-13)');
    expect(reasonOf('is not a GTIN: GTINs have 8, 12, 13 or 14 digits', ar)).toBe(
      'ليس رقم GTIN: أرقام GTIN من 8 أو 12 أو 13 أو 14 خانة',
    );
    const warning = codedWarning(
      { kind: 'invalidGtin', column: 'productBarcode', lines: [4] },
      'importWarning.gtinCheckDigit',
      { barcode: '96385075', expected: 4, kind: 'GTIN-8' },
    );
    expect(warningText(warning, ar)).toBe(
      'الباركود 96385075: ليس رقم GTIN صحيحاً: يجب أن يكون رقم التحقق 4 (GTIN-8)؛ يُستورد مع ذلك لأن شركته لا تشترط أرقام GTIN صحيحة',
    );
    expect(warningText(warning, en)).toBe(
      'Barcode 96385075: not a valid GTIN, the check digit should be 4 (GTIN-8); imported anyway, as its company does not require valid GTINs',
    );
  });
});
