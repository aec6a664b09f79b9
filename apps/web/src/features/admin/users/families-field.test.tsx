import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { catalogueApi, named } from '../../../test/catalog-mock';
import { UserFormPage } from './user-form-page';

/** 30 families: the last ones are not among those offered before typing. */
const families = Array.from({ length: 30 }, (_, i) => named(i + 1, `Family ${i + 1}`, `شركة ${i + 1}`));
families[29] = named(30, 'Zahrat Al Madaen', 'زهرة المدائن');

const user = {
  id: 5,
  username: 'noor',
  firstName: 'Noor',
  lastName: 'Saleh',
  role: 'editor',
  families: [30, 1],
  guest: false,
};

const routes = [
  { path: '/admin/users/edit/:id', element: <UserFormPage /> },
  { path: '/admin/users/list', element: <p>User list reached</p> },
];

describe("an account's families", () => {
  it('shows the chosen families by name, adds one found by typing and removes another', async () => {
    const requests = mockApi({
      ...catalogueApi(families),
      'GET /api/user/profile/5': () => ({ status: 200, body: user }),
      'PUT /api/user/5': (request: MockRequest) => ({
        status: 200,
        body: { ...user, ...(request.body as object) },
      }),
    });
    renderRoutes(routes, '/admin/users/edit/5');
    const field = await screen.findByRole('combobox', { name: 'Families' });
    const box = field.closest('.MuiAutocomplete-root') as HTMLElement;
    await waitFor(() => expect(within(box).getByRole('button', { name: 'Zahrat Al Madaen' })).toBeVisible());
    expect(within(box).getByRole('button', { name: 'Family 1' })).toBeVisible();
    expect(requests.some((r) => r.path === '/api/family/30')).toBe(true);

    await userEvent.type(field, 'family 2');
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Family 25' }));
    await userEvent.click(
      within(within(box).getByRole('button', { name: 'Family 1' })).getByTestId('CancelIcon'),
    );
    expect(within(box).queryByRole('button', { name: 'Family 1' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('User list reached')).toBeInTheDocument();
    const { families: sent } = requests.find((r) => r.method === 'PUT')?.body as { families: number[] };
    expect([...sent].sort((a, b) => a - b)).toEqual([25, 30]);
  });
});
