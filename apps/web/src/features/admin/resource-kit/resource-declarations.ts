import { categoryResource } from '@dalil/contracts/categories';
import { familyResource } from '@dalil/contracts/families';
import { productResource } from '@dalil/contracts/products';
import type { ResourceDeclaration } from '@dalil/contracts/resources';
import { synonymResource } from '@dalil/contracts/synonyms';
import { userResource } from '@dalil/contracts/users';
import type { AdminResourceKey } from '../../../lib/admin-screens';

/**
 * The contract declaration of each resource in lib/admin-screens.ts: the paths and schemas of its API
 * calls and the access its list and menu follow. Pages and kits take them from here; the admin
 * root's resources.ts adds the menu icons and lazy pages. `satisfies` makes a resource without an
 * entry a compile error.
 */
export const resourceDeclarations = {
  families: familyResource,
  categories: categoryResource,
  products: productResource,
  synonyms: synonymResource,
  users: userResource,
} as const satisfies Record<AdminResourceKey, ResourceDeclaration>;
