import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@dalil/contracts/products';
import { dairyApp, VALUES, type DairyApp } from './attributes.test-kit';
import { problemSentence } from './problem-text';
import { csv, readWorkbook, sheetValues, snapshot, upload } from './imports.test-kit';

// Attribute columns in uploads: checked against each row's family in an "all" file and against the
// route's family in a per-family upload (an unknown key is a 400 naming it); a column absent leaves
// values alone; an import's undo puts values back; the XLSX template and completeness follow.

let d: DairyApp;
beforeAll(async () => {
  d = await dairyApp();
});
afterAll(() => d.t.close());

describe('attribute columns in an "all" file', () => {
  it("checks each row against its own family's attributes: an unknown key is a problem where filled", async () => {
    const before = await snapshot(d.t);
    const header = ['familyNameEn', 'familyNameAr', 'categoryNameEn', 'categoryNameAr', 'productNameEn'];
    const res = await d.importAll(
      csv([
        [...header, 'productNameAr', 'productBarcode', 'attr.colour', 'attr.organic'],
        [
          'Dairy Farm',
          'مزرعة الألبان',
          'Cheese',
          'أجبان',
          'White cheese',
          'جبنة بيضاء',
          '50000005',
          'red',
          'yes',
        ],
        ['Bakery', 'مخبز', 'Bread', 'خبز', 'Loaf', 'رغيف', '', '', ''],
        ['Bakery', 'مخبز', 'Bread', 'خبز', 'Bun', 'كعكة', '', '', 'no'],
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.report().problems).toMatchObject([
      { line: 2, column: 'attr.colour', reason: 'the family has no attribute with this key' },
      { line: 4, column: 'attr.organic', reason: 'the family has no attribute with this key' },
    ]);
    expect(await snapshot(d.t)).toEqual(before);
    // The invalid-rows download in Arabic says the same.
    expect(problemSentence(res.report().problems[1]!, 'ar')).toBe(
      'attr.organic: ليس للشركة سمة بهذا المفتاح',
    );
  });
});

describe('attribute columns in per-family uploads', () => {
  const header = ['categoryNameEn', 'categoryNameAr', 'productNameEn', 'productNameAr', 'productBarcode'];
  const row = ['Cheese', 'أجبان', 'White cheese', 'جبنة بيضاء', '50000005'];

  it('an unknown attribute column is a 400 naming it', async () => {
    const res = await upload(
      d.t,
      d.admin,
      `/api/upload/categories/${d.family}`,
      csv([
        [...header, 'attr.colour'],
        [...row, 'red'],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Unknown attribute column "attr.colour": the family has no attribute with this key',
    );
  });

  it('a column absent from the file leaves those values alone', async () => {
    const res = await upload(
      d.t,
      d.admin,
      `/api/upload/categories/${d.family}`,
      csv([
        [...header, 'attr.organic'],
        [...row, 'no'],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ products: { updated: 1 }, attributeChanges: 1 });
    expect(await d.valuesOf()).toEqual({ ...VALUES, organic: false });
  });

  it('an import is undone with its attribute values', async () => {
    const before = await d.valuesOf();
    const res = await upload(
      d.t,
      d.admin,
      `/api/upload/categories/${d.family}`,
      csv([
        [...header, 'attr.allergens', 'attr.harvested'],
        [...row, 'eggs', ''],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await d.valuesOf()).toMatchObject({ allergens: ['eggs'] });
    expect((await d.valuesOf()).harvested).toBeUndefined();
    const undo = await d.call('POST', `/api/import/${res.body.importId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await d.valuesOf()).toEqual(before);
  });

  it('the XLSX template of a family has its attribute columns', async () => {
    const res = await d.call('GET', `/api/upload/template/products.xlsx?family=${d.family}`);
    expect(res.statusCode, res.body).toBe(200);
    const [names] = sheetValues(await readWorkbook(res.rawPayload));
    expect(names!.slice(-4)).toEqual([
      'attr.country_of_origin.ar',
      'attr.country_of_origin.en',
      'attr.organic',
      'attr.harvested',
    ]);
    expect(names).toContain('attr.energy_kcal');
    expect((await d.call('GET', '/api/upload/template/products.xlsx?family=999999')).statusCode).toBe(404);
  });

  it("keeps completeness: values a file clears or gives count as a form's would", async () => {
    const completeness = async (nameEn: string) => {
      const list = await d.read<{ data: Product[] }>(`/api/product?family=${d.family}&limit=100`);
      return list.data.find((p) => p.nameEn === nameEn)!.completeness;
    };
    // The ingredients are required in both languages: the name and they are all there is to fill.
    expect(await completeness('White cheese')).toEqual({ ar: 100, en: 100 });
    const res = await upload(
      d.t,
      d.admin,
      `/api/upload/categories/${d.family}`,
      csv([
        [...header, 'attr.ingredients.ar', 'attr.ingredients.en'],
        [...row, '', ''],
        ['Cheese', 'أجبان', 'Feta', 'فيتا', '50000012', 'حليب', 'Milk'],
        ['Cheese', 'أجبان', 'Brie', 'بري', '50000029', '', 'Milk'],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ products: { created: 2, updated: 1 }, attributeChanges: 3 });
    expect(await completeness('White cheese')).toEqual({ ar: 50, en: 50 });
    expect(await completeness('Feta')).toEqual({ ar: 100, en: 100 });
    expect(await completeness('Brie')).toEqual({ ar: 50, en: 100 });
  });
});

describe('completeness of the products an import creates', () => {
  it("counts each family's required attributes of the row's category or sub-category, and a bad barcode", async () => {
    const { made } = d;
    const aged = (
      await made('/api/category', { nameEn: 'Aged', nameAr: 'معتقة', family: d.family, parent: d.cheese })
    ).id;
    const milk = (await made('/api/category', { nameEn: 'Milk', nameAr: 'حليب', family: d.family })).id;
    const orchard = (
      await made('/api/family', { nameEn: 'Orchard', nameAr: 'بستان', requireValidGtin: false })
    ).id;
    const apples = (await made('/api/category', { nameEn: 'Apples', nameAr: 'تفاح', family: orchard })).id;
    const attribute = (family: number, key: string, type: string, required: string, categories: number[]) =>
      made('/api/attribute', { family, categories, key, name: { ar: key, en: key }, type, required });
    await attribute(d.family, 'aging', 'text', 'en', [aged]);
    await attribute(d.family, 'halal', 'boolean', 'both', [milk]);
    await attribute(orchard, 'variety', 'text', 'ar', [apples]);

    const dairy = ['Dairy Farm', 'مزرعة الألبان'];
    const fruit = ['Orchard', 'بستان'];
    const res = await d.importAll(
      csv([
        [
          'familyNameEn',
          'familyNameAr',
          'categoryNameEn',
          'categoryNameAr',
          'subCategoryNameEn',
          'subCategoryNameAr',
          'productNameEn',
          'productNameAr',
          'productBarcode',
          'attr.aging.ar',
          'attr.aging.en',
          'attr.halal',
          'attr.variety.ar',
          'attr.variety.en',
        ],
        [...dairy, 'Cheese', 'أجبان', 'Aged', 'معتقة', 'Gouda', 'جودا', '', '', 'Two years', '', '', ''],
        [...dairy, 'Milk', 'حليب', '', '', 'Fresh milk', 'حليب طازج', '', '', '', 'yes', '', ''],
        [...dairy, 'Milk', 'حليب', '', '', 'Skim milk', 'حليب خالي الدسم', '12345', '', '', '', '', ''],
        [...fruit, 'Apples', 'تفاح', '', '', 'Gala', 'غالا', '', '', '', '', 'غالا', ''],
        [...fruit, 'Apples', 'تفاح', '', '', 'Fuji', 'فوجي', '', '', '', '', '', 'Fuji'],
        [...fruit, 'Pears', 'كمثرى', '', '', 'Conference', 'كونفرنس', '', '', '', '', '', ''],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ products: { created: 6 } });
    const shown = new Map<string, unknown>();
    for (const family of [d.family, orchard]) {
      const list = await d.read<{ data: Product[] }>(`/api/product?family=${family}&limit=100`);
      for (const p of list.data) shown.set(p.nameEn, p.completeness);
    }
    // Gouda: the food set's ingredients (both languages, on Cheese) and the aging (English, on Aged).
    expect(shown.get('Gouda')).toEqual({ ar: 50, en: 66 });
    expect(shown.get('Fresh milk')).toEqual({ ar: 100, en: 100 });
    // Not halal-marked, and a barcode that is no GTIN: two of three items in each language missing.
    expect(shown.get('Skim milk')).toEqual({ ar: 33, en: 33 });
    expect(shown.get('Gala')).toEqual({ ar: 100, en: 100 });
    expect(shown.get('Fuji')).toEqual({ ar: 50, en: 100 });
    // A category the import creates has no attributes yet.
    expect(shown.get('Conference')).toEqual({ ar: 100, en: 100 });
  });
});
