import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { ProductListPage } from './product-list-page';

/** 30 families, the last with 150 categories: both beyond what a choice offers at once. */
const families = Array.from({ length: 30 }, (_, i) => named(i + 1, `Family ${i + 1}`, `شركة ${i + 1}`));
families[29] = named(30, 'Zahrat Al Madaen', 'زهرة المدائن');
const categories = Array.from({ length: 150 }, (_, i) =>
  named(101 + i, `Shelf ${i + 1}`, `رف ${i + 1}`, { family: 30, parent: null }),
);

const routes = [{ path: '/admin/product/list', element: <ProductListPage /> }];
const lastProducts = (requests: MockRequest[]) => requests.filter((r) => r.path === '/api/product').at(-1);

describe('family and category filters', () => {
  it("names a linked list's family beyond the first 20, finds a category by name, and clears it with a new family", async () => {
    const requests = mockApi({
      ...catalogueApi(families, categories),
      'GET /api/product': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    const { router } = renderRoutes(routes, '/admin/product/list?family=30');
    const family = await screen.findByRole('combobox', { name: 'Family' });
    await waitFor(() => expect(family).toHaveValue('Zahrat Al Madaen'));
    expect(lastProducts(requests)?.query.get('family')).toBe('30');

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveAttribute('placeholder', 'All categories');
    await userEvent.type(category, 'shelf 150');
    await userEvent.click(await screen.findByRole('option', { name: 'Shelf 150' }));
    await waitFor(() => expect(lastProducts(requests)?.query.get('category')).toBe('250'));
    expect(router.state.location.search).toBe('?family=30&category=250');

    await userEvent.clear(family);
    await userEvent.type(family, 'family 2');
    await userEvent.click(await screen.findByRole('option', { name: 'Family 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?family=2'));
    expect(category).toHaveValue('');
  });

  it('clears the family filter, and with it the category filter, with the Clear button', async () => {
    mockApi({
      ...catalogueApi(families, categories),
      'GET /api/product': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    const { router } = renderRoutes(routes, '/admin/product/list?family=1');
    const family = await screen.findByRole('combobox', { name: 'Family' });
    await waitFor(() => expect(family).toHaveValue('Family 1'));
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeEnabled();
    await userEvent.click(family);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(family).toHaveAttribute('placeholder', 'All families');
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeDisabled();
  });
});
