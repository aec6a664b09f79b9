import { describe, expect, it } from 'vitest';
import { i18n, type TFunction } from './i18n';
import { countOf, countsOf } from './plural';
import { usePreferences } from './preferences-store';
import { useTranslation } from './i18n';
import { renderHook } from '@testing-library/react';

function translate(language: 'ar' | 'en'): TFunction {
  usePreferences.setState({ language });
  return renderHook(() => useTranslation()).result.current.t;
}

describe('countOf', () => {
  it('gives an Arabic noun the form its number takes, with the digits the language formats numbers with', () => {
    const t = translate('ar');
    expect(i18n.language).toBe('ar');
    expect([0, 1, 2, 4, 11, 100].map((n) => countOf(t, 'ar', 'categories', n))).toEqual([
      'لا فئات',
      'فئة واحدة',
      'فئتان',
      `${new Intl.NumberFormat('ar').format(4)} فئات`,
      `${new Intl.NumberFormat('ar').format(11)} فئةً`,
      `${new Intl.NumberFormat('ar').format(100)} فئة`,
    ]);
    expect(countOf(t, 'ar', 'products', 2)).toBe('منتجان');
    expect(countOf(t, 'ar', 'images', 4)).toMatch(/^\S+ صور$/);
  });

  it('gives English its singular and plural, and words every count of a record', () => {
    const t = translate('en');
    expect(countOf(t, 'en', 'products', 1)).toBe('1 product');
    expect(countOf(t, 'en', 'products', 1200)).toBe('1,200 products');
    expect(countsOf(t, 'en', { categories: 4, products: 2, other: 3 })).toEqual({
      categories: '4 categories',
      products: '2 products',
    });
  });
});
