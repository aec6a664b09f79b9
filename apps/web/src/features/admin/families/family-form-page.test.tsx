import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { FamilyFormPage } from './family-form-page';

const routes = [
  { path: '/admin/family/create', element: <FamilyFormPage /> },
  { path: '/admin/family/edit/:id', element: <FamilyFormPage /> },
  { path: '/admin/family/list', element: <p>Family list reached</p> },
];

/** The server's answer to a save: the stored family. */
const stored = (status: number) => (request: MockRequest) => {
  const body = request.body as { nameAr: string; nameEn: string };
  return { status, body: { id: 5, name: { ar: body.nameAr, en: body.nameEn }, ...body } };
};

/** GET /api/family/5 as the server answers it: family 5 with the given images. */
const storedFamily =
  (
    images: { logo?: string; image?: string },
    publication: { status: 'draft' | 'published'; publishAt: string | null } = {
      status: 'published',
      publishAt: null,
    },
  ) =>
  () => ({
    status: 200,
    body: {
      id: 5,
      name: { ar: 'شركة', en: 'Company' },
      nameAr: 'شركة',
      nameEn: 'Company',
      logo: images.logo ?? null,
      image: images.image ?? null,
      cover: null,
      requireValidGtin: false,
      ...publication,
      counts: { categories: 2, products: 12, complete: { ar: 8, en: 12 } },
    },
  });

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const fileInput = (label: string) =>
  document.querySelector<HTMLInputElement>(`input[type="file"][aria-label="${label}"]`)!;

describe('family form', () => {
  it('uploads a chosen logo first, then saves its public_id.format and goes to the list', async () => {
    const requests = mockApi({
      'POST /api/upload/image': () => ({ status: 201, body: { public_id: 'AbCdEfGh1234', format: 'webp' } }),
      'POST /api/family': stored(201),
    });
    renderRoutes(routes, '/admin/family/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name Ar/ }), 'شركة');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name En/ }), 'Company');
    await userEvent.upload(fileInput('Logo'), png());
    const logo = screen.getByRole('group', { name: 'Logo' });
    expect(await within(logo).findByRole('img', { name: /New image/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );
    // A new family requires valid GTINs unless the switch is turned off.
    expect(screen.getByRole('switch', { name: 'Barcodes must be valid GTINs' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Barcodes must be valid GTINs' })).toHaveAccessibleDescription(
      /GTIN-8, 12, 13 or 14 with the right check digit/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Family list reached')).toBeInTheDocument();
    const [upload, save] = requests.filter((r) => r.method === 'POST');
    expect(upload?.path).toBe('/api/upload/image');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(save?.body).toEqual({
      nameAr: 'شركة',
      nameEn: 'Company',
      logo: 'AbCdEfGh1234.webp',
      image: null,
      cover: null,
      requireValidGtin: true,
      status: 'published',
      publishAt: null,
    });
  });

  it('refuses a file that is not an image with the dropzone message', async () => {
    mockApi({});
    renderRoutes(routes, '/admin/family/create');
    const input = await waitFor(() => fileInput('Cover Photo'));
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'data.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('File type must be image/*')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Cover Photo' })).queryByRole('img')).toBeNull();
  });

  it('edits: shows the stored images, removes one, and sends PUT with Edit', async () => {
    const requests = mockApi({
      'GET /api/family/5': storedFamily({ logo: 'StoredLogo01.webp', image: 'StoredImage1.webp' }),
      'PUT /api/family/5': stored(200),
      'GET /api/activity': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes(routes, '/admin/family/edit/5');
    const logo = await screen.findByRole('group', { name: 'Logo' });
    expect(within(logo).getByRole('img', { name: 'Current image' })).toHaveAttribute(
      'src',
      '/media/w320/StoredLogo01.webp',
    );
    // The family's products complete in each language, from the same answer.
    expect(screen.getByText('Complete in Arabic: 8 of 12, in English: 12 of 12')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/family/5')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Remove image: Image' }));
    const gtin = screen.getByRole('switch', { name: 'Barcodes must be valid GTINs' });
    expect(gtin).not.toBeChecked();
    await userEvent.click(gtin);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Family list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      nameAr: 'شركة',
      nameEn: 'Company',
      logo: 'StoredLogo01.webp',
      image: null,
      cover: null,
      requireValidGtin: true,
      status: 'published',
      publishAt: null,
    });
  });

  it('a draft: shows its status and publish date, and the date typed is sent as an ISO time', async () => {
    const publishAt = new Date(2027, 2, 1, 9, 30).toISOString();
    const requests = mockApi({
      'GET /api/family/5': storedFamily({}, { status: 'draft', publishAt }),
      'PUT /api/family/5': stored(200),
      'GET /api/activity': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes(routes, '/admin/family/edit/5');
    const date = await screen.findByLabelText(/^Publish on/);
    await waitFor(() => expect(date).toHaveValue('2027-03-01T09:30'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Draft');
    fireEvent.change(date, { target: { value: '2027-04-02T18:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Family list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      status: 'draft',
      publishAt: new Date(2027, 3, 2, 18, 0).toISOString(),
    });
  });

  it('publishes a draft: choosing Published and clearing the date', async () => {
    const requests = mockApi({
      'GET /api/family/5': storedFamily({}, { status: 'draft', publishAt: null }),
      'PUT /api/family/5': stored(200),
      'GET /api/activity': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes(routes, '/admin/family/edit/5');
    const status = await screen.findByRole('combobox', { name: 'Status' });
    await waitFor(() => expect(status).toHaveTextContent(/^Draft/));
    await userEvent.click(status);
    await userEvent.click(await screen.findByRole('option', { name: 'Published' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Family list reached')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      status: 'published',
      publishAt: null,
    });
  });

  it('edit page: a History tab lists the changes of this family and keeps unsaved edits', async () => {
    const requests = mockApi({
      'GET /api/family/5': storedFamily({}),
      'GET /api/activity': () => ({
        status: 200,
        body: {
          data: [
            {
              id: 9,
              at: '2026-11-20T10:00:00.000Z',
              actor: { id: 2, username: 'noor' },
              action: 'update',
              entity: 'family',
              entityId: 5,
              family: 5,
              changes: { nameEn: { before: 'Old Company', after: 'Company' } },
            },
          ],
          count: 1,
        },
      }),
    });
    renderRoutes(routes, '/admin/family/edit/5');
    const nameEn = await screen.findByRole('textbox', { name: /^Name En/ });
    await userEvent.clear(nameEn);
    await userEvent.type(nameEn, 'Unsaved name');
    expect(requests.some((r) => r.path === '/api/activity')).toBe(false);
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const panel = screen.getByRole('tabpanel', { name: 'History' });
    expect(await within(panel).findByText('noor')).toBeInTheDocument();
    expect(within(panel).getByText('Old Company')).toBeInTheDocument();
    const asked = requests.find((r) => r.path === '/api/activity')!;
    expect([asked.query.get('entity'), asked.query.get('entityId')]).toEqual(['family', '5']);
    await userEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByRole('textbox', { name: /^Name En/ })).toHaveValue('Unsaved name');
  });

  it('create page: the form alone, without History', async () => {
    mockApi({});
    renderRoutes(routes, '/admin/family/create');
    expect(await screen.findByRole('textbox', { name: /^Name En/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();
  });

  it('refuses an answer that is not a family: says the record could not be loaded, with a way back', async () => {
    expectConsoleErrors(1);
    mockApi({ 'GET /api/family/5': () => ({ status: 200, body: { id: 5, nameEn: 'Company' } }) });
    renderRoutes(routes, '/admin/family/edit/5');
    expect(await screen.findByText(/This record could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByText(/Complete in Arabic/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Name En/ })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByText('Family list reached')).toBeInTheDocument();
  });
});
