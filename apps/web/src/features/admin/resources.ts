import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { categoryResource } from '@dalil/contracts/categories';
import { familyResource } from '@dalil/contracts/families';
import { productResource } from '@dalil/contracts/products';
import type { ResourceDeclaration } from '@dalil/contracts/resources';
import { synonymResource } from '@dalil/contracts/synonyms';
import { userResource } from '@dalil/contracts/users';
import type SvgIcon from '@mui/material/SvgIcon';
import type { AdminResourceKey } from '../../lib/admin-registry';

export type Icon = typeof SvgIcon;

/**
 * The admin half of each resource in lib/admin-registry.ts: its contract declaration (paths and
 * schemas of its API calls) and its menu icon. Kept apart because the registry is in the visitor's
 * first load and these are not; `satisfies` makes a resource without them a compile error.
 */
export const adminResources = {
  families: { declaration: familyResource, icon: ApartmentOutlined },
  categories: { declaration: categoryResource, icon: CategoryOutlined },
  products: { declaration: productResource, icon: Inventory2Outlined },
  synonyms: { declaration: synonymResource, icon: SyncAltOutlined },
  users: { declaration: userResource, icon: PeopleAltOutlined },
} as const satisfies Record<AdminResourceKey, { declaration: ResourceDeclaration; icon: Icon }>;
