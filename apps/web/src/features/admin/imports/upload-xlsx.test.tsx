import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { renderRoutes } from '../../../test/render';
import { withProblems } from './report-fixtures';
import { UploadAllPage } from './upload-all-page';
import { UploadProductsPage } from './upload-products-page';
import { captureDownloads, mockXhr } from '../../../test/xhr-mock';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const named = (id: number, nameEn: string, nameAr: string) => ({
  id,
  nameEn,
  nameAr,
  name: { en: nameEn, ar: nameAr },
});

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** fetch for the catalogue lists and the file downloads; every request is recorded. */
function stubFetch(files: Record<string, { name: string; type: string }>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      seen.push({
        method: init?.method ?? 'GET',
        url,
        headers: new Headers(init?.headers),
        body: init?.body,
      });
      const list = (data: unknown[]) =>
        new Response(JSON.stringify({ data, count: data.length }), {
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/api/family') return Promise.resolve(list([named(1, 'Orchard Foods', 'بساتين')]));
      if (url.pathname === '/api/category') return Promise.resolve(list([named(11, 'Juices', 'عصائر')]));
      const file = files[url.pathname];
      if (!file) return Promise.reject(new Error(`Unexpected request ${url.pathname}`));
      return Promise.resolve(
        new Response('PK', {
          headers: {
            'content-type': file.type,
            'content-disposition': `attachment; filename="${file.name}"`,
          },
        }),
      );
    }),
  );
  return seen;
}

describe('Excel files on the upload screens', () => {
  it('accepts a workbook, labels problems by row, and fetches its invalid rows as a marked workbook', async () => {
    usePreferences.setState({ language: 'ar', area: 'admin' });
    const seen = stubFetch({
      '/api/upload/products/1/11/invalid-rows': { name: 'invalid-rows.xlsx', type: XLSX },
    });
    const requests = mockXhr(() => ({ status: 200, body: { ...withProblems, format: 'xlsx' } }));
    const downloads = captureDownloads();
    renderRoutes(
      [{ path: '/admin/upload/products', element: <UploadProductsPage /> }],
      '/admin/upload/products',
    );
    await userEvent.click(await screen.findByRole('combobox', { name: /^الشركة/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'بساتين' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^الفئة/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'عصائر' }));
    const input = screen.getByLabelText('ملف CSV أو Excel');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.xlsx') as string);
    const workbook = new File(['PK\u0003\u0004'], 'عصائر.xlsx', { type: XLSX });
    await userEvent.upload(input, workbook);

    const table = await screen.findByRole('table', { name: 'المشكلات: 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['الصف', 'العمود', 'السبب']);
    expect((requests[0]!.body.get('file') as File).name).toBe('عصائر.xlsx');

    await userEvent.click(screen.getByRole('button', { name: 'تنزيل الصفوف غير الصالحة (Excel)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('عصائر-invalid-rows.xlsx');
    const post = seen.find((r) => r.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/upload/products/1/11/invalid-rows');
    expect(post.url.searchParams.get('lang')).toBe('ar');
    expect(((post.body as FormData).get('file') as File).name).toBe('عصائر.xlsx');
  });

  it('offers Excel templates and an Excel export, fetched with the bearer token', async () => {
    localStorage.setItem('token', 'admin-token');
    const seen = stubFetch({
      '/api/upload/template/all.xlsx': { name: 'dalil-all-example.xlsx', type: XLSX },
      '/api/export/all.xlsx': { name: 'dalil-catalogue.xlsx', type: XLSX },
    });
    const downloads = captureDownloads();
    renderRoutes([{ path: '/admin/upload', element: <UploadAllPage /> }], '/admin/upload');
    await userEvent.click(await screen.findByRole('button', { name: 'Example (Excel)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Export catalogue (Excel)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads.map((d) => d.name)).toEqual(['dalil-all-example.xlsx', 'dalil-catalogue.xlsx']);
    // The page also reads the settings and the families (the export card's scope).
    const downloadsAsked = seen.filter((r) => !['/api/config', '/api/family'].includes(r.url.pathname));
    expect(downloadsAsked.map((r) => `${r.url.pathname}${r.url.search}`)).toEqual([
      '/api/upload/template/all.xlsx?example=true',
      '/api/export/all.xlsx',
    ]);
    expect(seen.every((r) => r.headers.get('Authorization') === 'Bearer admin-token')).toBe(true);
  });

  it("asks for the chosen family's attribute columns in the Excel template", async () => {
    usePreferences.setState({ language: 'en', area: 'admin' });
    localStorage.setItem('token', 'admin-token');
    const seen = stubFetch({
      '/api/upload/template/products.xlsx': { name: 'dalil-products-headers.xlsx', type: XLSX },
    });
    const downloads = captureDownloads();
    renderRoutes(
      [{ path: '/admin/upload/products', element: <UploadProductsPage /> }],
      '/admin/upload/products',
    );
    await userEvent.click(await screen.findByRole('combobox', { name: /^Family/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Orchard Foods' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Category/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Juices' }));
    await userEvent.click(screen.getByRole('button', { name: 'Headers only (Excel)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const template = seen.find((r) => r.url.pathname === '/api/upload/template/products.xlsx')!;
    expect(`${template.url.pathname}${template.url.search}`).toBe(
      '/api/upload/template/products.xlsx?example=false&family=1',
    );
  });
});
