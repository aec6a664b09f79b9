import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { ProductFormPage } from './product-form-page';

// Crunch Co requires valid GTINs; Orchard Foods does not.
const families = [
  named(1, 'Orchard Foods', 'بساتين'),
  named(2, 'Crunch Co', 'قرمشة', { requireValidGtin: true }),
];
const categories = [
  named(11, 'Juices', 'عصائر', { family: 1, parent: null }),
  named(12, 'Dairy', 'ألبان', { family: 1, parent: null }),
  named(21, 'Snacks', 'وجبات خفيفة', { family: 2, parent: null }),
];

function mockCatalogue(save?: (request: MockRequest) => { status: number; body?: unknown }) {
  return mockApi({
    ...catalogueApi(families, categories),
    ...(save ? { 'POST /api/product': save } : {}),
  });
}

const routes = [
  { path: '/admin/products/create', element: <ProductFormPage /> },
  { path: '/admin/products/list', element: <p>Product list reached</p> },
];

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Name Ar/ }), 'عصير برتقال');
  await userEvent.type(screen.getByRole('textbox', { name: /^Name En/ }), 'Orange juice');
  await choose(/^Family/, 'Orchard Foods');
  await choose(/^Category/, 'Juices');
}

describe('product form', () => {
  it('says "This field is required" for the names, family and category, and sends nothing', async () => {
    const requests = mockCatalogue();
    renderRoutes(routes, '/admin/products/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('shows a field error for a barcode or code that is not digits', async () => {
    const requests = mockCatalogue();
    renderRoutes(routes, '/admin/products/create');
    await screen.findByRole('button', { name: 'Create' });
    await fillRequired();
    await userEvent.type(screen.getByRole('textbox', { name: 'Barcode' }), '62x1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'A-7');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Use digits only')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Barcode' })).toHaveAccessibleDescription('Use digits only');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("lists only the chosen family's categories and resets the category when the family changes", async () => {
    mockCatalogue();
    renderRoutes(routes, '/admin/products/create');
    expect(await screen.findByRole('combobox', { name: /^Category/ })).toBeDisabled();
    await choose(/^Family/, 'Orchard Foods');
    await userEvent.click(screen.getByRole('combobox', { name: /^Category/ }));
    const juices = await screen.findByRole('option', { name: 'Juices' });
    const names = within(juices.parentElement!)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Juices', 'Dairy']);
    await userEvent.click(juices);
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Juices');
    await choose(/^Family/, 'Crunch Co');
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('');
    await userEvent.click(screen.getByRole('combobox', { name: /^Category/ }));
    expect(await screen.findByRole('option', { name: 'Snacks' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Juices' })).not.toBeInTheDocument();
  });

  it('converts numbers before sending, then goes to the product list', async () => {
    const requests = mockCatalogue((request) => {
      const body = request.body as { nameAr: string; nameEn: string };
      return {
        status: 201,
        body: {
          id: 31,
          name: { ar: body.nameAr, en: body.nameEn },
          completeness: { ar: 100, en: 100 },
          ...body,
        },
      };
    });
    const { router } = renderRoutes(routes, '/admin/products/create');
    await screen.findByRole('button', { name: 'Create' });
    await fillRequired();
    await userEvent.type(screen.getByRole('textbox', { name: 'Barcode' }), '0062100');
    await userEvent.type(screen.getByRole('textbox', { name: 'Units Per Carton' }), '24');
    await userEvent.type(screen.getByRole('textbox', { name: 'Cost' }), '3.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Product list reached')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/products/list');
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      nameAr: 'عصير برتقال',
      nameEn: 'Orange juice',
      family: 1,
      category: 11,
      barcode: '0062100',
      number: null,
      unitsPerCarton: 24,
      cost: 3.5,
      logo: null,
    });
  });

  it("puts the server's field problem on the field and keeps what was typed", async () => {
    expectConsoleErrors(1);
    mockCatalogue(() => ({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'barcode: Another product of this family already has this barcode',
        details: [
          {
            path: 'body.barcode',
            code: 'product.barcodeTaken',
            params: {},
            message: 'Another product of this family already has this barcode',
          },
        ],
      },
    }));
    renderRoutes(routes, '/admin/products/create');
    await screen.findByRole('button', { name: 'Create' });
    await fillRequired();
    await userEvent.type(screen.getByRole('textbox', { name: 'Barcode' }), '6221000');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saving failed');
    const barcode = screen.getByRole('textbox', { name: 'Barcode' });
    await waitFor(() =>
      expect(barcode).toHaveAccessibleDescription('Another product of this family already has this barcode'),
    );
    expect(barcode).toHaveValue('6221000');
    expect(screen.getByRole('textbox', { name: /^Name En/ })).toHaveValue('Orange juice');
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveValue('Juices');
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  describe('the barcode as a GTIN', () => {
    const barcodeField = () => screen.getByRole('textbox', { name: 'Barcode' });

    it('is an error naming the right check digit when the family requires valid GTINs', async () => {
      mockCatalogue();
      renderRoutes(routes, '/admin/products/create');
      await screen.findByRole('button', { name: 'Create' });
      await choose(/^Family/, 'Crunch Co');
      await userEvent.type(barcodeField(), '6281000000017');
      await waitFor(() =>
        expect(barcodeField()).toHaveAccessibleDescription('The check digit should be 4 (GTIN-13)'),
      );
      expect(barcodeField()).toHaveAttribute('aria-invalid', 'true');
      await userEvent.clear(barcodeField());
      await userEvent.type(barcodeField(), '62810');
      expect(barcodeField()).toHaveAccessibleDescription('Not a GTIN: GTINs have 8, 12, 13 or 14 digits');
    });

    it('is a warning that does not stop the save when the family does not require them', async () => {
      const requests = mockCatalogue((request) => {
        const body = request.body as { nameAr: string; nameEn: string };
        return {
          status: 201,
          body: {
            id: 32,
            name: { ar: body.nameAr, en: body.nameEn },
            completeness: { ar: 100, en: 100 },
            ...body,
          },
        };
      });
      renderRoutes(routes, '/admin/products/create');
      await screen.findByRole('button', { name: 'Create' });
      await fillRequired();
      await userEvent.type(barcodeField(), '6281000000017');
      await waitFor(() =>
        expect(barcodeField()).toHaveAccessibleDescription(
          'The check digit should be 4 (GTIN-13). Saved anyway: this family does not require valid GTINs.',
        ),
      );
      expect(barcodeField()).toHaveAttribute('aria-invalid', 'false');
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText('Product list reached')).toBeInTheDocument();
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ barcode: '6281000000017' });
    });

    it('names the country whose GS1 organisation issued a valid GTIN-13 with an Arab prefix', async () => {
      mockCatalogue();
      renderRoutes(routes, '/admin/products/create');
      await screen.findByRole('button', { name: 'Create' });
      await userEvent.type(barcodeField(), '6281000000014');
      expect(barcodeField()).toHaveAccessibleDescription('GS1 prefix 628: issued by GS1 Saudi Arabia');
      await userEvent.clear(barcodeField());
      await userEvent.type(barcodeField(), '4006381333931');
      expect(barcodeField()).not.toHaveAccessibleDescription();
    });

    it("shows the server's refusal of a barcode in the screen's words", async () => {
      expectConsoleErrors(1);
      const message = 'the check digit should be 4 (GTIN-13)';
      mockCatalogue(() => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: `barcode: ${message}`,
          details: [
            {
              path: 'body.barcode',
              code: 'gtin.checkDigit',
              params: { expected: 4, kind: 'GTIN-13' },
              message,
            },
          ],
        },
      }));
      renderRoutes(routes, '/admin/products/create');
      await screen.findByRole('button', { name: 'Create' });
      await fillRequired();
      await userEvent.type(barcodeField(), '6281000000017');
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Saving failed');
      await waitFor(() =>
        expect(barcodeField()).toHaveAccessibleDescription('The check digit should be 4 (GTIN-13)'),
      );
      expect(barcodeField()).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
