import type { Product } from '@dalil/contracts/products';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../lib/preferences-store';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { familyFixture, foodAttributesFixture, productFixture } from '../../test/catalog-fixtures';
import { ProductPage } from './product-page';

const product = productFixture(foodAttributesFixture());

function renderProduct(answer: Product) {
  mockApi({
    'GET /api/product/5': () => ({ status: 200, body: answer }),
    'GET /api/family/1': () => ({ status: 200, body: familyFixture() }),
    'GET /api/config': () => ({
      status: 200,
      body: {
        holding: { nameAr: 'مجموعة', nameEn: 'Group' },
        guest: null,
        mediaBaseUrl: '/media',
        currency: null,
      },
    }),
  });
  renderRoutes([{ path: '/catalog/main/:id', element: <ProductPage /> }], '/catalog/main/5');
}

/** A description list's terms and their descriptions, as pairs. */
const pairs = (list: HTMLElement) =>
  [...list.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

/** The table's rows, header cell then amount. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);

describe("a product page's attributes", () => {
  it('shows each group and the nutrition table in English, a value only in Arabic marked as Arabic', async () => {
    usePreferences.setState({ language: 'en' });
    renderProduct(product);
    const details = await screen.findByRole('region', { name: 'Product information' });
    expect(pairs(details)).toEqual([
      ['Ingredients', 'زيتون، ماء، ملح'],
      ['Allergens', 'Milk, Sesame seeds'],
      ['Country of origin', 'Jordan'],
    ]);
    expect(within(details).getByText('زيتون، ماء، ملح')).toHaveAttribute('lang', 'ar');
    expect(within(details).getByText('Jordan')).not.toHaveAttribute('lang');
    expect(pairs(screen.getByRole('region', { name: 'Farming' }))).toEqual([['Organic', 'No']]);
    const table = screen.getByRole('table', { name: 'Nutrition facts per 100 g' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nutrient', 'Per 100 g']);
    expect(rows(table)).toEqual([
      ['Energy', '145 kcal / 607 kJ'],
      ['Fat', '15.3 g'],
      ['of which saturates', '2 g'],
      ['Carbohydrate', '3.8 g'],
      ['of which sugars', '0.5 g'],
      ['Protein', '1 g'],
      ['Salt', '3.1 g'],
    ]);
  });

  it('in Arabic: names, units and yes or no in Arabic', async () => {
    usePreferences.setState({ language: 'ar' });
    renderProduct(product);
    const details = await screen.findByRole('region', { name: 'معلومات المنتج' });
    expect(pairs(details)).toEqual([
      ['المكونات', 'زيتون، ماء، ملح'],
      ['مسببات الحساسية', 'الحليب، بذور السمسم'],
      ['بلد المنشأ', 'الأردن'],
    ]);
    expect(within(details).getByText('زيتون، ماء، ملح')).not.toHaveAttribute('lang');
    expect(pairs(screen.getByRole('region', { name: 'الزراعة' }))).toEqual([['عضوي', 'لا']]);
    const table = screen.getByRole('table', { name: 'القيم الغذائية لكل 100 غ' });
    expect(rows(table)).toEqual([
      ['الطاقة', '145 كيلو كالوري / 607 كيلو جول'],
      ['الدهون', '15.3 غ'],
      ['منها الدهون المشبعة', '2 غ'],
      ['الكربوهيدرات', '3.8 غ'],
      ['منها السكريات', '0.5 غ'],
      ['البروتين', '1 غ'],
      ['الملح', '3.1 غ'],
    ]);
  });

  it('shows no attribute section for a product without values, nor for values without definitions', async () => {
    usePreferences.setState({ language: 'en' });
    renderProduct({ ...product, attributeDefinitions: undefined });
    await screen.findByRole('heading', { level: 1, name: 'Green olives' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Product information' })).toBeNull();
    expect(screen.queryByText('Jordan')).toBeNull();
  });
});
