import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, unauthorized, type MockRequest } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { appRoutes, patchAdminRoutes } from './router';

const me = {
  id: 1,
  firstName: 'Amal',
  lastName: 'Haddad',
  username: 'admin',
  role: 'admin',
  families: [],
  guest: false,
};

const rootChildren = appRoutes[0]?.children ?? [];

/** The server after the password change: only the fresh token is accepted. */
const onlyFresh = (answer: () => { status: number; body?: unknown }) => (request: MockRequest) =>
  request.headers.get('Authorization') === 'Bearer fresh-token' ? answer() : unauthorized;

describe('changing your own password', () => {
  it('keeps admins who change their own password signed in, with the fresh token', async () => {
    window.localStorage.setItem('token', 'old-token');
    let changed = false;
    const signedIn = (answer: () => { status: number; body?: unknown }) => (request: MockRequest) =>
      changed ? onlyFresh(answer)(request) : answer();
    const requests = mockApi({
      'GET /api/admin/auth': signedIn(() => ({ status: 200, body: me })),
      'GET /api/user/profile/1': signedIn(() => ({ status: 200, body: me })),
      'GET /api/family': signedIn(() => ({ status: 200, body: { data: [], count: 0 } })),
      'GET /api/user': signedIn(() => ({ status: 200, body: { data: [me], count: 1 } })),
      'PUT /api/user/1': () => {
        changed = true;
        return { status: 200, body: { ...me, token: 'fresh-token' } };
      },
    });
    const { router } = renderRoutes(rootChildren, '/admin/users/edit/1', patchAdminRoutes);
    await userEvent.type(await screen.findByLabelText('New password'), 'a-new-password');
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveValue('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Haddad' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users/list');
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    const save = requests.find((r) => r.method === 'PUT');
    expect(save?.body).toMatchObject({ username: 'admin', password: 'a-new-password' });
    const after = requests.slice(requests.indexOf(save!) + 1);
    expect(after.length).toBeGreaterThan(0);
    for (const request of after) expect(request.headers.get('Authorization')).toBe('Bearer fresh-token');
  });
});
