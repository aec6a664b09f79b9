import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../../test/console-guard';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { SessionGuard } from './session-guard';

const account = { id: 1, firstName: 'Amal', lastName: 'Haddad', username: 'admin', role: 'admin' };

const routes = [
  { path: '/admin/login', element: <p>Admin login page</p> },
  { path: '/catalog/login', element: <p>Catalogue login page</p> },
  {
    path: '/admin',
    element: <SessionGuard scope="admin" />,
    children: [{ path: 'family/list', element: <p>Admin content</p> }],
  },
  {
    element: <SessionGuard scope="user" />,
    children: [{ path: '/catalog/family', element: <p>Catalogue content</p> }],
  },
];

describe('session guard', () => {
  it('sends a visitor without a token to the catalogue login without calling the server', async () => {
    const requests = mockApi({});
    renderRoutes(routes, '/catalog/family');
    expect(await screen.findByText('Catalogue login page')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows a spinner while checking, then the protected screen', async () => {
    window.localStorage.setItem('token', 'admin-token');
    const requests = mockApi({ 'GET /api/admin/auth': () => ({ status: 200, body: account }) });
    renderRoutes(routes, '/admin/family/list');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Admin content')).toBeInTheDocument();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('turns a catalogue token away from the admin area and clears it', async () => {
    window.localStorage.setItem('token', 'user-token');
    mockApi({
      'GET /api/admin/auth': () => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' },
      }),
    });
    renderRoutes(routes, '/admin/family/list');
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('sends an expired catalogue session back to the catalogue login', async () => {
    window.localStorage.setItem('token', 'old-token');
    mockApi({
      'GET /api/user/auth': () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
      }),
    });
    renderRoutes(routes, '/catalog/family');
    // The visitor area is Arabic first: the guard's notice is in Arabic, whatever the admin area speaks.
    expect(await screen.findByText('Catalogue login page')).toBeInTheDocument();
    expect(await screen.findByText('انتهت جلستك. يُرجى تسجيل الدخول من جديد.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session when the server cannot be reached, and shows the page once it answers', async () => {
    window.localStorage.setItem('token', 'user-token');
    expectConsoleErrors(1); // the failed check is reported once
    let calls = 0;
    mockApi({
      'GET /api/user/auth': () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Restarting' } }
          : { status: 200, body: { ...account, username: 'guest', role: 'user' } };
      },
    });
    renderRoutes(routes, '/catalog/family');
    expect(await screen.findByText('Catalogue content', undefined, { timeout: 6000 })).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(window.localStorage.getItem('token')).toBe('user-token');
    expect(screen.queryByText('Catalogue login page')).not.toBeInTheDocument();
  });
});
