import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attributeFixture } from '../../../test/attribute-fixtures';
import type { Product } from '@dalil/contracts/products';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { productFixture } from '../../../test/catalog-fixtures';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ProductFormPage } from './product-form-page';

const families = [named(1, 'Orchard Foods', 'بساتين')];
const categories = [
  named(11, 'Juices', 'عصائر', { family: 1, parent: null }),
  named(12, 'Dairy', 'ألبان', { family: 1, parent: null }),
];
const nutrition = { ar: 'القيم الغذائية', en: 'Nutrition' };
const option = (key: string, en: string, ar: string) => ({ key, name: { ar, en } });
const attributes = [
  attributeFixture({ id: 1, key: 'origin', name: { ar: 'المنشأ', en: 'Origin' }, categories: [11] }),
  attributeFixture({
    id: 2,
    key: 'ingredients',
    name: { ar: 'المكونات', en: 'Ingredients' },
    type: 'longText',
    categories: [11, 12],
  }),
  attributeFixture({
    id: 3,
    key: 'sugar',
    name: { ar: 'السكر', en: 'Sugar' },
    type: 'number',
    unit: 'g',
    group: nutrition,
    categories: [11, 12],
  }),
  attributeFixture({
    id: 4,
    key: 'vegan',
    name: { ar: 'نباتي', en: 'Vegan' },
    type: 'boolean',
    categories: [11],
  }),
  attributeFixture({
    id: 5,
    key: 'grade',
    name: { ar: 'الدرجة', en: 'Grade' },
    type: 'choice',
    options: [option('first', 'First', 'أولى'), option('second', 'Second', 'ثانية')],
    categories: [11],
  }),
  attributeFixture({
    id: 6,
    key: 'allergens',
    name: { ar: 'مسببات الحساسية', en: 'Allergens' },
    type: 'choices',
    options: [option('milk', 'Milk', 'حليب'), option('nuts', 'Nuts', 'مكسرات'), option('soy', 'Soy', 'صويا')],
    categories: [11, 12],
  }),
  attributeFixture({
    id: 7,
    key: 'best_before',
    name: { ar: 'يفضل قبل', en: 'Best before' },
    type: 'date',
    categories: [11],
  }),
];

function mockCatalogue(save?: (request: MockRequest) => { status: number; body?: unknown }) {
  return mockApi({
    ...catalogueApi(families, categories, attributes),
    'POST /api/product':
      save ??
      ((request) => ({
        status: 201,
        body: productFixture({ ...(request.body as Partial<Product>), id: 40 }),
      })),
  });
}

const routes = [
  { path: '/admin/products/create', element: <ProductFormPage /> },
  { path: '/admin/products/list', element: <p>Product list reached</p> },
];

async function choose(label: RegExp, name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

async function startJuice() {
  await screen.findByRole('button', { name: 'Create' });
  await userEvent.type(screen.getByRole('textbox', { name: /^Name Ar/ }), 'عصير');
  await userEvent.type(screen.getByRole('textbox', { name: /^Name En/ }), 'Juice');
  await choose(/^Family/, 'Orchard Foods');
  await choose(/^Category/, 'Juices');
  await screen.findByRole('textbox', { name: 'Origin (Arabic)' });
}

// Long typing and choosing on a loaded 2-core machine: these tests get a minute, not the default 20 s.
describe('product attributes', () => {
  it("shows the category's attributes by type under their groups and sends their values", async () => {
    const requests = mockCatalogue();
    renderRoutes(routes, '/admin/products/create');
    await startJuice();
    expect(requests.find((r) => r.path === '/api/attribute')?.query.get('category')).toBe('11');
    expect(screen.getByText('Nutrition')).toBeInTheDocument();
    const origin = screen.getByRole('textbox', { name: 'Origin (Arabic)' });
    expect(origin).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('textbox', { name: 'Origin (English)' })).toHaveAttribute('dir', 'ltr');
    await userEvent.type(origin, 'مصر');
    await userEvent.type(screen.getByRole('textbox', { name: 'Origin (English)' }), 'Egypt');
    await userEvent.type(screen.getByRole('textbox', { name: 'Ingredients (English)' }), 'Oranges');
    const sugar = screen.getByRole('spinbutton', { name: 'Sugar' });
    expect(within(sugar.parentElement!).getByText('g')).toBeInTheDocument();
    await userEvent.type(sugar, '4.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await choose(/^Grade/, 'Second');
    await choose(/^Allergens/, 'Milk');
    await choose(/^Allergens/, 'Soy');
    await userEvent.type(screen.getByLabelText('Best before'), '2027-05-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Product list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      category: 11,
      attributes: {
        origin: { ar: 'مصر', en: 'Egypt' },
        ingredients: { ar: '', en: 'Oranges' },
        sugar: 4.5,
        vegan: true,
        grade: 'second',
        allergens: ['milk', 'soy'],
        best_before: '2027-05-31',
      },
    });
  }, 60_000);

  it("puts the server's refusal of an attribute value under that attribute's field", async () => {
    expectConsoleErrors(1);
    mockCatalogue(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'attributes.sugar: must be a number',
        details: [
          { path: 'attributes.sugar', code: 'field.number', params: {}, message: 'must be a number' },
          {
            path: 'attributes.origin.ar',
            code: 'field.tooLong',
            params: { max: 200 },
            message: 'must be at most 200 characters',
          },
        ],
      },
    }));
    renderRoutes(routes, '/admin/products/create');
    await startJuice();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Sugar' }), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving failed');
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Sugar' })).toHaveAccessibleDescription('Enter a number'),
    );
    expect(screen.getByRole('textbox', { name: 'Origin (Arabic)' })).toHaveAccessibleDescription(
      'Too long: at most 200 characters',
    );
    expect(screen.getByRole('textbox', { name: 'Origin (English)' })).not.toHaveAccessibleDescription();
  }, 60_000);

  it('asks before a new category drops filled values, and only then', async () => {
    const requests = mockCatalogue();
    renderRoutes(routes, '/admin/products/create');
    await startJuice();
    // Values of attributes Dairy has too: no question.
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Sugar' }), '3');
    await choose(/^Category/, 'Dairy');
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Origin (Arabic)' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Sugar' })).toHaveValue(3);

    await choose(/^Category/, 'Juices');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Origin (English)' }), 'Egypt');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await choose(/^Category/, 'Dairy');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('These values will be removed: Origin, Vegan.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Juices');
    expect(screen.getByRole('textbox', { name: 'Origin (English)' })).toHaveValue('Egypt');

    await choose(/^Category/, 'Dairy');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change and remove' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Origin (English)' })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Product list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      category: 12,
      attributes: { ingredients: null, sugar: 3, allergens: null },
    });
    expect(
      Object.keys((requests.find((r) => r.method === 'POST')?.body as { attributes: object }).attributes),
    ).toEqual(['ingredients', 'sugar', 'allergens']);
  }, 60_000);
});
