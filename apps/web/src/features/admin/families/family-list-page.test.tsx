import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { usePreferences } from '../../../lib/preferences-store';
import { ListKit } from '../../../components/list-kit';
import { FamilyListPage } from './family-list-page';

const family = (id: number) => ({
  id,
  name: { ar: `شركة ${id}`, en: `Family ${id}` },
  nameAr: `شركة ${id}`,
  nameEn: `Family ${id}`,
  logo: null,
  image: null,
  cover: null,
  requireValidGtin: false,
  // Family 2 is a draft, family 3 a draft with a publish date ahead (the server shows it scheduled).
  status: id === 2 ? 'draft' : id === 3 ? 'scheduled' : 'published',
  publishAt: id === 3 ? '2027-03-01T09:30:00.000Z' : null,
});

/** The query strings of the list requests made so far. */
function listQueries(path: string): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input as string), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** 42 families; answers each page the way the server does. */
function mockFamilies(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/family': () => {
      const query = listQueries('/api/family').at(-1)!;
      const limit = Number(query.get('limit'));
      const skip = Number(query.get('skip'));
      const all = Array.from({ length: 42 }, (_, i) => family(i + 1));
      return { status: 200, body: { data: all.slice(skip, skip + limit), count: all.length } };
    },
    ...extra,
  });
}

const familyRoutes = [
  { path: '/admin/family/list', element: <FamilyListPage /> },
  { path: '/admin/family/edit/:id', element: <p>Edit page</p> },
];

describe('list kit', () => {
  it('shows skeleton rows for the page size, then the rows with running numbers', async () => {
    mockFamilies();
    renderRoutes(familyRoutes, '/admin/family/list?size=25');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(25);
    // The first render of a test file is slow on a shared machine.
    expect(await screen.findByRole('cell', { name: 'Family 1' }, { timeout: 8000 })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['id', 'Name Ar', 'Name En', 'Status', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    // Drafts are marked; a published family has no mark.
    expect(within(rows[0]!).getAllByRole('cell')[3]).toHaveTextContent(/^$/);
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent(/^Draft$/);
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent(/^Scheduled: .*2027/);
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(rows[24]!).getAllByRole('cell')[0]).toHaveTextContent('25');
  });

  it('pages with skip = page size x page index, and numbers rows from skip', async () => {
    mockFamilies();
    const { router } = renderRoutes(familyRoutes, '/admin/family/list?page=2&size=25');
    expect(await screen.findByRole('cell', { name: 'Family 26' })).toBeInTheDocument();
    expect(listQueries('/api/family').at(-1)?.toString()).toBe('limit=25&skip=25');
    const firstRow = screen.getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent('26');
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await screen.findByRole('cell', { name: 'Family 1' })).toBeInTheDocument();
    expect(listQueries('/api/family').at(-1)?.toString()).toBe('limit=25&skip=0');
    expect(router.state.location.search).toBe('?size=25');
  });

  it('labels the paging buttons in Arabic on an Arabic screen, and in English on an English one', async () => {
    mockFamilies();
    usePreferences.setState({ language: 'ar' });
    renderRoutes(familyRoutes, '/admin/family/list?page=2');
    expect(await screen.findByRole('cell', { name: 'شركة 11' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الانتقال إلى الصفحة السابقة' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }));
    expect(await screen.findByRole('cell', { name: 'شركة 21' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('filters by status from the first page, and the address keeps the filter', async () => {
    mockFamilies();
    const { router } = renderRoutes(familyRoutes, '/admin/family/list?page=2');
    await screen.findByRole('cell', { name: 'Family 11' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(listQueries('/api/family').at(-1)?.get('status')).toBe('draft'));
    expect(listQueries('/api/family').at(-1)?.get('skip')).toBe('0');
    expect(router.state.location.search).toContain('status=draft');
  });

  it('goes back to the first page when the page size changes', async () => {
    mockFamilies();
    const { router } = renderRoutes(familyRoutes, '/admin/family/list?page=3');
    expect(await screen.findByRole('cell', { name: 'Family 21' })).toBeInTheDocument();
    expect(listQueries('/api/family').at(-1)?.toString()).toBe('limit=10&skip=20');
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    expect(await screen.findByRole('cell', { name: 'Family 42' })).toBeInTheDocument();
    expect(listQueries('/api/family').at(-1)?.toString()).toBe('limit=50&skip=0');
    expect(router.state.location.search).toBe('?size=50');
  });

  it('debounces the search box into one request, from the first page', async () => {
    mockFamilies();
    const { router } = renderRoutes(familyRoutes, '/admin/family/list?page=2');
    await screen.findByRole('cell', { name: 'Family 11' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'olive');
    expect(listQueries('/api/family').some((q) => q.has('search'))).toBe(false);
    await waitFor(() => expect(listQueries('/api/family').at(-1)?.get('search')).toBe('olive'));
    expect(listQueries('/api/family').filter((q) => q.has('search'))).toHaveLength(1);
    expect(listQueries('/api/family').at(-1)?.get('skip')).toBe('0');
    expect(router.state.location.search).toBe('?q=olive');
  });

  it('deletes a family after showing its linked counts; Cancel closes without deleting', async () => {
    const requests = mockFamilies({
      'GET /api/family/3': () => ({
        status: 200,
        body: { ...family(3), counts: { categories: 4, products: 17, complete: { ar: 3, en: 17 } } },
      }),
      'DELETE /api/family/3': () => ({ status: 204 }),
    });
    renderRoutes(familyRoutes, '/admin/family/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Family 3' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', '/admin/family/edit/3');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const text =
      'This family goes to the recycle bin with its 4 categories and 17 products, and can be restored from there whole.';
    expect(await screen.findByText(text)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Family 3' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await within(dialog).findByText(text);
    const listsBefore = listQueries('/api/family').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/family/3']);
    expect(listQueries('/api/family').length).toBeGreaterThan(listsBefore);
  });

  it('asks "Are you sure you want to delete this product?" with a Delete Product button', async () => {
    const requests = mockApi({
      'GET /api/product': () => ({ status: 200, body: { data: [family(7)], count: 1 } }),
      'DELETE /api/product/7': () => ({ status: 204 }),
    });
    const productList = (
      <ListKit
        resource="products"
        columns={[{ id: 'nameEn', label: 'Name En', render: (row) => row.nameEn }]}
        fetchPage={(query, signal) => apiRequest('/product', { query, signal })}
        createPath="/create"
        createLabel="Create Product"
        editPath={(id) => `/edit/${id}`}
        rowLabel={(row: ReturnType<typeof family>) => row.nameEn}
        deletion={{
          remove: (id) => apiRequest(`/product/${id}`, { method: 'DELETE' }),
          confirm: { text: 'Are you sure you want to delete this product?', button: 'Delete Product' },
        }}
      />
    );
    renderRoutes([{ path: '/admin/product/list', element: productList }], '/admin/product/list');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Family 7' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this product?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Product' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('says "No results were found" when the list is empty', async () => {
    mockApi({ 'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }) });
    renderRoutes(familyRoutes, '/admin/family/list?q=nothing');
    expect(await screen.findByText('No results were found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nothing');
  });
});
