import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { ExportCard } from './export-card';
import { productsReport } from './report-fixtures';
import { UploadProductsPage } from './upload-products-page';
import { captureDownloads, mockXhr } from '../../../test/xhr-mock';

/** 30 families, the first with 150 categories: more than a choice offers at once. */
const families = Array.from({ length: 30 }, (_, i) => named(i + 1, `Family ${i + 1}`, `شركة ${i + 1}`));
families[29] = named(30, 'Zahrat Al Madaen', 'زهرة المدائن');
const categories = Array.from({ length: 150 }, (_, i) =>
  named(101 + i, `Shelf ${i + 1}`, `رف ${i + 1}`, { family: 1, parent: null }),
);

describe('upload and export targets', () => {
  it('uploads products to the 150th category of a family, found by typing its name', async () => {
    mockApi({ ...catalogueApi(families, categories), 'GET /api/config': () => ({ status: 200, body: {} }) });
    const sent = mockXhr(() => ({ status: 200, body: productsReport() }));
    renderRoutes(
      [{ path: '/admin/upload/products', element: <UploadProductsPage /> }],
      '/admin/upload/products',
    );
    await userEvent.click(await screen.findByRole('combobox', { name: /^Family/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Family 1' }));
    const category = screen.getByRole('combobox', { name: /^Category/ });
    await userEvent.click(category);
    expect(await screen.findByRole('option', { name: 'Shelf 20' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'Shelf 150' })).toBeNull();
    await userEvent.type(category, 'Shelf 150');
    await userEvent.click(await screen.findByRole('option', { name: 'Shelf 150' }));
    const csv = new File([',productNameEn,productNameAr\r\n,Juice,عصير\r\n'], 'p.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('CSV or Excel file'), csv);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url.pathname).toBe('/api/upload/products/1/250');
  });

  it('exports the family chosen by name, or the whole catalogue when none is chosen', async () => {
    const requests = mockApi({
      ...catalogueApi(families),
      'GET /api/export/all.csv': () => ({ status: 200, body: 'all' }),
      'GET /api/export/family/30.csv': () => ({ status: 200, body: 'one' }),
    });
    const downloads = captureDownloads();
    renderRoutes([{ path: '/admin/upload', element: <ExportCard /> }], '/admin/upload');
    const scope = await screen.findByRole('combobox', { name: 'What to export' });
    expect(scope).toHaveAttribute('placeholder', 'The whole catalogue');
    await userEvent.click(screen.getByRole('button', { name: 'Export catalogue (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await userEvent.type(scope, 'zahrat');
    await userEvent.click(await screen.findByRole('option', { name: 'Zahrat Al Madaen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export catalogue (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    const exports = requests.filter((r) => r.path.startsWith('/api/export'));
    expect(exports.map((r) => r.path)).toEqual(['/api/export/all.csv', '/api/export/family/30.csv']);
  });
});
