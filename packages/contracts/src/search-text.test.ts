import { describe, expect, it } from 'vitest';
import { normalizeSearchText, toAsciiDigits } from './search-text';

describe('normalizeSearchText', () => {
  it.each([
    ['أحمد', 'احمد'],
    ['إبراهيم', 'ابراهيم'],
    ['آمنة', 'امنه'],
    ['ٱلله', 'الله'],
    ['مدرسة', 'مدرسه'],
    ['مستشفى', 'مستشفي'],
    ['مؤسسة', 'موسسه'],
    ['جزئي', 'جزيي'],
    ['مُحَمَّد', 'محمد'],
    ['عـــربي', 'عربي'],
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۱۲۳', '123'],
    ['  Sweet   CORN ', 'sweet corn'],
    ['ｆｕｌｌ　ｗｉｄｔｈ', 'full width'],
  ])('folds %s to %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('gives the same text for spellings a reader treats as one word', () => {
    expect(normalizeSearchText('أَحْمَد')).toBe(normalizeSearchText('احمد'));
    expect(normalizeSearchText('مدرسه')).toBe(normalizeSearchText('مدرسة'));
  });
});

describe('toAsciiDigits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII and leaves the rest', () => {
    expect(toAsciiDigits('٦٢٨١٢٣ and ۴۵')).toBe('628123 and 45');
  });
});
