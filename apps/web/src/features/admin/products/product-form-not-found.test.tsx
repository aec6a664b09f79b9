import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ProductFormPage } from './product-form-page';

describe('edit form of an address that names no record', () => {
  it('says not found for /admin/products/edit/abc instead of loading forever, and asks nothing', async () => {
    const requests = mockApi({});
    renderRoutes(
      [{ path: '/admin/products/edit/:id', element: <ProductFormPage /> }],
      '/admin/products/edit/abc',
    );
    expect(await screen.findByText(/What you asked for was not found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('/api/product'))).toEqual([]);
  });
});
