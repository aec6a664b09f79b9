import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageField } from '../../../components/image-field';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { UploadImagesPage } from './upload-images-page';
import { mockXhr } from '../../../test/xhr-mock';

const MB = 1024 * 1024;

/** GET /api/config with the server's image limit. */
const settings = () => ({
  status: 200,
  body: {
    holding: { nameAr: 'مجموعة', nameEn: 'Group' },
    guest: null,
    mediaBaseUrl: '/media',
    limits: { uploadBytes: 50 * MB, imageBytes: MB },
  },
});
const file = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('image size limit', () => {
  it('leaves an image over the limit out of Upload Images before sending, naming it and the limit', async () => {
    mockApi({
      'GET /api/config': settings,
      'GET /api/upload/images': () => ({ status: 200, body: { data: [] } }),
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    const sent = mockXhr(() => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'No' },
    }));
    renderRoutes([{ path: '/admin/upload/images', element: <UploadImagesPage /> }], '/admin/upload/images');
    const drop = await screen.findByLabelText('Drop a ZIP, images or a folder here, or click to choose');
    expect(await screen.findByText('Each image up to 1 MB')).toBeInTheDocument();
    await userEvent.upload(drop, [
      file('6281000000017.jpg', 2 * MB, 'image/jpeg'),
      file('6281000000024.jpg', 1000, 'image/jpeg'),
      file('more.zip', 3 * MB, 'application/zip'),
    ]);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Not sent, larger than the 1 MB the server takes for an image:');
    expect(refused).toHaveTextContent('6281000000017.jpg');
    expect(refused).not.toHaveTextContent('6281000000024.jpg');
    expect(screen.getByText(/^2 files chosen/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const names = sent[0]!.body.getAll('file').map((f) => (f as File).name);
    expect(names).toEqual(['6281000000024.jpg', 'more.zip']);
  });

  it('refuses an image over the limit in an image field, with the limit', async () => {
    mockApi({ 'GET /api/config': settings });
    const onChange = vi.fn();
    renderRoutes(
      [
        {
          path: '/admin/family/create',
          element: <ImageField label="Logo" value={null} onChange={onChange} />,
        },
      ],
      '/admin/family/create',
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"][aria-label="Logo"]')!;
    expect(await screen.findByText('JPEG, PNG, WebP, AVIF or GIF, up to 1 MB')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [file('logo.png', 2 * MB, 'image/png')] } });
    expect(await screen.findByText('The file is larger than the server takes (1 MB)')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
