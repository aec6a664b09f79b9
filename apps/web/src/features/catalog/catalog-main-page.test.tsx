import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { CatalogMainPage } from './catalog-main-page';
import { useCatalogStore } from './catalog-store';
import { familyFixture } from '../../test/catalog-fixtures';

const family = familyFixture();

const product = (id: number) => ({
  id,
  name: { ar: `منتج ${id}`, en: `Product ${id}` },
  nameAr: `منتج ${id}`,
  nameEn: `Product ${id}`,
  barcode: `62810000${id}`,
  number: null,
  netWeight: '250 (g)',
  drainedWeight: null,
  unitsPerCarton: 12,
  cartonPerPalate: 40,
  image: null,
  logo: null,
  family: 1,
  category: 1,
  subCategory: null,
});

const category = (id: number, en: string, ar: string, parent: number | null = null) => ({
  id,
  name: { ar, en },
  nameAr: ar,
  nameEn: en,
  family: 1,
  parent,
  logo: null,
  image: null,
});

const CATEGORIES = [category(1, 'Dates', 'تمور'), category(2, 'Medjool', 'تمر مجدول', 1)];

function mockCatalogue(count: number) {
  return mockApi({
    'GET /api/family': () => ({ status: 200, body: { data: [family, { ...family, id: 2 }], count: 2 } }),
    'GET /api/family/1': () => ({
      status: 200,
      body: { ...family, counts: { categories: 1, products: count, complete: { ar: count, en: count } } },
    }),
    'GET /api/category': ({ query }) => {
      const rows = CATEGORIES.filter((c) => String(c.parent ?? 'none') === query.get('parent'));
      return { status: 200, body: { data: rows, count: rows.length } };
    },
    'GET /api/category/2': () => ({
      status: 200,
      body: { ...CATEGORIES[1], counts: { products: 1, subCategories: 0 } },
    }),
    'GET /api/search': () => ({
      status: 200,
      body: { data: Array.from({ length: Math.min(count, 25) }, (_, i) => product(i + 1)), count },
    }),
  });
}

/** The query strings of the search requests made, from the stubbed fetch. */
function searchRequests(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
    .filter((url) => url.pathname === '/api/search')
    .map((url) => url.searchParams);
}

const routes = [
  { path: '/catalog/main', Component: CatalogMainPage },
  { path: '/catalog/family', element: <p>Chooser reached</p> },
];

beforeEach(() => useCatalogStore.setState({ selectedFamily: null, lastQuery: '' }));

describe('catalogue main', () => {
  it('says no results were found, and offers to show everything when a search narrowed it', async () => {
    mockCatalogue(0);
    renderRoutes(routes, '/catalog/main?family=1&search=nothing');
    expect(await screen.findByRole('heading', { name: 'No results were found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all products' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of results' })).not.toBeInTheDocument();
  });

  it('says a company without products has none yet, instead of suggesting another spelling', async () => {
    mockCatalogue(0);
    renderRoutes(routes, '/catalog/main?family=1');
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
    expect(screen.getByText('This company has no products in the catalogue yet.')).toBeInTheDocument();
    expect(screen.queryByText(/another spelling/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show all products' })).toBeNull();
  });

  it('numbers ceil(count / 25) pages and asks for skip 25 on page 2, keeping the page size', async () => {
    mockCatalogue(60);
    const { router } = renderRoutes(routes, '/catalog/main?family=1');
    const pages = await screen.findByRole('navigation', { name: 'Pages of results' });
    expect(within(pages).getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Go to page 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Products found: 60');

    await userEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect(router.state.location.search).toBe('?family=1&page=2');
    await vi.waitFor(() => expect(searchRequests().at(-1)?.get('skip')).toBe('25'));
    expect(searchRequests().at(-1)?.get('limit')).toBe('25');

    // A category change goes back to page 1 with the same page size.
    await userEvent.click(screen.getByRole('button', { name: 'Dates' }));
    expect(router.state.location.search).toBe('?family=1&category=1');
    await vi.waitFor(() => expect(searchRequests().at(-1)?.get('skip')).toBe('0'));
    expect(searchRequests().at(-1)?.get('limit')).toBe('25');
    expect(localStorage.getItem('family')).toBe('1');
  });

  it('goes on from what the visitor typed into the server-rendered page before the app took over', async () => {
    mockCatalogue(3);
    // The page as the server rendered it, with a word typed into its search box and the caret in it.
    const served = document.createElement('div');
    served.id = 'served-page';
    served.innerHTML = '<form><input type="search" name="search" value="" /></form>';
    document.body.append(served);
    const typedInto = served.querySelector('input')!;
    typedInto.value = 'تمر';
    typedInto.focus();
    try {
      const { router } = renderRoutes(routes, '/catalog/main?family=1');
      const box = await screen.findByRole('searchbox', { name: 'Search products' });
      expect(box).toHaveValue('تمر');
      expect(box).toHaveFocus();
      await vi.waitFor(() =>
        expect(router.state.location.search).toBe('?family=1&search=%D8%AA%D9%85%D8%B1'),
      );
      await vi.waitFor(() => expect(searchRequests().at(-1)?.get('search')).toBe('تمر'));
    } finally {
      served.remove();
    }
  });

  it('sends a visitor with no family in the link, state or storage to the chooser', async () => {
    mockCatalogue(0);
    renderRoutes(routes, '/catalog/main');
    expect(await screen.findByText('Chooser reached')).toBeInTheDocument();
  });

  it("shows a second row of toggles for the chosen category's sub-categories", async () => {
    mockCatalogue(3);
    const { router } = renderRoutes(routes, '/catalog/main?family=1');
    const first = await screen.findByRole('group', { name: 'Categories' });
    expect(screen.queryByRole('group', { name: 'Sub-categories' })).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Dates' }));
    const second = await screen.findByRole('group', { name: 'Sub-categories' });
    await userEvent.click(within(second).getByRole('button', { name: 'Medjool' }));
    expect(router.state.location.search).toBe('?family=1&category=2');
    await vi.waitFor(() => expect(searchRequests().at(-1)?.get('category')).toBe('2'));
    // The parent stays chosen in the first row.
    expect(within(first).getByRole('button', { name: 'Dates' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the family as the server has it now, not as the browser stored it', async () => {
    mockCatalogue(0);
    useCatalogStore.setState({
      selectedFamily: { ...family, name: { ar: 'قديم', en: 'Old Name' }, nameEn: 'Old Name', nameAr: 'قديم' },
    });
    renderRoutes(routes, '/catalog/main');
    expect(await screen.findByText('Al Nakheel Foods')).toBeInTheDocument();
    expect(screen.queryByText('Old Name')).not.toBeInTheDocument();
    expect(screen.queryByText('قديم')).not.toBeInTheDocument();
    expect(useCatalogStore.getState().selectedFamily?.nameEn).toBe('Al Nakheel Foods');
  });

  it('sends the visitor to the chooser when the stored family was deleted', async () => {
    mockCatalogue(0);
    mockApi({
      'GET /api/family/1': () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Family not found' },
      }),
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
      'GET /api/category': () => ({ status: 200, body: { data: [], count: 0 } }),
      'GET /api/search': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    useCatalogStore.setState({ selectedFamily: family });
    renderRoutes(routes, '/catalog/main');
    expect(await screen.findByText('Chooser reached')).toBeInTheDocument();
  });
});
