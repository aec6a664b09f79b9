import { ADMIN_RESOURCE_DECLARATIONS, type AdminResourceKey } from '@dalil/contracts/admin-resources';
import { adminResourcePaths } from '@dalil/contracts/web-paths';

export type ResourceWebPaths = ReturnType<typeof adminResourcePaths>;

/** Web paths of each admin resource, from its declaration's segment: `adminPaths.families.list`. */
export const adminPaths = Object.fromEntries(
  Object.values(ADMIN_RESOURCE_DECLARATIONS).map((resource) => [
    resource.key,
    adminResourcePaths(resource.screens.segment),
  ]),
) as Record<AdminResourceKey, ResourceWebPaths>;
