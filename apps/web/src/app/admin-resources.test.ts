import type { Account } from '@dalil/contracts/auth';
import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, patchAdminRoutes } from './router';
import type { RouteHandle } from '../lib/route-handle';
import { adminPaths } from '../features/admin/resource-kit/admin-paths';
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

const menuLinks = (who: Account) => navFor(who).flatMap((group) => group.items.map((item) => item.to));
const keys = ADMIN_RESOURCES.map((resource) => resource.key);

describe('every declared admin resource', () => {
  it('has its screens, found in its folder, with its contract declaration', () => {
    expect(Object.keys(adminResources)).toEqual(keys);
    for (const resource of ADMIN_RESOURCES) expect(adminResources[resource.key].declaration).toBe(resource);
  });

  it.each(keys)(
    '%s: the router adds its titled list, create and edit routes (unless it has no edit screen), each loading a page',
    async (key) => {
      const at = adminPaths[key];
      const { words, screens } = adminResources[key].declaration;
      const deepestRoute = async (path: string) => {
        const router = createMemoryRouter(appRoutes, {
          initialEntries: [path],
          patchRoutesOnNavigation: patchAdminRoutes,
        });
        router.initialize();
        await new Promise<void>((settled) => {
          if (router.state.initialized) settled();
          else router.subscribe((state) => state.initialized && settled());
        });
        const deepest = router.state.matches.at(-1)!.route;
        router.dispose();
        return deepest;
      };
      const hasEdit = screens.edit !== false;
      // An address of an edit screen the resource does not have is not found.
      if (!hasEdit) expect((await deepestRoute(at.edit('12'))).path).toBe('*');
      for (const [path, which] of [
        [at.list, 'list'],
        [at.create, 'create'],
        ...(hasEdit ? [[at.edit('12'), 'edit'] as const] : []),
      ] as const) {
        const deepest = await deepestRoute(path);
        expect(deepest.path, path).not.toBe('*');
        expect((deepest.handle as RouteHandle).title, path).toEqual({
          ar: words.ar[which],
          en: words.en[which],
        });
        // The router loaded the page on the way: the route now renders it.
        expect(deepest.element ?? deepest.Component, path).toBeTruthy();
      }
    },
    30_000,
  );

  it.each(keys)('%s: is in the menu of exactly the accounts its list access lets in', (key) => {
    const { access } = adminResources[key].declaration;
    expect(menuLinks(account('admin'))).toContain(adminPaths[key].list);
    expect(menuLinks(account('editor')).includes(adminPaths[key].list)).toBe(access.list !== 'admin');
  });
});
