import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { UserFormPage } from './user-form-page';

const routes = [{ path: '/admin/users/create', element: <UserFormPage /> }];

describe('user form', () => {
  it('calls an empty password on Create User required, not short, and sends nothing', async () => {
    const requests = mockApi({
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes(routes, '/admin/users/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^First Name/ }), 'Huda');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last Name/ }), 'Saleh');
    await userEvent.type(screen.getByRole('textbox', { name: /^Username/ }), 'huda');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription('This field is required');
    expect(password).toBeInvalid();
    expect(screen.queryByText(/at least 8 characters/i)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
