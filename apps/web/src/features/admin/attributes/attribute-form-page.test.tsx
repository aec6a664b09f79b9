import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attributeFixture } from '../../../test/attribute-fixtures';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { AttributeFormPage } from './attribute-form-page';

const families = [named(1, 'Orchard Foods', 'بساتين')];
const categories = [
  named(11, 'Juices', 'عصائر', { family: 1, parent: null }),
  named(12, 'Fresh juices', 'عصائر طازجة', { family: 1, parent: 11 }),
];

const routes = [
  { path: '/admin/category/attributes/create', element: <AttributeFormPage /> },
  { path: '/admin/category/attributes/edit/:id', element: <AttributeFormPage /> },
  { path: '/admin/category/attributes/list', element: <p>Attribute list reached</p> },
];

function mockForm(save: (request: MockRequest) => { status: number; body?: unknown }) {
  return mockApi({
    ...catalogueApi(families, categories),
    'POST /api/attribute': save,
    'GET /api/attribute/7': () => ({
      status: 200,
      body: attributeFixture({
        id: 7,
        key: 'sugar',
        type: 'number',
        unit: 'g',
        categories: [11],
        position: 4,
      }),
    }),
    'PUT /api/attribute/7': save,
  });
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function chooseType(type: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
  await userEvent.click(await screen.findByRole('option', { name: type }));
}

// Long typing and choosing on a loaded 2-core machine: these tests get a minute, not the default 20 s.
describe('attribute form', () => {
  it('sends a choice attribute with its options, categories and the family the list showed', async () => {
    const requests = mockForm((request) => ({
      status: 201,
      body: attributeFixture({ id: 8, key: 'allergen', ...(request.body as object) }),
    }));
    renderRoutes(routes, '/admin/category/attributes/create?family=1');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Family/ })).toHaveValue('Orchard Foods'),
    );
    await userEvent.type(field(/^Key/), 'allergen');
    await userEvent.type(field(/^Name Ar/), 'مسبب الحساسية');
    await userEvent.type(field(/^Name En/), 'Allergen');
    await userEvent.type(field('Group En'), 'Safety');
    await userEvent.type(field('Group Ar'), 'السلامة');
    await chooseType('One choice');
    // A choice starts with one option row; a second is added.
    const options = screen.getByRole('group', { name: 'Options' });
    await userEvent.click(within(options).getByRole('button', { name: 'Add an option' }));
    const keys = within(options).getAllByRole('textbox', { name: /^Option key/ });
    const arabic = within(options).getAllByRole('textbox', { name: /^Option name Ar/ });
    const english = within(options).getAllByRole('textbox', { name: /^Option name En/ });
    await userEvent.type(keys[0]!, 'milk');
    await userEvent.type(arabic[0]!, 'حليب');
    await userEvent.type(english[0]!, 'Milk');
    await userEvent.type(keys[1]!, 'nuts');
    await userEvent.type(arabic[1]!, 'مكسرات');
    await userEvent.type(english[1]!, 'Nuts');
    await userEvent.click(screen.getByRole('combobox', { name: /^Required/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'In English' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Categories/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fresh juices' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Attribute list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      family: 1,
      key: 'allergen',
      name: { ar: 'مسبب الحساسية', en: 'Allergen' },
      group: { ar: 'السلامة', en: 'Safety' },
      type: 'choice',
      unit: null,
      options: [
        { key: 'milk', name: { ar: 'حليب', en: 'Milk' } },
        { key: 'nuts', name: { ar: 'مكسرات', en: 'Nuts' } },
      ],
      visible: true,
      required: 'en',
      categories: [12],
    });
  }, 60_000);

  it("shows the server's refusal of an option's key under that key, keeping what was typed", async () => {
    expectConsoleErrors(1);
    mockForm(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'options.1.key: is already an option of this attribute',
        details: [
          {
            path: 'options.1.key',
            code: 'attribute.optionTaken',
            params: {},
            message: 'is already an option of this attribute',
          },
        ],
      },
    }));
    renderRoutes(routes, '/admin/category/attributes/create?family=1');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Family/ })).toHaveValue('Orchard Foods'),
    );
    await userEvent.type(field(/^Key/), 'size');
    await userEvent.type(field(/^Name Ar/), 'الحجم');
    await userEvent.type(field(/^Name En/), 'Size');
    await chooseType('Several choices');
    const options = screen.getByRole('group', { name: 'Options' });
    await userEvent.click(within(options).getByRole('button', { name: 'Add an option' }));
    const keys = within(options).getAllByRole('textbox', { name: /^Option key/ });
    for (const [index, key] of ['small', 'large'].entries()) {
      await userEvent.type(keys[index]!, key);
      await userEvent.type(within(options).getAllByRole('textbox', { name: /^Option name Ar/ })[index]!, 'ح');
      await userEvent.type(within(options).getAllByRole('textbox', { name: /^Option name En/ })[index]!, key);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving failed');
    await waitFor(() =>
      expect(keys[1]).toHaveAccessibleDescription('This attribute already has an option with this key'),
    );
    expect(keys[0]).not.toHaveAccessibleDescription();
    expect(keys[1]).toHaveValue('large');
  }, 60_000);

  it('keeps the position of an attribute it edits and offers a unit only for numbers', async () => {
    const requests = mockForm((request) => ({
      status: 200,
      body: attributeFixture({ id: 7, key: 'sugar', ...(request.body as object) }),
    }));
    renderRoutes(routes, '/admin/category/attributes/edit/7');
    await waitFor(() => expect(field(/^Key/)).toHaveValue('sugar'));
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveTextContent('g');
    expect(screen.queryByRole('combobox', { name: /^Family/ })).not.toBeInTheDocument();
    await chooseType('Short text');
    expect(screen.queryByRole('combobox', { name: 'Unit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Attribute list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      type: 'text',
      unit: null,
      categories: [11],
      position: 4,
    });
  });
});
