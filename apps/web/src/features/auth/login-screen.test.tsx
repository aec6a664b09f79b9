import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../lib/preferences-store';
import { expectConsoleErrors } from '../../test/console-guard';
import { mockApi, unauthorized } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { LoginScreen } from './login-screen';
import { SessionGuard } from './session-guard';

const adminRoutes = [
  {
    path: '/admin/login',
    element: (
      <LoginScreen
        apiPath="/admin/login"
        redirectTo="/admin/family/list"
        title="auth.adminTitle"
        subtitle="auth.adminSubtitle"
        dark
      />
    ),
  },
  { path: '/admin/family/list', element: <p>Family list reached</p> },
];

const visitorRoutes = [
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
  { path: '/catalog/family', element: <p>Family chooser reached</p> },
];

const config = (guest: { username: string; password: string } | null) => ({
  status: 200,
  body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest, mediaBaseUrl: '/media' },
});

describe('admin login', () => {
  it('requires both fields before calling the server', async () => {
    const requests = mockApi({});
    renderRoutes(adminRoutes, '/admin/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(requests).toHaveLength(0);
  });

  it("words an empty or over-long field by the check that failed, in Arabic, not in the contract's English", async () => {
    usePreferences.getState().setLanguage('ar');
    const requests = mockApi({});
    renderRoutes(adminRoutes, '/admin/login');
    await userEvent.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(/اسم المستخدم/));
    await userEvent.paste('a'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('اسم المستخدم أو كلمة المرور غير صحيحة')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says the password is wrong, and clears that when the form changes', async () => {
    mockApi({ 'POST /api/admin/login': () => unauthorized });
    renderRoutes(adminRoutes, '/admin/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByText('Incorrect username or password')).not.toBeInTheDocument();
  });

  it('shows the wrong-password message in Arabic when the language is Arabic', async () => {
    usePreferences.getState().setLanguage('ar');
    mockApi({ 'POST /api/admin/login': () => unauthorized });
    renderRoutes(adminRoutes, '/admin/login');
    await userEvent.type(await screen.findByLabelText(/اسم المستخدم/), 'admin');
    await userEvent.type(screen.getByLabelText(/^كلمة المرور/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('اسم المستخدم أو كلمة المرور غير صحيحة')).toBeInTheDocument();
  });

  it('stores the token and goes to the family list on success', async () => {
    const requests = mockApi({
      'POST /api/admin/login': () => ({ status: 200, body: { token: 'admin-token' } }),
    });
    renderRoutes(adminRoutes, '/admin/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Family list reached')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('admin-token');
    expect(requests[0]?.body).toEqual({ username: 'admin', password: 'secret' });
  });
});

describe('visitor login', () => {
  it('signs in silently with the guest account and goes to the family chooser', async () => {
    const requests = mockApi({
      'GET /api/config': () => config({ username: 'guest', password: 'guest' }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
    });
    renderRoutes(visitorRoutes, '/catalog/login');
    expect(await screen.findByText('Family chooser reached')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/user/login')).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBe('guest-token');
  });

  it('comes back to the page the visitor opened (a shared link, a scanned QR code) after the guest sign-in', async () => {
    const requests = mockApi({
      'GET /api/config': () => config({ username: 'guest', password: 'guest' }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
      'GET /api/user/auth': () => ({
        status: 200,
        body: { id: 2, firstName: 'Guest', lastName: 'Visitor', username: 'guest', role: 'user' },
      }),
    });
    const routes = [
      ...visitorRoutes,
      {
        element: <SessionGuard scope="user" />,
        children: [{ path: '/catalog/main/:id', element: <p>Product page reached</p> }],
      },
    ];
    const { router } = renderRoutes(routes, '/catalog/main/42?from=qr');
    expect(await screen.findByText('Product page reached')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/catalog/main/42');
    expect(router.state.location.search).toBe('?from=qr');
    expect(requests.filter((r) => r.path === '/api/user/login')).toHaveLength(1);
  });

  it('keeps a signed-in admin signed in: browses with that token instead of the guest', async () => {
    window.localStorage.setItem('token', 'admin-token');
    const requests = mockApi({
      'GET /api/config': () => config({ username: 'guest', password: 'guest' }),
      'GET /api/user/auth': () => ({
        status: 200,
        body: { id: 1, firstName: 'Dalil', lastName: 'Admin', username: 'admin', role: 'admin' },
      }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
    });
    renderRoutes(visitorRoutes, '/catalog/login');
    expect(await screen.findByText('Family chooser reached')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/user/login')).toHaveLength(0);
    expect(window.localStorage.getItem('token')).toBe('admin-token');
  });

  it('signs in as the guest when the stored token is no longer valid', async () => {
    window.localStorage.setItem('token', 'expired-token');
    const requests = mockApi({
      'GET /api/config': () => config({ username: 'guest', password: 'guest' }),
      'GET /api/user/auth': () => unauthorized,
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
    });
    renderRoutes(visitorRoutes, '/catalog/login');
    expect(await screen.findByText('Family chooser reached')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/user/login')).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBe('guest-token');
  });

  it('shows the form when guest access is off', async () => {
    mockApi({ 'GET /api/config': () => config(null) });
    renderRoutes(visitorRoutes, '/catalog/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Catalogue login' })).toBeInTheDocument();
  });

  it('shows a message in the current language when the server fails', async () => {
    mockApi({
      'GET /api/config': () => config(null),
      'POST /api/user/login': () => ({
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' },
      }),
    });
    expectConsoleErrors(1);
    renderRoutes(visitorRoutes, '/catalog/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'someone');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText('Something went wrong on the server. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });
});
