// The family the attribute column tests share (not a test file itself): a food family whose product
// has a value of every attribute type.
import type { Attribute } from '@dalil/contracts/attributes';
import type { Product } from '@dalil/contracts/products';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminCalls } from '../attributes/attributes.test-kit';
import { upload } from './imports.test-kit';

export const VALUES = {
  ingredients: { ar: 'حليب، ملح', en: 'Milk, "salt" | more' },
  allergens: ['milk', 'sesame'],
  nutrition_basis: 'per_100g',
  energy_kcal: 250.5,
  storage: { ar: 'يحفظ مبرداً', en: 'Keep chilled' },
  organic: true,
  harvested: '2026-10-01',
};

/** A test app with the food family (its set, a boolean and a date) and its filled product. */
export async function dairyApp() {
  const t: TestApp = await createTestApp();
  const admin = await t.adminToken();
  const calls = adminCalls(
    () => t,
    () => admin,
  );
  const { made, read } = calls;
  const family = (
    await made('/api/family', { nameEn: 'Dairy Farm', nameAr: 'مزرعة الألبان', requireValidGtin: false })
  ).id;
  const cheese = (await made('/api/category', { nameEn: 'Cheese', nameAr: 'أجبان', family })).id;
  await made('/api/attribute/sets/food', { family, categories: [cheese] });
  const extra = { family, categories: [cheese] };
  await made<Attribute>('/api/attribute', {
    ...extra,
    key: 'organic',
    name: { ar: 'عضوي', en: 'Organic' },
    type: 'boolean',
  });
  await made<Attribute>('/api/attribute', {
    ...extra,
    key: 'harvested',
    name: { ar: 'تاريخ الحصاد', en: 'Harvested' },
    type: 'date',
  });
  const product = (
    await made('/api/product', {
      nameEn: 'White cheese',
      nameAr: 'جبنة بيضاء',
      family,
      category: cheese,
      barcode: '50000005',
      attributes: VALUES,
    })
  ).id;
  return {
    t,
    admin,
    family,
    cheese,
    ...calls,
    valuesOf: async () => (await read<Product>(`/api/product/${product}`)).attributes,
    importAll: (file: string | Buffer, dryRun = false) =>
      upload(t, admin, `/api/upload/all${dryRun ? '?dryRun=true' : ''}`, file),
  };
}

export type DairyApp = Awaited<ReturnType<typeof dairyApp>>;
