import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SessionGuard } from '../features/auth/session-guard';
import { LoginScreen } from '../features/auth/login-screen';
import { setToken } from '../lib/session';
import { mockApi } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { CatalogLayout } from '../features/catalog/catalog-layout';

const GUEST = { username: 'guest', password: 'guest-password' };
const account = (username: string, families: number[]) => ({
  id: username === 'guest' ? 2 : 9,
  firstName: username,
  lastName: 'Visitor',
  username,
  role: 'user',
  families,
});

const routes = [
  {
    path: '/catalog/login',
    element: (
      <LoginScreen
        apiPath="/user/login"
        redirectTo="/catalog/family"
        title="auth.catalogTitle"
        subtitle="auth.catalogSubtitle"
      />
    ),
  },
  {
    element: <SessionGuard scope="user" />,
    children: [
      { element: <CatalogLayout />, children: [{ path: '/catalog/family', element: <p>Chooser</p> }] },
    ],
  },
];

describe('signing in from the catalogue while guest access is on', () => {
  it("offers Sign in beside the guest's catalogue, shows the form, and browses as the user after", async () => {
    let signedIn = 'guest';
    const requests = mockApi({
      'GET /api/config': () => ({
        status: 200,
        body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest: GUEST, mediaBaseUrl: '/media' },
      }),
      'GET /api/user/auth': () => ({ status: 200, body: account(signedIn, signedIn === 'guest' ? [] : [3]) }),
      'POST /api/user/login': ({ body }) => {
        signedIn = (body as { username: string }).username;
        return { status: 200, body: { token: `token-${signedIn}` } };
      },
    });
    setToken('token-guest');
    renderRoutes(routes, '/catalog/family');
    expect(await screen.findByText('Chooser')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));

    // The form, not the guest's silent sign-in again.
    await userEvent.type(await screen.findByLabelText(/Username/), 'rana');
    await userEvent.type(screen.getByLabelText(/^Password/), 'her-password');
    expect(requests.filter((r) => r.path === '/api/user/login')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Chooser')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/user/login').map((r) => r.body)).toEqual([
      { username: 'rana', password: 'her-password' },
    ]);
    // Signed in as herself, not the guest: no Sign in link any more.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull());
  });
});

describe('a server-rendered visitor page', () => {
  const served = () => {
    const content = document.createElement('div');
    content.id = 'served-page';
    document.body.prepend(content);
  };

  it('stands while the guest is signed in silently, and goes when the catalogue screen shows', async () => {
    mockApi({
      'GET /api/config': () => ({
        status: 200,
        body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest: GUEST, mediaBaseUrl: '/media' },
      }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'token-guest' } }),
      'GET /api/user/auth': () => ({ status: 200, body: account('guest', []) }),
    });
    served();
    renderRoutes(routes, '/catalog/login');
    expect(document.getElementById('served-page')).not.toBeNull();
    expect(await screen.findByText('Chooser')).toBeInTheDocument();
    expect(document.getElementById('served-page')).toBeNull();
  });

  it('gives way to the sign-in form when there is no guest to sign in as', async () => {
    mockApi({
      'GET /api/config': () => ({
        status: 200,
        body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest: null, mediaBaseUrl: '/media' },
      }),
    });
    served();
    renderRoutes(routes, '/catalog/login');
    expect(await screen.findByLabelText(/Username/)).toBeInTheDocument();
    expect(document.getElementById('served-page')).toBeNull();
  });
});
