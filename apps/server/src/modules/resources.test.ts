import { ADMIN_RESOURCES, REVERTIBLE_ENTITIES } from '@dalil/contracts/admin-resources';
import { API_BASE } from '@dalil/contracts/api-paths';
import { familyResource } from '@dalil/contracts/families';
import { userResource } from '@dalil/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness';
import { revertTargetsOf } from './activity/revert-targets';
import { resourceModule } from '../core/app-module';
import { familyModule } from './families/families.service';
import { APP_MODULES } from '.';
import { RESOURCE_MODULES } from './resources';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

describe('the declared resources', () => {
  it('each has a module, registered with the app, in the contracts’ order', () => {
    expect(RESOURCE_MODULES.map((m) => m.resource)).toEqual([...ADMIN_RESOURCES]);
    for (const module of RESOURCE_MODULES) expect(APP_MODULES).toContain(module);
    const names = APP_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(ADMIN_RESOURCES.map((r) => [r.name.many, r] as const))(
    '%s: its list answers an administrator',
    async (_, resource) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${resource.path}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
    },
  );

  it('the history reverts exactly the entities declared revertible', () => {
    expect(Object.keys(revertTargetsOf(RESOURCE_MODULES)).sort()).toEqual([...REVERTIBLE_ENTITIES].sort());
    // A user's entries are recorded but never reverted.
    expect(REVERTIBLE_ENTITIES).toContain('family');
    expect(REVERTIBLE_ENTITIES).not.toContain('user');
  });

  it('refuses a revertible declaration without a revert target, and a target for one that is not', () => {
    const { resource, names, revert } = familyModule;
    const service = {} as never;
    expect(() => resourceModule(resource, { service, names })).toThrow(/revert target/);
    expect(() => resourceModule(userResource, { service, names, revert })).toThrow(/revert target/);
    expect(() => resourceModule(familyResource, { service, names, revert })).not.toThrow();
  });
});
