import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { productsReport } from './report-fixtures';
import { UploadCategoriesPage } from './upload-categories-page';
import { mockXhr } from '../../../test/xhr-mock';

const family = {
  id: 7,
  nameEn: 'Orchard Foods',
  nameAr: 'بساتين',
  name: { en: 'Orchard Foods', ar: 'بساتين' },
};

describe('upload categories', () => {
  it('asks for a family first, then sends the file to that family and shows categories and products', async () => {
    mockApi({ 'GET /api/family': () => ({ status: 200, body: { data: [family], count: 1 } }) });
    const report = productsReport({
      kind: 'categories',
      categories: { created: 1, updated: 0, unchanged: 2 },
    });
    const requests = mockXhr(() => ({ status: 200, body: report }));
    renderRoutes(
      [{ path: '/admin/upload/categories', element: <UploadCategoriesPage /> }],
      '/admin/upload/categories',
    );
    expect(await screen.findByText('Choose a family to upload a file')).toBeVisible();
    expect(screen.queryByLabelText('CSV or Excel file')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: /^Family/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Orchard Foods' }));
    const csv = new File([',categoryNameEn,categoryNameAr\r\n,Juices,عصائر\r\n'], 'c.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(screen.getByLabelText('CSV or Excel file'), csv);
    expect(await screen.findByRole('group', { name: 'Categories' })).toHaveTextContent(/To create1/);
    expect(screen.getByRole('group', { name: 'Products' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Families' })).toBeNull();
    expect(requests[0]!.url.pathname).toBe('/api/upload/categories/7');
  });
});
