import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import { adminTexts } from './admin-texts';
import { ar as visitorAr } from './locales/ar';
import { en as visitorEn } from './locales/en';
import filtersAr from './locales/catalog-filters.ar.json';
import filtersEn from './locales/catalog-filters.en.json';
import printAr from './locales/catalog-print.ar.json';
import printEn from './locales/catalog-print.en.json';
import productAr from './locales/catalog-product.ar.json';
import productEn from './locales/catalog-product.en.json';

/** The visitor's texts with the admin area's merged in, as the translator merges them (`pages`). */
function merged(into: object, from: object): object {
  const out: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = out[key];
    out[key] =
      typeof value === 'object' && typeof existing === 'object' && existing !== null
        ? merged(existing, value as object)
        : value;
  }
  return out;
}
/** The texts the catalogue's later screens add as they load. */
const later = {
  ar: { catalog: { ...productAr, ...printAr }, catalogFilters: filtersAr },
  en: { catalog: { ...productEn, ...printEn }, catalogFilters: filtersEn },
};
const ar = merged(merged(visitorAr, adminTexts.ar), later.ar);
const en = merged(merged(visitorEn, adminTexts.en), later.en);

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
    // The visitor's page titles and the admin screens' are both there.
    expect(shape(en)).toEqual(
      expect.arrayContaining(['pages.catalogMain: string', 'pages.activity: string']),
    );
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

  it("hold no admin resource's words: each declaration brings its own, in both languages", () => {
    const ARABIC = /\p{Script=Arabic}/u;
    for (const language of ['ar', 'en'] as const) {
      const labels = ADMIN_RESOURCES.map((resource) => resource.words[language].nav);
      expect(new Set(labels).size, `${language} menu labels`).toBe(labels.length);
      for (const { key, words, screens } of ADMIN_RESOURCES) {
        const texts: string[] = Object.values(words[language]);
        // The edit screen's title, only for a resource with an edit screen.
        expect(texts, `${key} ${language}`).toHaveLength(screens.edit === false ? 4 : 5);
        for (const text of texts) {
          expect(text.trim(), `${key} ${language}`).not.toBe('');
          expect(ARABIC.test(text), `${key} ${language}: ${text}`).toBe(language === 'ar');
        }
        if (words[language].edit) expect(words[language].edit, key).not.toBe(words[language].create);
      }
    }
    const keys = new Set(shape(en).map((entry) => entry.slice(0, entry.indexOf(':'))));
    for (const { key } of ADMIN_RESOURCES) expect(keys.has(`nav.${key}`), `nav.${key}`).toBe(false);
  });
});
