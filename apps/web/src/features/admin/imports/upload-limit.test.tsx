import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { UploadAllPage } from './upload-all-page';
import { mockXhr } from '../../../test/xhr-mock';

const MB = 1024 * 1024;

describe('upload limit', () => {
  it('refuses a file over the server limit before sending a byte, naming the limit', async () => {
    mockApi({
      'GET /api/config': () => ({
        status: 200,
        body: {
          holding: { nameAr: 'مجموعة', nameEn: 'Group' },
          guest: null,
          mediaBaseUrl: '/media',
          limits: { uploadBytes: 2 * MB, imageBytes: 10 * MB },
        },
      }),
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    const sent = mockXhr(() => ({ status: 500 }));
    renderRoutes([{ path: '/admin/upload', element: <UploadAllPage /> }], '/admin/upload');
    const big = new File([new Uint8Array(3 * MB)], 'big.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('CSV or Excel file'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large for the server (2 MB). Split it into smaller files.',
    );
    expect(sent).toHaveLength(0);
  });
});
