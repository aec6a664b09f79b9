import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleErrors } from '../test/console-guard';
import { mockApi, type MockRequest } from '../test/fetch-mock';
import { usePreferences } from '../lib/preferences-store';
import { renderRoutes } from '../test/render';
import { appRoutes, patchAdminRoutes } from './router';

const rootChildren = appRoutes[0]?.children ?? [];

type Answer = { status: number; body?: unknown };

/** A server that can be switched off: while it is down, every request fails as fetch does offline. */
function switchableServer(handlers: Record<string, (request: MockRequest) => Answer>) {
  const server = { down: true, requests: [] as MockRequest[] };
  const all: typeof handlers = {
    ...handlers,
    'GET /api/health': () => ({ status: 200, body: { status: 'ok' } }),
  };
  const guarded = Object.fromEntries(
    Object.entries(all).map(([route, handler]) => [
      route,
      (request: MockRequest) => {
        if (server.down) throw new TypeError('Failed to fetch');
        return handler(request);
      },
    ]),
  );
  server.requests = mockApi(guarded);
  return server;
}

const family = (id: number, en: string, ar: string) => ({
  id,
  name: { ar, en },
  nameAr: ar,
  nameEn: en,
  logo: null,
  image: null,
  cover: null,
  requireValidGtin: false,
  status: 'published',
  publishAt: null,
});
const families = [
  family(1, 'Al Nakheel Foods', 'النخيل للأغذية'),
  family(2, 'Sahara Drinks', 'مشروبات الصحراء'),
];
const account = (role: string, username: string) => ({
  id: 7,
  firstName: 'Amal',
  lastName: 'Haddad',
  username,
  role,
  families: [],
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an unreachable server', () => {
  it('tells a first-time visitor in Arabic after ten seconds; Retry starts the catalogue once it answers', async () => {
    expectConsoleErrors(1); // the first failure is reported, the retries that fail after it are not
    const server = switchableServer({
      'GET /api/config': () => ({
        status: 200,
        body: {
          holding: { nameAr: 'مجموعة دليل', nameEn: 'Dalil Group' },
          guest: { username: 'guest', password: 'guest-password' },
          mediaBaseUrl: '/media',
        },
      }),
      'POST /api/user/login': () => ({ status: 200, body: { token: 'guest-token' } }),
      'GET /api/user/auth': () => ({ status: 200, body: account('user', 'guest') }),
      'GET /api/family': () => ({ status: 200, body: { data: families, count: 2 } }),
    });
    // The visitor area's first language.
    usePreferences.setState({ area: 'catalog', language: 'ar' });
    const { router } = renderRoutes(rootChildren, '/catalog/login');
    const title = { name: 'تعذّر الوصول إلى الخادم' };
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(screen.queryByRole('heading', title)).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    // Still the spinner under the message: no sign-in form for a visitor whose server is away.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    server.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(
      await screen.findByRole('heading', { name: 'اختر الشركة لمعرفة المزيد' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('مشروبات الصحراء')).toBeInTheDocument();
    expect(screen.queryByRole('heading', title)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/catalog/family');
    expect(window.localStorage.getItem('token')).toBe('guest-token');
  });

  it('tells an admin in English, and the list shows by itself once the server answers', async () => {
    expectConsoleErrors(1);
    window.localStorage.setItem('token', 'admin-token');
    const server = switchableServer({
      'GET /api/admin/auth': () => ({ status: 200, body: account('admin', 'admin') }),
      'GET /api/family': () => ({ status: 200, body: { data: families, count: 2 } }),
    });
    renderRoutes(rootChildren, '/admin/family/list', patchAdminRoutes);
    const title = { name: 'The server cannot be reached' };
    expect(await screen.findByRole('progressbar', { name: 'Checking your session…' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();

    // No click: the background retry finds the server again.
    server.down = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByRole('cell', { name: 'Sahara Drinks' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', title)).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('admin-token');
    expect(server.requests.some((r) => r.path === '/api/health')).toBe(true);
  });
});
