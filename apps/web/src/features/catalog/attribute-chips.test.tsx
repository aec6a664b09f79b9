import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { familyFixture } from '../../test/catalog-fixtures';
import { usePreferences } from '../../lib/preferences-store';
import { CatalogMainPage } from './catalog-main-page';
import { useCatalogStore } from './catalog-store';

const family = familyFixture();
const option = (key: string, en: string, ar: string) => ({ key, name: { ar, en } });
const ATTRIBUTES = [
  {
    key: 'allergens',
    name: { ar: 'مسببات الحساسية', en: 'Allergens' },
    type: 'choices',
    options: [option('milk', 'Milk', 'حليب'), option('nuts', 'Nuts', 'مكسرات'), option('soy', 'Soy', 'صويا')],
  },
  {
    key: 'origin',
    name: { ar: 'المنشأ', en: 'Origin' },
    type: 'choice',
    options: [option('sa', 'Saudi Arabia', 'السعودية'), option('eg', 'Egypt', 'مصر')],
  },
];

/** A family with two choice attributes; the facet counts as the server gives them (soy has none). */
function mockCatalogue(attributes: unknown[] = ATTRIBUTES): MockRequest[] {
  return mockApi({
    'GET /api/family': () => ({ status: 200, body: { data: [family], count: 1 } }),
    'GET /api/family/1': () => ({
      status: 200,
      body: { ...family, counts: { categories: 0, products: 3, complete: { ar: 3, en: 3 } } },
    }),
    'GET /api/category': () => ({ status: 200, body: { data: [], count: 0 } }),
    'GET /api/search/attributes': () => ({ status: 200, body: { data: attributes } }),
    'GET /api/search': ({ query }) => ({
      status: 200,
      body: {
        data: [],
        count: 0,
        ...(query.get('facets')?.includes('attr.') && {
          facets: {
            attributes: {
              allergens: [
                { option: 'milk', count: 3 },
                { option: 'nuts', count: 1 },
              ],
              origin: [
                { option: 'sa', count: 2 },
                { option: 'eg', count: 1 },
              ],
            },
          },
        }),
      },
    }),
  });
}

const routes = [{ path: '/catalog/main', Component: CatalogMainPage }];
/** The product searches (not the counts, which ask for facets). */
const searches = (requests: MockRequest[]) =>
  requests.filter((r) => r.path === '/api/search' && !r.query.has('facets')).map((r) => r.query);

beforeEach(() => {
  useCatalogStore.setState({ selectedFamily: null, lastQuery: '' });
  usePreferences.setState({ language: 'en' });
});

describe('attribute filter chips', () => {
  it('show each option with its count, keep the chosen ones in the address and narrow the search', async () => {
    const requests = mockCatalogue();
    const { router } = renderRoutes(routes, '/catalog/main?family=1&attr.origin=sa');
    const origin = await screen.findByRole('group', { name: 'Filter by Origin' });
    const saudi = await within(origin).findByRole('button', { name: 'Saudi Arabia (2)' });
    expect(saudi).toHaveAttribute('aria-pressed', 'true');
    expect(within(origin).getByRole('button', { name: 'Egypt (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const allergens = screen.getByRole('group', { name: 'Filter by Allergens' });
    // An option no matching product has is left out.
    expect(
      within(allergens)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Milk (3)', 'Nuts (1)']);
    await vi.waitFor(() => expect(searches(requests).at(-1)?.get('attr.origin')).toBe('sa'));

    // Another attribute's option narrows further; a second option of one attribute widens it.
    await userEvent.click(within(allergens).getByRole('button', { name: 'Nuts (1)' }));
    expect(router.state.location.search).toBe('?family=1&attr.origin=sa&attr.allergens=nuts');
    await userEvent.click(within(origin).getByRole('button', { name: 'Egypt (1)' }));
    expect(new URLSearchParams(router.state.location.search).getAll('attr.origin')).toEqual(['sa', 'eg']);
    await vi.waitFor(() => expect(searches(requests).at(-1)?.get('attr.origin')).toBe('sa,eg'));
    expect(searches(requests).at(-1)?.get('attr.allergens')).toBe('nuts');

    // Choosing a chosen option again clears it; "Clear filters" clears them all.
    await userEvent.click(within(origin).getByRole('button', { name: 'Saudi Arabia (2)' }));
    expect(router.state.location.search).toBe('?family=1&attr.origin=eg&attr.allergens=nuts');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?family=1');
  });

  it('name the attributes and options in Arabic for an Arabic reader', async () => {
    usePreferences.setState({ language: 'ar' });
    mockCatalogue();
    renderRoutes(routes, '/catalog/main?family=1');
    const origin = await screen.findByRole('group', { name: 'التصفية حسب المنشأ' });
    expect(await within(origin).findByRole('button', { name: /^السعودية/ })).toBeInTheDocument();
  });

  it('are not there for a family without choice attributes', async () => {
    const requests = mockCatalogue([]);
    renderRoutes(routes, '/catalog/main?family=1');
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/search/attributes')).toBe(true));
    await vi.waitFor(() => expect(searches(requests).length).toBeGreaterThan(0));
    expect(screen.queryByRole('group', { name: 'Filters' })).toBeNull();
    expect(requests.some((r) => r.query.get('facets')?.includes('attr.'))).toBe(false);
  });
});
