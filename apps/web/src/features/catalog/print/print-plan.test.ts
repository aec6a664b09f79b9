import type { Category } from '@dalil/contracts/categories';
import type { Product } from '@dalil/contracts/products';
import { describe, expect, it } from 'vitest';
import { CONTENTS_ROWS_PER_SHEET, planCatalogue, PRODUCTS_PER_SHEET } from './print-plan';
import { productFixture } from '../../../test/catalog-fixtures';

const category = (id: number, en: string): Category => ({
  id,
  name: { ar: `فئة ${en}`, en },
  nameAr: `فئة ${en}`,
  nameEn: en,
  family: 1,
  parent: null,
  logo: null,
  image: null,
});

const product = (id: number, categoryId: number, en: string, ar = en): Product =>
  productFixture({ id, category: categoryId, nameEn: en, nameAr: ar });

describe('planCatalogue', () => {
  it('numbers pages after the cover and the contents, a new page for every category', () => {
    const categories = [category(1, 'Dates'), category(2, 'Juices'), category(3, 'Empty')];
    const products = [
      ...Array.from({ length: 17 }, (_, i) => product(100 + i, 1, `Date ${i + 1}`)),
      ...Array.from({ length: 3 }, (_, i) => product(200 + i, 2, `Juice ${i + 1}`)),
    ];
    const plan = planCatalogue(categories, products, 'en');
    // Cover (1), contents (2), Dates on 3-5 (8 + 8 + 1), Juices on 6.
    expect(plan.sections.map((s) => [s.category.nameEn, s.firstPage, s.sheets.map((p) => p.length)])).toEqual(
      [
        ['Dates', 3, [PRODUCTS_PER_SHEET, PRODUCTS_PER_SHEET, 1]],
        ['Juices', 6, [3]],
      ],
    );
    expect(plan.pageCount).toBe(6);
    expect(plan.contents).toHaveLength(1);
  });

  it('sorts products by name in the reader language, numbers naturally', () => {
    const products = [
      product(1, 1, 'Date 10', 'تمر ب'),
      product(2, 1, 'Date 2', 'تمر أ'),
      product(3, 1, 'apple', 'تمر ج'),
    ];
    const en = planCatalogue([category(1, 'Dates')], products, 'en');
    expect(en.sections[0]?.products.map((p) => p.nameEn)).toEqual(['apple', 'Date 2', 'Date 10']);
    const ar = planCatalogue([category(1, 'Dates')], products, 'ar');
    expect(ar.sections[0]?.products.map((p) => p.nameAr)).toEqual(['تمر أ', 'تمر ب', 'تمر ج']);
  });

  it('gives a long contents more pages and moves the categories along', () => {
    const count = CONTENTS_ROWS_PER_SHEET + 1;
    const categories = Array.from({ length: count }, (_, i) => category(i + 1, `C${i + 1}`));
    const products = categories.map((c) => product(c.id, c.id, `P${c.id}`));
    const plan = planCatalogue(categories, products, 'en');
    expect(plan.contents.map((sheet) => sheet.length)).toEqual([CONTENTS_ROWS_PER_SHEET, 1]);
    expect(plan.sections[0]?.firstPage).toBe(4);
    expect(plan.pageCount).toBe(3 + count);
  });

  it('plans a cover and an empty contents page when nothing is left to print', () => {
    expect(planCatalogue([category(1, 'Dates')], [], 'en')).toEqual({
      contents: [[]],
      sections: [],
      pageCount: 2,
    });
  });
});
