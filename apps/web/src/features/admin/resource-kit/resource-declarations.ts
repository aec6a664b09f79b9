import { ADMIN_RESOURCE_DECLARATIONS } from '@dalil/contracts/admin-resources';
import type { ResourceDeclaration } from '@dalil/contracts/resources';
import type { AdminResourceKey } from '../../../lib/admin-screens';

/**
 * The contract declaration of each resource in lib/admin-screens.ts: the paths and schemas of its API
 * calls and the access its list and menu follow, as the contracts list them. Pages and kits take them
 * from here; the admin root's resources.ts adds the menu icons and lazy pages. `satisfies` makes a
 * screen without a declaration a compile error.
 */
export const resourceDeclarations = ADMIN_RESOURCE_DECLARATIONS satisfies Record<
  AdminResourceKey,
  ResourceDeclaration
>;
