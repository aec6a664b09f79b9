import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attributeFixture, attributeList } from '../../../test/attribute-fixtures';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { AttributeListPage } from './attribute-list-page';

const families = [named(1, 'Orchard Foods', 'بساتين'), named(2, 'Crunch Co', 'قرمشة')];
// Stored out of id order: the list follows the positions.
const attributes = [
  attributeFixture({ id: 1, key: 'origin', name: { ar: 'المنشأ', en: 'Origin' }, position: 20 }),
  attributeFixture({
    id: 2,
    key: 'sugar',
    name: { ar: 'السكر', en: 'Sugar' },
    type: 'number',
    unit: 'g',
    group: { ar: 'القيم الغذائية', en: 'Nutrition' },
    required: 'both',
    position: 10,
  }),
  attributeFixture({
    id: 3,
    key: 'vegan',
    name: { ar: 'نباتي', en: 'Vegan' },
    type: 'boolean',
    position: 30,
  }),
  attributeFixture({ id: 4, key: 'grade', family: 2, position: 0 }),
];

function mockAttributes() {
  return mockApi({
    ...catalogueApi(families),
    'GET /api/attribute': attributeList(attributes),
    ...Object.fromEntries(
      attributes.map((a) => [
        `PUT /api/attribute/${a.id}`,
        (request: MockRequest) => ({ status: 200, body: { ...a, ...(request.body as object) } }),
      ]),
    ),
  });
}

const routes = [{ path: '/admin/category/attributes/list', element: <AttributeListPage /> }];
const names = () =>
  screen.getAllByTestId('attribute-row').map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const puts = (requests: MockRequest[]) =>
  requests
    .filter((r) => r.method === 'PUT')
    .map((r) => ({ path: r.path, position: (r.body as { position: number }).position }));

describe('attribute list', () => {
  it("shows the family's attributes in their order, with key, type, group, required and visibility", async () => {
    const requests = mockAttributes();
    renderRoutes(routes, '/admin/category/attributes/list?family=1');
    await screen.findAllByTestId('attribute-row');
    expect(names()).toEqual(['Sugar', 'Origin', 'Vegan']);
    expect(requests.find((r) => r.path === '/api/attribute')?.query.get('family')).toBe('1');
    const sugar = within(screen.getAllByTestId('attribute-row')[0]!);
    expect(sugar.getByText('sugar')).toBeInTheDocument();
    expect(sugar.getByText('Number (g)')).toBeInTheDocument();
    expect(sugar.getByText('Nutrition')).toBeInTheDocument();
    expect(sugar.getByText('In both languages')).toBeInTheDocument();
    expect(sugar.getByText('Shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Sugar up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Vegan down' })).toBeDisabled();
  });

  it('asks for a family before listing any', async () => {
    const requests = mockAttributes();
    renderRoutes(routes, '/admin/category/attributes/list');
    expect(
      await screen.findByText('Choose a family to see its attributes in their order.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/attribute')).toHaveLength(0);
  });

  it('moves an attribute up with its button, saving the positions of the two that swap', async () => {
    const requests = mockAttributes();
    renderRoutes(routes, '/admin/category/attributes/list?family=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Move Vegan up' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)).toEqual([
      { path: '/api/attribute/3', position: 20 },
      { path: '/api/attribute/1', position: 30 },
    ]);
    // The whole attribute goes back, only its position changed.
    expect(requests.find((r) => r.path === '/api/attribute/3')?.body).toEqual({
      family: 1,
      key: 'vegan',
      name: { ar: 'نباتي', en: 'Vegan' },
      group: null,
      type: 'boolean',
      unit: null,
      options: [],
      visible: true,
      required: 'none',
      categories: [],
      position: 20,
    });
  });

  it('moves an attribute to where it is dropped, saving every attribute it shifted', async () => {
    const requests = mockAttributes();
    renderRoutes(routes, '/admin/category/attributes/list?family=1');
    await screen.findAllByTestId('attribute-row');
    fireEvent.dragStart(screen.getByRole('img', { name: 'Drag Sugar to change its place' }));
    const vegan = screen.getAllByTestId('attribute-row')[2]!;
    fireEvent.dragOver(vegan);
    fireEvent.drop(vegan);
    expect(names()).toEqual(['Origin', 'Vegan', 'Sugar']);
    await waitFor(() => expect(puts(requests)).toHaveLength(3));
    expect(puts(requests)).toEqual([
      { path: '/api/attribute/1', position: 10 },
      { path: '/api/attribute/3', position: 20 },
      { path: '/api/attribute/2', position: 30 },
    ]);
  });

  it('adds the food-labelling set to the family shown, assigned to the categories chosen, and says what it did', async () => {
    const requests = mockApi({
      ...catalogueApi(families, [named(11, 'Juices', 'عصائر', { family: 1, parent: null })]),
      'GET /api/attribute': attributeList(attributes),
      'POST /api/attribute/sets/food': () => ({
        status: 201,
        body: {
          data: [
            attributeFixture({ id: 9, key: 'ingredients' }),
            attributeFixture({ id: 10, key: 'allergens' }),
          ],
          skipped: ['origin'],
        },
      }),
    });
    renderRoutes(routes, '/admin/category/attributes/list?family=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add food-labelling set' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add the food-labelling attributes' });
    await userEvent.click(
      within(dialog).getByRole('combobox', { name: 'Assign them to categories (optional)' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Juices' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add set' }));
    expect(await within(dialog).findByText('Added 2; skipped 1 already there.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ family: 1, categories: [11] });
    // The list is asked again, with the new attributes.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/attribute')).toHaveLength(2));
  });
});
