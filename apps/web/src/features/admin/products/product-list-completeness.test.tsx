import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../../test/catalog-fixtures';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ProductListPage } from './product-list-page';

const routes = [{ path: '/admin/products/list', element: <ProductListPage /> }];
const productAsks = (requests: MockRequest[]) => requests.filter((r) => r.path === '/api/product');

function mockProducts() {
  const products = [
    productFixture({ id: 1, nameEn: 'Orange juice', completeness: { ar: 80, en: 100 } }),
    productFixture({ id: 2, nameEn: 'Apple juice', completeness: { ar: 100, en: 50 } }),
  ];
  return mockApi({
    ...catalogueApi([named(1, 'Orchard Foods', 'بساتين')]),
    'GET /api/product': (request) => {
      const language = request.query.get('incomplete') as 'ar' | 'en' | null;
      const data = products.filter((p) => !language || p.completeness[language] < 100);
      return { status: 200, body: { data, count: data.length } };
    },
  });
}

describe('product completeness', () => {
  it("shows each product's percent complete in Arabic and in English", async () => {
    mockProducts();
    renderRoutes(routes, '/admin/products/list');
    const row = (await screen.findByRole('cell', { name: 'Orange juice' })).closest('tr')!;
    expect(within(row).getByText('ع 80%')).toBeInTheDocument();
    expect(within(row).getByText('EN 100%')).toBeInTheDocument();
  });

  it('asks for the products incomplete in the language chosen, and keeps the choice in the address', async () => {
    const requests = mockProducts();
    const { router } = renderRoutes(routes, '/admin/products/list');
    await screen.findByRole('cell', { name: 'Apple juice' });
    expect(productAsks(requests).at(-1)?.query.has('incomplete')).toBe(false);
    await userEvent.click(screen.getByRole('combobox', { name: 'Completeness' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Incomplete in Arabic' }));
    await waitFor(() => expect(productAsks(requests).at(-1)?.query.get('incomplete')).toBe('ar'));
    expect(router.state.location.search).toBe('?incomplete=ar');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Apple juice' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Orange juice' })).toBeInTheDocument();
  });
});
