import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { ProductFormPage } from './product-form-page';
import { productFixture } from '../../../test/catalog-fixtures';

/** One family with 150 top-level categories: more than a choice offers, more than a list page holds. */
const families = [named(1, 'Orchard Foods', 'بساتين'), named(2, 'Crunch Co', 'قرمشة')];
const categories = Array.from({ length: 150 }, (_, i) =>
  named(101 + i, `Shelf ${i + 1}`, `رف ${i + 1}`, { family: 1, parent: null }),
);
categories[149] = named(250, 'Pomegranate syrups', 'دبس الرمان', { family: 1, parent: null });

const product = productFixture({
  id: 7,
  nameEn: 'Pomegranate molasses',
  nameAr: 'دبس رمان',
  category: 250,
  barcode: '6281000000011',
});

const routes = [
  { path: '/admin/products/create', element: <ProductFormPage /> },
  { path: '/admin/products/edit/:id', element: <ProductFormPage /> },
  { path: '/admin/products/list', element: <p>Product list reached</p> },
];

const created = (request: MockRequest) => {
  const body = request.body as { nameAr: string; nameEn: string };
  return {
    status: 201,
    body: { id: 31, name: { ar: body.nameAr, en: body.nameEn }, completeness: { ar: 100, en: 100 }, ...body },
  };
};
const categoryAsks = (requests: MockRequest[]) => requests.filter((r) => r.path === '/api/category');

describe('product form with a family of 150 categories', () => {
  it('finds the 150th category by typing part of its name, and saves its id', async () => {
    const requests = mockApi({ ...catalogueApi(families, categories), 'POST /api/product': created });
    renderRoutes(routes, '/admin/products/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name Ar/ }), 'دبس');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name En/ }), 'Molasses');
    await userEvent.click(screen.getByRole('combobox', { name: /^Family/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Orchard Foods' }));

    const category = screen.getByRole('combobox', { name: /^Category/ });
    await userEvent.click(category);
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: 'Shelf 1' })).toBeVisible();
    expect(within(listbox).getAllByRole('option')).toHaveLength(20);
    expect(within(listbox).queryByRole('option', { name: 'Shelf 101' })).toBeNull();
    expect(within(listbox).queryByRole('option', { name: 'Pomegranate syrups' })).toBeNull();
    expect(screen.getByText(/The first 20 of 150/)).toBeVisible();

    await userEvent.type(category, 'pomegr');
    expect(await screen.findByRole('option', { name: 'Pomegranate syrups' })).toBeVisible();
    const searched = categoryAsks(requests).filter((r) => r.query.get('search'));
    // Asked when the typing pauses (on a loaded machine a pause can also fall between two letters),
    // in the chosen family, top-level ones only.
    expect(searched.at(-1)!.query.get('search')).toBe('pomegr');
    for (const ask of searched) {
      expect('pomegr').toContain(ask.query.get('search'));
      expect(ask.query.get('family')).toBe('1');
      expect(ask.query.get('parent')).toBe('none');
    }

    // Chosen with the keyboard.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(category).toHaveValue('Pomegranate syrups');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Product list reached')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ family: 1, category: 250, subCategory: null });
  });

  it("shows the name of a product's category that is not among the first 20", async () => {
    const requests = mockApi({
      ...catalogueApi(families, categories),
      'GET /api/product/7': () => ({ status: 200, body: product }),
    });
    renderRoutes(routes, '/admin/products/edit/7');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Pomegranate syrups'),
    );
    expect(screen.getByRole('combobox', { name: /^Family/ })).toHaveValue('Orchard Foods');
    expect(requests.some((r) => r.path === '/api/category/250')).toBe(true);
    // The family was among the first ones offered: not read again on its own.
    expect(requests.some((r) => r.path === '/api/family/1')).toBe(false);
  });

  it('offers and shows the names in Arabic for an Arabic admin, and finds them by Arabic text', async () => {
    usePreferences.setState({ language: 'ar' });
    const requests = mockApi(catalogueApi(families, categories));
    renderRoutes(routes, '/admin/products/create');
    const family = await screen.findByRole('combobox', { name: /^الشركة/ });
    await userEvent.click(family);
    await userEvent.click(await screen.findByRole('option', { name: 'قرمشة' }));
    expect(family).toHaveValue('قرمشة');
    await userEvent.clear(family);
    await userEvent.type(family, 'بسا');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(requests.some((r) => r.path === '/api/family' && r.query.get('search') === 'بسا')).toBe(true);
    await userEvent.click(screen.getByRole('option', { name: 'بساتين' }));
    const category = screen.getByRole('combobox', { name: /^الفئة/ });
    await userEvent.type(category, 'دبس');
    expect(await screen.findByRole('option', { name: 'دبس الرمان' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'رف 1' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    mockApi(catalogueApi(families, categories));
    renderRoutes(routes, '/admin/products/create');
    const family = await screen.findByRole('combobox', { name: /^Family/ });
    await userEvent.type(family, 'zzz');
    expect(await screen.findByText('No matches')).toBeVisible();
    expect(screen.queryByRole('option')).toBeNull();
  });
});
