import { describe, expect, it } from 'vitest';
import { adminTexts } from './admin-texts';
import { ar as visitorAr } from './locales/ar';
import { en as visitorEn } from './locales/en';

const ar = { ...visitorAr, ...adminTexts.ar };
const en = { ...visitorEn, ...adminTexts.en };

/** Every key path of a dictionary, with the kind of value it holds. */
function shape(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [`${prefix}: ${typeof value}`];
  return Object.entries(value).flatMap(([key, child]) => shape(child, prefix ? `${prefix}.${key}` : key));
}

/** `counts.products_few` -> `counts.products`: Arabic has plural forms English does not. */
const PLURAL = /_(zero|one|two|few|many|other)(?=:|$)/;
const base = (entry: string) => entry.replace(PLURAL, '');

/** The {{placeholders}} a text interpolates. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale dictionaries', () => {
  it('have the same keys in Arabic and English, every one a text', () => {
    expect([...new Set(shape(ar).map(base))].sort()).toEqual([...new Set(shape(en).map(base))].sort());
    // Every form English has, Arabic has too (Arabic adds zero, two, few and many).
    expect(shape(en).filter((entry) => !shape(ar).includes(entry))).toEqual([]);
    expect(shape(en).every((entry) => entry.endsWith(': string'))).toBe(true);
  });

  it('count nouns in every Arabic plural form', () => {
    const forms = shape(ar).filter((entry) => entry.startsWith('counts.'));
    const nouns = new Set(forms.map(base));
    for (const noun of nouns)
      expect(
        forms.filter((f) => base(f) === noun),
        noun,
      ).toHaveLength(6);
  });

  it('interpolate the same values in both languages', () => {
    const texts = (dictionary: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dictionary);
    for (const entry of shape(en)) {
      const path = entry.slice(0, entry.indexOf(':'));
      // A plural form may leave the number out ("منتجان": two products).
      if (PLURAL.test(path)) continue;
      expect(placeholders(texts(ar, path) as string), path).toEqual(placeholders(texts(en, path) as string));
    }
  });
});
