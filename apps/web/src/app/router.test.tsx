import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { isWebRoute, WEB_ROUTE_PATTERNS } from '@dalil/contracts/web-routes';
import type { RouteObject } from 'react-router';
import { adminResources } from '../features/admin/resources';
import { appRoutes, patchAdminRoutes, resourceRoutes } from './router';

const rootChildren = appRoutes[0]?.children ?? [];

/** Every path the route table gives a screen, joined with its parents' (the catch-all aside). */
function routePatterns(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    if (route.path === undefined) return routePatterns(route.children ?? [], base);
    const full = route.path.startsWith('/') ? route.path : `${base}/${route.path}`;
    return [full, ...routePatterns(route.children ?? [], full)];
  });
}

describe('route table', () => {
  it("has a route for each of the contracts' web paths, which the server answers 200, and no other", () => {
    // The admin resources' routes, which the router adds on the first admin address it cannot match.
    const resources = Object.values(adminResources).flatMap(resourceRoutes);
    const patterns = [...routePatterns(appRoutes), ...routePatterns(resources)];
    expect(new Set(patterns)).toEqual(new Set(WEB_ROUTE_PATTERNS));
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of patterns) expect(isWebRoute(pattern.replace(':id', '12')), pattern).toBe(true);
    expect(isWebRoute('/admin/family/edit/12/more')).toBe(false);
  });

  it('sends the root to the catalogue login, and says any other path is not found, keeping it', async () => {
    mockApi({
      'GET /api/config': () => ({
        status: 200,
        body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest: null, mediaBaseUrl: '/media' },
      }),
    });
    const { router } = renderRoutes(rootChildren, '/');
    expect(await screen.findByRole('heading', { name: 'Catalogue login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/catalog/login');
    cleanup();
    const unknown = renderRoutes(rootChildren, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' })).toHaveAttribute(
      'href',
      '/catalog/family',
    );
    expect(unknown.router.state.location.pathname).toBe('/no/such/page');
  });

  it('opens the admin shell with the current group expanded', async () => {
    window.localStorage.setItem('token', 'admin-token');
    mockApi({
      'GET /api/admin/auth': () => ({
        status: 200,
        body: { id: 1, firstName: 'Amal', lastName: 'Haddad', username: 'admin', role: 'admin' },
      }),
      // The category form's family choice.
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes(rootChildren, '/admin/category/create', patchAdminRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Category' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(nav).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Categories' })[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('button', { name: 'Families' })[0]).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { name: 'Users' })[0]).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /^Family/ })).toBeInTheDocument();
  });
});
