import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ManageHistoryOutlined from '@mui/icons-material/ManageHistoryOutlined';
import type { Account } from '@dalil/contracts/auth';
import type { Access } from '@dalil/contracts/resources';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import { adminResourceKeys, menuGroupOf, navLabelKey, type AdminResourceKey } from '../../lib/admin-screens';
import { mayUse } from '../../lib/account';
import type { MessageKey } from '../../lib/locales/en';
import { adminPaths, paths } from '../../lib/paths';
import { adminResources, type Icon } from './resources';

interface NavItem {
  labelKey: MessageKey;
  to: string;
  icon: Icon;
  /** Who the server lets use the screen (its API's access); left out: every staff account. */
  access?: Access;
}

export interface NavGroup {
  id: string;
  labelKey: MessageKey;
  icon: Icon;
  /** Paths under this prefix belong to the group (its edit routes too). */
  prefix: string;
  items: NavItem[];
  /** Who may see the group at all. */
  access?: Access;
}

const accessOf = (key: AdminResourceKey) => adminResources[key].declaration.access;

/** Screens that are not a resource but belong to a resource's group (their paths under its prefix). */
const moreItems: Partial<Record<AdminResourceKey, NavItem[]>> = {
  // Keys act for other systems as an editor or a reader would: administrators manage them.
  // Webhooks send catalogue changes to other systems: administrators manage them too. The screen's
  // title is its menu label (one word less for every visitor's first load to carry).
  users: [
    { labelKey: 'nav.apiKeys', to: paths.apiKeys, icon: KeyOutlined, access: 'admin' },
    { labelKey: 'pages.webhooks', to: paths.webhooks, icon: WebhookOutlined, access: 'admin' },
  ],
};

/**
 * The admin shell menu: a List and Create group per resource in the registry, then the uploads. A
 * resource `under` another is one item of that group (synonyms under families), its paths under the
 * group's prefix.
 */
const adminNav: NavGroup[] = [
  ...adminResourceKeys
    .filter((key) => menuGroupOf(key) === undefined)
    .map((key) => ({
      id: key,
      labelKey: navLabelKey(key),
      icon: adminResources[key].icon,
      prefix: adminPaths[key].prefix,
      access: accessOf(key).list,
      items: [
        { labelKey: 'nav.list', to: adminPaths[key].list, icon: FormatListBulleted },
        {
          labelKey: 'nav.create',
          to: adminPaths[key].create,
          icon: AddCircleOutlineOutlined,
          access: accessOf(key).create,
        },
        ...adminResourceKeys
          .filter((child) => menuGroupOf(child) === key)
          .map((child) => ({
            labelKey: navLabelKey(child),
            to: adminPaths[child].list,
            icon: adminResources[child].icon,
            access: accessOf(child).list,
          })),
        ...(moreItems[key] ?? []),
      ] satisfies NavItem[],
    })),
  {
    id: 'upload',
    labelKey: 'nav.upload',
    icon: CloudUploadOutlined,
    prefix: paths.uploadAll,
    items: [
      { labelKey: 'nav.uploadAll', to: paths.uploadAll, icon: FileUploadOutlined },
      { labelKey: 'nav.uploadCategories', to: paths.uploadCategories, icon: CategoryOutlined },
      { labelKey: 'nav.uploadProducts', to: paths.uploadProducts, icon: Inventory2Outlined },
      // Whoever may import into a company manages its feeds (docs/decisions/0052-scheduled-feeds.md).
      // Named by its page title: one word less in every visitor's first load.
      { labelKey: 'pages.feeds', to: paths.feeds, icon: ScheduleOutlined },
      // Bulk images replace pictures across companies: the server takes them from administrators only.
      {
        labelKey: 'nav.uploadImages',
        to: paths.uploadImages,
        icon: PhotoLibraryOutlined,
        access: 'admin',
      },
    ],
  },
  {
    id: 'history',
    labelKey: 'nav.history',
    icon: HistoryOutlined,
    prefix: paths.activity,
    items: [
      { labelKey: 'nav.activity', to: paths.activity, icon: ManageHistoryOutlined },
      { labelKey: 'nav.imports', to: paths.imports, icon: FileUploadOutlined },
      { labelKey: 'nav.bin', to: paths.bin, icon: DeleteOutlined },
    ],
  },
];

/**
 * The menu an account may use: the groups and items whose API the server lets it call (an editor has
 * no Users group, no Create family and no image upload), from the same access declarations the
 * server's guard reads.
 */
export function navFor(account: Account | undefined): NavGroup[] {
  const may = (access: Access | undefined) => mayUse(account, access ?? 'staff');
  return adminNav
    .filter((group) => may(group.access))
    .map((group) => ({ ...group, items: group.items.filter((item) => may(item.access)) }));
}

export function groupOfPath(pathname: string): string | undefined {
  return adminNav.find((group) => pathname === group.prefix || pathname.startsWith(`${group.prefix}/`))?.id;
}
