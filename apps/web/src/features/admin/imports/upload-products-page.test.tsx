import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { attributeFixture, attributeList } from '../../../test/attribute-fixtures';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { productsReport, twoMistakesInOneRow, withProblems } from './report-fixtures';
import { UploadProductsPage } from './upload-products-page';
import { captureDownloads, mockXhr } from '../../../test/xhr-mock';

const named = (id: number, nameEn: string, nameAr: string) => ({
  id,
  nameEn,
  nameAr,
  name: { en: nameEn, ar: nameAr },
});

const routes = [
  { path: '/admin/upload/products', element: <UploadProductsPage /> },
  { path: '/admin/family/list', element: <p>Family list reached</p> },
];

function mockCatalogue(routes: Parameters<typeof mockApi>[0] = {}) {
  mockApi({
    ...routes,
    'GET /api/family': () => ({
      status: 200,
      body: { data: [named(1, 'Orchard Foods', 'بساتين')], count: 1 },
    }),
    'GET /api/category': () => ({ status: 200, body: { data: [named(11, 'Juices', 'عصائر')], count: 1 } }),
  });
}

const CSV = [
  ',productNameEn,productNameAr,productBarcode',
  ',Apple juice,عصير تفاح,6281000000011',
  ',Pear juice,عصير كمثرى,62810A',
  ',"Mango, fresh",,6281000000035',
].join('\r\n');
const csvFile = () => new File([CSV], 'juices.csv', { type: 'text/csv' });

/** Opens the page and chooses Orchard Foods' Juices as the products' family and category. */
async function chooseTarget() {
  renderRoutes(routes, '/admin/upload/products');
  await userEvent.click(await screen.findByRole('combobox', { name: /^Family/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Orchard Foods' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^Category/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Juices' }));
}

async function chooseTargetAndFile() {
  await chooseTarget();
  await userEvent.upload(screen.getByLabelText('CSV or Excel file'), csvFile());
}

describe('upload products', () => {
  it('previews a file with problems: counts, the problem table, Import disabled, invalid rows download', async () => {
    mockCatalogue();
    const requests = mockXhr(() => ({ status: 200, body: withProblems }));
    const downloads = captureDownloads();
    await chooseTargetAndFile();

    const products = await screen.findByRole('group', { name: 'Products' });
    expect(
      within(products)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['2', '0', '0']);
    const table = screen.getByRole('table', { name: 'Problems: 2' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'productBarcode', 'Must contain digits only'],
      ['4', 'productNameAr', 'This field is required'],
    ]);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/api/upload/products/1/11');
    expect(requests[0]!.url.searchParams.get('dryRun')).toBe('true');
    expect(requests[0]!.body.get('file')).toBeInstanceOf(File);

    await userEvent.click(screen.getByRole('button', { name: 'Download invalid rows (CSV)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('juices-invalid-rows.csv');
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: Excel shows the Arabic
    const text = await downloads[0]!.blob.text();
    expect(text.split('\r\n')).toEqual([
      ',productNameEn,productNameAr,productBarcode,reason',
      ',Pear juice,عصير كمثرى,62810A,productBarcode: Must contain digits only',
      ',"Mango, fresh",,6281000000035,productNameAr: This field is required',
      '',
    ]);
  });

  it('shows every problem of a row with two mistakes, and both in its invalid-rows reason', async () => {
    mockCatalogue();
    mockXhr(() => ({ status: 200, body: twoMistakesInOneRow }));
    const downloads = captureDownloads();
    await chooseTargetAndFile();

    const table = await screen.findByRole('table', { name: 'Problems: 3' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'productBarcode', 'Must contain digits only'],
      ['3', 'productCost', 'Must be 0 or more'],
      ['4', 'productNameAr', 'This field is required'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download invalid rows (CSV)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const text = await downloads[0]!.blob.text();
    expect(text.split('\r\n')[1]).toBe(
      // The reason holds a semicolon, which some spreadsheets read as a separator: it is quoted.
      ',Pear juice,عصير كمثرى,62810A,"productBarcode: Must contain digits only; productCost: Must be 0 or more"',
    );
  });

  it('imports a clean file after the preview, then shows the report, the imported products and the way to the family list', async () => {
    mockCatalogue();
    const requests = mockXhr(({ url }) =>
      url.searchParams.get('dryRun') === 'true'
        ? { status: 200, body: productsReport({ attributeChanges: 2 }) }
        : {
            status: 200,
            body: productsReport({ dryRun: false, imported: true, attributeChanges: 2, rows: 1 }),
          },
    );
    await chooseTargetAndFile();
    expect(
      await screen.findByText('Everything looks right. Import writes these changes in one go.'),
    ).toBeVisible();
    expect(screen.getByText('Products whose attribute values change: 2')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Import complete' })).toBeVisible();
    expect(screen.getByText('1 row imported from juices.csv.')).toBeVisible();
    expect(requests.map((r) => r.url.searchParams.get('dryRun'))).toEqual(['true', 'false']);
    const products = screen.getByRole('group', { name: 'Products' });
    expect(within(products).getByText('Created')).toBeVisible();
    expect(screen.getByText('Products whose attribute values changed: 2')).toBeVisible();
    // The products of the company and category the file went to, in the product list.
    expect(screen.getByRole('link', { name: 'See the imported products' })).toHaveAttribute(
      'href',
      '/admin/products/list?family=1&category=11',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go to the family list' }));
    expect(await screen.findByText('Family list reached')).toBeVisible();
  });
  it("puts the chosen family's attribute columns in the CSV template, a text's two languages apart", async () => {
    mockCatalogue({
      'GET /api/attribute': attributeList([
        attributeFixture({ id: 1, key: 'origin', type: 'choice' }),
        attributeFixture({ id: 2, key: 'ingredients', type: 'longText' }),
        attributeFixture({ id: 3, key: 'sugar', type: 'number' }),
        attributeFixture({ id: 4, key: 'crunch', family: 2 }),
      ]),
    });
    const downloads = captureDownloads();
    await chooseTarget();
    await userEvent.click(screen.getByRole('button', { name: 'Headers only (CSV)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('dalil-products-headers.csv');
    const [header] = (await downloads[0]!.blob.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',').slice(-4)).toEqual([
      'attr.origin',
      'attr.ingredients.ar',
      'attr.ingredients.en',
      'attr.sugar',
    ]);
  });
});
