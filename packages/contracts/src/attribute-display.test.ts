import { describe, expect, it } from 'vitest';
import { attributeDisplay, formatValue } from './attribute-display';
import type { ShownAttribute } from './attributes';

const attribute = (
  fields: Partial<ShownAttribute> & Pick<ShownAttribute, 'key' | 'type'>,
): ShownAttribute => ({
  name: { en: fields.key, ar: fields.key },
  group: null,
  unit: null,
  options: [],
  ...fields,
});

describe('attribute values as words', () => {
  it('writes dates for the locale with Western digits, and units after numbers', () => {
    const date = attribute({ key: 'harvested', type: 'date' });
    expect(formatValue(date, '2026-03-05', 'en')).toEqual({ text: 'March 5, 2026', lang: 'en' });
    expect(formatValue(date, '2026-03-05', 'ar')).toEqual({ text: '5 مارس 2026', lang: 'ar' });
    const share = attribute({ key: 'cocoa', type: 'number', unit: '%' });
    expect(formatValue(share, 70, 'en')?.text).toBe('70%');
    expect(formatValue(share, 70, 'ar')?.text).toBe('70٪');
    const life = attribute({ key: 'life', type: 'number', unit: 'months' });
    expect(formatValue(life, 1500.25, 'en')?.text).toBe('1,500.25 months');
    expect(formatValue(life, 18, 'ar')?.text).toBe('18 شهر');
  });

  it('falls back to the other language, saying which, for texts and group names', () => {
    const note = attribute({ key: 'note', type: 'text', group: { en: 'Logistics', ar: '' } });
    const shown = attributeDisplay({ note: { ar: 'يحفظ باردا', en: '' } }, [note], 'ar');
    expect(shown.groups).toEqual([
      {
        title: { text: 'Logistics', lang: 'en' },
        lines: [
          {
            key: 'note',
            label: { text: 'note', lang: 'ar' },
            value: { text: 'يحفظ باردا', lang: 'ar' },
            long: false,
          },
        ],
      },
    ]);
    expect(shown.nutrition).toBeNull();
  });

  it('names the table per 100 ml when the basis says so, and leaves the basis out of the lines', () => {
    const definitions = [
      attribute({
        key: 'nutrition_basis',
        type: 'choice',
        options: [{ key: 'per_100ml', name: { en: 'Per 100 ml', ar: 'لكل ١٠٠ مل' } }],
      }),
      attribute({ key: 'sugars', type: 'number', unit: 'g' }),
    ];
    const shown = attributeDisplay({ nutrition_basis: 'per_100ml', sugars: 10.6 }, definitions, 'en');
    expect(shown.groups).toEqual([]);
    expect(shown.nutrition).toEqual({
      caption: 'Nutrition facts per 100 ml',
      nutrient: 'Nutrient',
      amount: 'Per 100 ml',
      rows: [{ key: 'sugars', label: 'of which sugars', value: '10.6 g', sub: true }],
    });
    // A value without its definition (an attribute the reader may not see) is not shown.
    expect(attributeDisplay({ sugars: 3 }, [], 'en')).toEqual({ groups: [], nutrition: null });
  });
});
