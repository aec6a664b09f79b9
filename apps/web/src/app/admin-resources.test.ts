import type { Account } from '@dalil/contracts/auth';
import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';
import { adminResourceKeys, resourceScreens } from '../lib/admin-screens';
import type { RouteHandle } from '../lib/route-handle';
import { adminPaths } from '../lib/paths';
import { navFor } from '../features/admin/admin-nav';
import { adminResources } from '../features/admin/resources';

const account = (role: Account['role']): Account => ({
  id: 1,
  firstName: 'Sam',
  lastName: 'Staff',
  username: role,
  role,
  families: [1],
});

const flatten = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
const routeAt = (path: string) => flatten(appRoutes).find((route) => route.path === path);
const menuLinks = (who: Account) => navFor(who).flatMap((group) => group.items.map((item) => item.to));

describe('every declared admin resource', () => {
  it('has one web entry with its contract declaration', () => {
    expect(adminResourceKeys.map((key) => adminResources[key].declaration)).toEqual(
      expect.arrayContaining([...ADMIN_RESOURCES]),
    );
    expect(adminResourceKeys).toHaveLength(ADMIN_RESOURCES.length);
  });

  it.each(adminResourceKeys)(
    '%s: has titled list, create and edit routes that load a page',
    async (key) => {
      const at = adminPaths[key];
      const titles = resourceScreens(key);
      for (const [path, titleKey] of [
        [at.list, titles.list],
        [at.create, titles.create],
        [at.edit(':id'), titles.edit],
      ] as const) {
        const route = routeAt(path);
        expect(route, path).toBeDefined();
        expect((route!.handle as RouteHandle).titleKey).toBe(titleKey);
        const loaded = (await (route!.lazy as () => Promise<{ Component: unknown }>)()).Component;
        expect(typeof loaded, path).toBe('function');
      }
    },
    30_000,
  );

  it.each(adminResourceKeys)('%s: is in the menu of exactly the accounts its list access lets in', (key) => {
    const { access } = adminResources[key].declaration;
    expect(menuLinks(account('admin'))).toContain(adminPaths[key].list);
    expect(menuLinks(account('editor')).includes(adminPaths[key].list)).toBe(access.list !== 'admin');
  });
});
