import { describe, expect, it } from 'vitest';
import { adminTexts } from './admin-texts';
import { ar as visitorAr } from './ar';
import { en as visitorEn } from './en';

const ar = { ...visitorAr, ...adminTexts.ar };
const en = { ...visitorEn, ...adminTexts.en };

/** Every key path of a dictionary, with the kind of value it holds. */
function shape(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [`${prefix}: ${typeof value}`];
  return Object.entries(value).flatMap(([key, child]) => shape(child, prefix ? `${prefix}.${key}` : key));
}

/** The {{placeholders}} a text interpolates. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale dictionaries', () => {
  it('have the same keys in Arabic and English, every one a text', () => {
    expect(shape(ar).sort()).toEqual(shape(en).sort());
    expect(shape(en).every((entry) => entry.endsWith(': string'))).toBe(true);
  });

  it('interpolate the same values in both languages', () => {
    const texts = (dictionary: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dictionary);
    for (const entry of shape(en)) {
      const path = entry.slice(0, entry.indexOf(':'));
      expect(placeholders(texts(ar, path) as string), path).toEqual(placeholders(texts(en, path) as string));
    }
  });
});
