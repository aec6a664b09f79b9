import { describe, expect, it } from 'vitest';
import { productFixture } from '../test/catalog-fixtures';
import { checkProduct } from './product-check';
import { checkResponse, hasShape, ResponseShapeError } from './response-check';

const family = {
  id: 3,
  name: { ar: 'النخيل', en: 'Al Nakheel' },
  nameAr: 'النخيل',
  nameEn: 'Al Nakheel',
  logo: null,
  image: 'a.webp',
  cover: null,
  requireValidGtin: false,
  status: 'published',
  publishAt: null,
};

describe('answers checked against the contracts without zod', () => {
  it('returns a valid answer as zod would: the same values, properties the contract lacks left out', () => {
    const detail = {
      ...family,
      counts: { categories: 2, products: 9, complete: { ar: 4, en: 7 } },
      extra: 'x',
    };
    expect(checkResponse('familyDetail', detail)).toEqual({ ...family, counts: detail.counts });
    // The family read back from the detail drops the counts, as FamilySchema.parse did.
    expect(checkResponse('family', detail)).toEqual(family);
  });

  it('names the first place where an answer differs from its contract', () => {
    const list = { data: [family, { ...family, id: '4' }], count: 2 };
    expect(() => checkResponse('families', list)).toThrow(ResponseShapeError);
    expect(() => checkResponse('families', list)).toThrow(
      /families answer .* at \.data\[1\]\.id: expected integer/,
    );
    expect(() => checkResponse('families', { data: [] })).toThrow(/at \.count: expected a value/);
    expect(() =>
      checkResponse('config', { holding: { nameAr: 'x' }, guest: null, mediaBaseUrl: '' }),
    ).toThrow(/at \.holding\.nameEn/);
  });

  it("checks each value of a record by any key (a product's attributes)", () => {
    const attributes = { origin: { ar: 'مصر', en: 'Egypt' }, sugar: 4.5, vegan: true, allergens: ['milk'] };
    const product = productFixture({ attributes, completeness: { ar: 80, en: 100 } });
    expect(checkProduct(product)).toEqual(product);
    expect(() => checkProduct({ ...product, attributes: { sugar: { ar: 4 } } })).toThrow(
      /at \.attributes\.sugar/,
    );
  });

  it('accepts null where the contract allows it and refuses it elsewhere', () => {
    expect(hasShape('config', { holding: { nameAr: 'a', nameEn: 'b' }, guest: null, mediaBaseUrl: '' })).toBe(
      true,
    );
    expect(hasShape('family', { ...family, cover: 5 })).toBe(false);
    expect(hasShape('family', { ...family, nameEn: null })).toBe(false);
  });

  it('checks nested lists, optional parts and their limits (a search answer)', () => {
    const card = {
      id: 1,
      name: { ar: 'تمر', en: 'Dates' },
      nameAr: 'تمر',
      nameEn: 'Dates',
      barcode: '0123',
      number: null,
      netWeight: '500 g',
      drainedWeight: null,
      unitsPerCarton: 12,
      cartonPerPalate: null,
      image: null,
      logo: null,
      family: 3,
      category: 7,
    };
    const result = { data: [card], count: 1, facets: { category: [{ id: 7, count: 1 }] } };
    expect(checkResponse('search', result)).toEqual(result);
    expect(hasShape('search', { ...result, suggestions: ['a', 'b', 'c', 'd'] })).toBe(false);
    expect(hasShape('search', { ...result, data: [{ ...card, unitsPerCarton: 1.5 }] })).toBe(false);
  });
});
