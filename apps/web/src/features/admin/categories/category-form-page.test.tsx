import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { CategoryFormPage } from './category-form-page';

const families = [named(1, 'Orchard Foods', 'بساتين')];
/** 150 top-level categories and one sub-category (of the last) in one family. */
const categories = [
  ...Array.from({ length: 149 }, (_, i) =>
    named(101 + i, `Shelf ${i + 1}`, `رف ${i + 1}`, { family: 1, parent: null }),
  ),
  named(250, 'Pomegranate syrups', 'دبس الرمان', { family: 1, parent: null }),
  named(300, 'Molasses', 'دبس', { family: 1, parent: 250 }),
];

const routes = [
  { path: '/admin/category/create', element: <CategoryFormPage /> },
  { path: '/admin/category/edit/:id', element: <CategoryFormPage /> },
  { path: '/admin/category/list', element: <p>Category list reached</p> },
];

const saved = (request: MockRequest) => {
  const body = request.body as { nameAr: string; nameEn: string };
  return { status: 201, body: { id: 400, name: { ar: body.nameAr, en: body.nameEn }, ...body } };
};

describe('category form', () => {
  it('asks for a family, then finds a parent among 150 by name and sends its id', async () => {
    const requests = mockApi({ ...catalogueApi(families, categories), 'POST /api/category': saved });
    renderRoutes(routes, '/admin/category/create');
    const parent = await screen.findByRole('combobox', { name: /^Parent category/ });
    expect(parent).toBeDisabled();
    expect(parent).toHaveAttribute('placeholder', 'None (a top-level category)');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);

    await userEvent.type(screen.getByRole('textbox', { name: /^Name Ar/ }), 'دبس');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name En/ }), 'Syrups');
    await userEvent.click(screen.getByRole('combobox', { name: /^Family/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Orchard Foods' }));
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    await userEvent.type(parent, 'pomeg');
    await userEvent.click(await screen.findByRole('option', { name: 'Pomegranate syrups' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Category list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ family: 1, parent: 250 });
  });

  it("shows a sub-category's parent that is not among the first 20", async () => {
    const requests = mockApi(catalogueApi(families, categories));
    renderRoutes(routes, '/admin/category/edit/300');
    const parent = await screen.findByRole('combobox', { name: /^Parent category/ });
    await waitFor(() => expect(parent).toHaveValue('Pomegranate syrups'));
    expect(requests.some((r) => r.path === '/api/category/250')).toBe(true);
  });

  it('never offers a category as its own parent', async () => {
    mockApi(catalogueApi(families, categories));
    renderRoutes(routes, '/admin/category/edit/101');
    expect(await screen.findByRole('textbox', { name: /^Name En/ })).toHaveValue('Shelf 1');
    await userEvent.click(screen.getByRole('combobox', { name: /^Parent category/ }));
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: 'Shelf 2' })).toBeVisible();
    expect(within(listbox).queryByRole('option', { name: 'Shelf 1' })).toBeNull();
  });
});
