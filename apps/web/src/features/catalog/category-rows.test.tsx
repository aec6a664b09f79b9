import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { usePreferences } from '../../lib/preferences-store';
import { CatalogMainPage } from './catalog-main-page';
import { useCatalogStore } from './catalog-store';
import { familyFixture } from '../../test/catalog-fixtures';

const family = familyFixture();

const category = (id: number, parent: number | null = null) => ({
  id,
  name: { ar: `فئة ${id}`, en: `Category ${id}` },
  nameAr: `فئة ${id}`,
  nameEn: `Category ${id}`,
  family: 1,
  parent,
  logo: null,
  image: null,
});

/** 150 top-level categories; category 150 has two sub-categories (151 and 152). */
const CATEGORIES = [
  ...Array.from({ length: 150 }, (_, i) => category(i + 1)),
  category(151, 150),
  category(152, 150),
];

/** The catalogue API of one family with 150 categories, paged as the server pages them. */
function mockFamilyWithManyCategories(): MockRequest[] {
  return mockApi({
    'GET /api/family': () => ({ status: 200, body: { data: [family], count: 1 } }),
    'GET /api/family/1': () => ({
      status: 200,
      body: { ...family, counts: { categories: 152, products: 1, complete: { ar: 1, en: 1 } } },
    }),
    'GET /api/category': ({ query }) => {
      const rows = CATEGORIES.filter((c) => String(c.parent ?? 'none') === query.get('parent'));
      const skip = Number(query.get('skip'));
      const page = rows.slice(skip, skip + Number(query.get('limit')));
      return { status: 200, body: { data: page, count: rows.length } };
    },
    // A linked category the rows have not loaded is read on its own, and so is its parent.
    ...Object.fromEntries(
      [150, 151].map((id) => [
        `GET /api/category/${id}`,
        () => ({
          status: 200,
          body: { ...CATEGORIES[id - 1], counts: { products: 1, subCategories: 0 } },
        }),
      ]),
    ),
    'GET /api/search': () => ({ status: 200, body: { data: [], count: 0 } }),
  });
}

const routes = [{ path: '/catalog/main', Component: CatalogMainPage }];

const requested = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.path === path).map((r) => r.query);
/** The product searches (not the per-category counts, which ask for facets). */
const searches = (requests: MockRequest[]) =>
  requested(requests, '/api/search').filter((q) => !q.has('facets'));

beforeEach(() => useCatalogStore.setState({ selectedFamily: null, lastQuery: '' }));

describe('category rows', () => {
  it('load more categories at the end of the row, so the 150th can filter the products', async () => {
    const requests = mockFamilyWithManyCategories();
    const { router } = renderRoutes(routes, '/catalog/main?family=1');
    const row = await screen.findByRole('group', { name: 'Categories' });
    await within(row).findByRole('button', { name: 'Category 40' });
    expect(within(row).queryByRole('button', { name: 'Category 41' })).not.toBeInTheDocument();

    // The end of the row, by keyboard: the next page arrives and focus moves to its first category.
    const more = screen.getByRole('button', { name: 'More categories' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Category 41' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'More categories' }));
    await userEvent.click(await screen.findByRole('button', { name: 'More categories' }));
    const last = await within(row).findByRole('button', { name: 'Category 150' });
    // Everything is loaded: the row ends with its last category.
    expect(screen.queryByRole('button', { name: 'More categories' })).not.toBeInTheDocument();
    expect(
      requested(requests, '/api/category').map((q) => [q.get('parent'), q.get('skip'), q.get('limit')]),
    ).toEqual([
      ['none', '0', '40'],
      ['none', '40', '40'],
      ['none', '80', '40'],
      ['none', '120', '40'],
    ]);

    await userEvent.click(last);
    expect(router.state.location.search).toBe('?family=1&category=150');
    expect(last).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(searches(requests).at(-1)?.get('category')).toBe('150'));
    // Its sub-categories, asked for by parent, make the second row.
    const second = await screen.findByRole('group', { name: 'Sub-categories' });
    expect(within(second).getByRole('button', { name: 'Category 152' })).toBeInTheDocument();
  });

  it('show a linked sub-category of a category past the first page, chosen in both rows, in Arabic', async () => {
    usePreferences.setState({ language: 'ar' });
    const requests = mockFamilyWithManyCategories();
    renderRoutes(routes, '/catalog/main?family=1&category=151');
    const first = await screen.findByRole('group', { name: 'الفئات' });
    // Its top-level category leads the first row until its page is loaded.
    expect(await within(first).findByRole('button', { name: 'فئة 150' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const second = await screen.findByRole('group', { name: 'الفئات الفرعية' });
    expect(within(second).getByRole('button', { name: 'فئة 151' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'المزيد من الفئات' })).toBeInTheDocument();
    await vi.waitFor(() => expect(searches(requests).at(-1)?.get('category')).toBe('151'));
  });
});
