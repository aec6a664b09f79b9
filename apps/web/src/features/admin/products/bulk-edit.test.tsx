import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attributeFixture } from '../../../test/attribute-fixtures';
import { productFixture } from '../../../test/catalog-fixtures';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ProductListPage } from './product-list-page';

const routes = [{ path: '/admin/products/list', element: <ProductListPage /> }];
const products = Array.from({ length: 250 }, (_, i) =>
  productFixture({ id: i + 1, nameEn: `Dates ${i + 1}`, nameAr: `تمر ${i + 1}` }),
);
type Operation = { op: string; id: number; data?: Record<string, unknown> };
type BulkBody = { mode: string; changeSet?: number; operations: Operation[] };
const bulkBodies = (requests: MockRequest[]) =>
  requests.filter((r) => r.path === '/api/product/bulk').map((r) => r.body as BulkBody);

/** A server of 250 products whose bulk requests succeed except for the ids in `refused`. */
const grade = attributeFixture({
  id: 5,
  key: 'grade',
  name: { ar: 'الدرجة', en: 'Grade' },
  type: 'choice',
  options: [
    { key: 'first', name: { ar: 'أولى', en: 'First' } },
    { key: 'second', name: { ar: 'ثانية', en: 'Second' } },
  ],
  categories: [11],
});

function mockServer(extra: Parameters<typeof mockApi>[0] = {}, refused: number[] = []) {
  return mockApi({
    ...catalogueApi(
      [named(1, 'Orchard Foods', 'بساتين')],
      [named(11, 'Pressed dates', 'تمر مكبوس', { family: 1, parent: null })],
      [grade],
    ),
    'GET /api/product': (request) => {
      const limit = Number(request.query.get('limit'));
      const skip = Number(request.query.get('skip'));
      return { status: 200, body: { data: products.slice(skip, skip + limit), count: products.length } };
    },
    'POST /api/product/bulk': (request) => {
      const body = request.body as BulkBody;
      return {
        status: 200,
        body: {
          id: body.changeSet ?? 7,
          results: body.operations.map((op) =>
            refused.includes(op.id)
              ? {
                  status: 400,
                  error: {
                    code: 'category.notInThisFamily',
                    params: {},
                    message: 'The category does not belong to this family',
                  },
                }
              : { status: op.op === 'delete' ? 204 : 200, id: op.id },
          ),
        },
      };
    },
    ...extra,
  });
}

describe('bulk changes in the product list', () => {
  it('changes the status of two ticked products in one request and undoes it', async () => {
    const requests = mockServer({ 'POST /api/product/bulk/7/undo': () => ({ status: 200, body: {} }) });
    renderRoutes(routes, '/admin/products/list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose Dates 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Dates 3' }));
    const bar = screen.getByRole('region', { name: 'Chosen rows' });
    expect(within(bar).getByText('2 products chosen')).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Change status' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Draft/ }));
    expect(dialog).toHaveTextContent('The status of 2 products changes.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change 2 products' }));
    await within(dialog).findByText('Changed the status of 2 products.');
    expect(bulkBodies(requests)).toEqual([
      {
        mode: 'each',
        operations: [
          { op: 'patch', id: 1, data: { status: 'draft' } },
          { op: 'patch', id: 3, data: { status: 'draft' } },
        ],
      },
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await within(dialog).findByText('The change was undone.');
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/product/bulk/7/undo')).toBe(true);
  });

  it('deletes all 250 matching in requests of one change set, names the one refused, and undoes the rest on a conflict', async () => {
    const requests = mockServer(
      {
        'POST /api/product/bulk/7/undo': (request) =>
          request.query.get('skipConflicts') === 'true'
            ? { status: 200, body: { importId: 7, skipped: [] } }
            : {
                status: 409,
                body: {
                  statusCode: 409,
                  code: 'import.conflicts',
                  message: 'Rows were changed since',
                  details: [
                    {
                      path: 'product:4',
                      code: 'record.changedSinceShort',
                      message: 'changed since',
                      params: {},
                    },
                    {
                      path: 'product:9',
                      code: 'record.changedSinceShort',
                      message: 'changed since',
                      params: {},
                    },
                  ],
                },
              },
      },
      [17],
    );
    renderRoutes(routes, '/admin/products/list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose every row on this page' }));
    const bar = screen.getByRole('region', { name: 'Chosen rows' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Choose all 250 products matching' }));
    expect(within(bar).getByText('All 250 products matching are chosen')).toBeInTheDocument();

    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete products' });
    expect(dialog).toHaveTextContent('This moves 250 products to the recycle bin.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 250 products' }));
    await within(dialog).findByText(/Moved 249 products to the recycle bin\./);
    expect(dialog).toHaveTextContent('Could not change 1 product:');
    expect(dialog).toHaveTextContent('Product 17: The category does not belong to this family');

    const bodies = bulkBodies(requests);
    expect(bodies.map((b) => [b.changeSet, b.operations.length])).toEqual([
      [undefined, 200],
      [7, 50],
    ]);
    expect(bodies.flatMap((b) => b.operations.map((o) => o.id))).toEqual(products.map((p) => p.id));
    expect(bodies[0]!.operations[0]).toEqual({ op: 'delete', id: 1 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await within(dialog).findByText(/Someone changed 2 products since/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo the rest' }));
    await within(dialog).findByText('The change was undone.');
    const undos = requests.filter((r) => r.path === '/api/product/bulk/7/undo');
    expect(undos.map((r) => r.query.get('skipConflicts'))).toEqual([null, 'true']);
  });

  it('moves products only within a chosen company, to a category of that company, without a sub-category', async () => {
    const requests = mockServer();
    const { router } = renderRoutes(routes, '/admin/products/list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose Dates 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to category' }));
    let dialog = screen.getByRole('dialog', { name: 'Move to another category' });
    expect(dialog).toHaveTextContent('filter the list by the company first');
    expect(within(dialog).getByRole('button', { name: 'Move 1 product' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await router.navigate('/admin/products/list?family=1');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Family' })).toHaveValue('Orchard Foods'),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose Dates 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to category' }));
    dialog = screen.getByRole('dialog', { name: 'Move to another category' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pressed dates' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move 1 product' }));
    await within(dialog).findByText('Moved 1 product.');
    await waitFor(() =>
      expect(bulkBodies(requests).at(-1)?.operations).toEqual([
        { op: 'patch', id: 2, data: { category: 11, subCategory: null } },
      ]),
    );
  });

  it("sets one attribute's value on the chosen products, leaving their other attributes as they are", async () => {
    const requests = mockServer();
    renderRoutes(routes, '/admin/products/list?family=1');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Family' })).toHaveValue('Orchard Foods'),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose Dates 4' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose Dates 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set attribute' }));
    const dialog = screen.getByRole('dialog', { name: 'Set an attribute' });
    expect(within(dialog).getByRole('button', { name: 'Set on 2 products' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Attribute' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grade' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Grade' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Second' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set on 2 products' }));
    await within(dialog).findByText('Set the value on 2 products.');
    expect(bulkBodies(requests).at(-1)?.operations).toEqual([
      { op: 'patch', id: 4, data: { attributes: { grade: 'second' } } },
      { op: 'patch', id: 5, data: { attributes: { grade: 'second' } } },
    ]);
  });
});
