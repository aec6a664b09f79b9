import { IMPORT_COLUMNS } from '@dalil/contracts/imports';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { expectConsoleErrors } from '../../../test/console-guard';
import { renderRoutes } from '../../../test/render';
import { productsReport } from './report-fixtures';
import { UploadAllPage } from './upload-all-page';
import { captureDownloads, mockXhr, type XhrAnswer } from '../../../test/xhr-mock';

const routes = [{ path: '/admin/upload', element: <UploadAllPage /> }];
const csvFile = () => new File([',familyNameEn\r\n,Orchard\r\n'], 'all.csv', { type: 'text/csv' });

async function uploadAnswered(answer: XhrAnswer | Promise<XhrAnswer>) {
  mockXhr(() => answer);
  renderRoutes(routes, '/admin/upload');
  await userEvent.upload(await screen.findByLabelText('CSV or Excel file'), csvFile());
}

describe('upload all', () => {
  it('offers a headers-only CSV naming every column, with no rows that would import', async () => {
    const downloads = captureDownloads();
    renderRoutes(routes, '/admin/upload');
    expect(await screen.findByRole('button', { name: 'Example (Excel)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Example (CSV)' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Headers only (CSV)' }));
    const [headers] = await Promise.all(downloads.map((d) => d.blob.text()));
    expect(downloads.map((d) => d.name)).toEqual(['dalil-all-headers.csv']);
    expect(headers).toBe(`${IMPORT_COLUMNS.all.join(',')}\r\n`);
    expect(headers).toContain('productShelfLife');
    expect(headers).toContain('productCartonPerPallet');
  });

  it('shows a progress bar while the file goes up, then the preview', async () => {
    let answer: (value: XhrAnswer) => void = () => undefined;
    await uploadAnswered(new Promise<XhrAnswer>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('progressbar', { name: 'Uploading all.csv… 50%' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    answer({ status: 200, body: productsReport({ kind: 'all' }) });
    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says which required column is missing (400), in English and in Arabic', async () => {
    expectConsoleErrors(1);
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      code: 'import.missingColumn',
      params: { columns: 'familyNameAr' },
      message: 'Missing required column: familyNameAr',
    };
    await uploadAnswered({ status: 400, body });
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing required columns: familyNameAr');
    usePreferences.setState({ language: 'ar' });
    expect(await screen.findByText('أعمدة مطلوبة مفقودة: familyNameAr')).toBeVisible();
  });

  it('explains a file too large for the server (413)', async () => {
    expectConsoleErrors(1);
    const body = {
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'import.fileTooLarge',
      params: { size: 50 },
      message: 'The file is larger than 50 MB',
    };
    await uploadAnswered({ status: 413, body });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large for the server (50 MB). Split it into smaller files.',
    );
    // The drop area is back for another file.
    expect(screen.getByLabelText('CSV or Excel file')).toBeInTheDocument();
  });

  it('exports the catalogue with the bearer token and saves the file the server names', async () => {
    localStorage.setItem('token', 'admin-token');
    const downloads = captureDownloads();
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        new Response('\uFEFFfamilyNameEn\r\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="dalil-catalogue.csv"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/admin/upload');
    await userEvent.click(await screen.findByRole('button', { name: 'Export catalogue (CSV)' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('dalil-catalogue.csv');
    // The card also reads the families (its scope choice): find the export request among the calls.
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/export'))!;
    expect(url).toBe('/api/export/all.csv');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer admin-token');
  });
});
