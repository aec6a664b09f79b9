import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ManageHistoryOutlined from '@mui/icons-material/ManageHistoryOutlined';
import type { Account } from '@dalil/contracts/auth';
import type { Access, MenuGroup } from '@dalil/contracts/resources';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { ADMIN_RESOURCES, type AdminResourceKey } from '@dalil/contracts/admin-resources';
import { mayUse } from '../../lib/account';
import type { MessageKey } from '../../lib/locales/en';
import type { TFunction } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import type { Language } from '../../lib/preferences-store';
import { adminPaths } from './resource-kit/admin-paths';
import { adminResources, type Icon } from './resources';

/** A menu label: a text of the dictionaries, or a resource's own words in each language. */
type NavLabel = MessageKey | Record<Language, string>;

/** A menu label in the current language. */
export const navText = (label: NavLabel, t: TFunction, language: Language): string =>
  typeof label === 'string' ? t(label) : label[language];

interface NavItem {
  label: NavLabel;
  to: string;
  icon: Icon;
  /** Who the server lets use the screen (its API's access); left out: every staff account. */
  access?: Access;
}

export interface NavGroup {
  id: string;
  label: NavLabel;
  icon: Icon;
  /** Paths under this prefix belong to the group (its edit routes too). */
  prefix: string;
  items: NavItem[];
  /** Who may see the group at all. */
  access?: Access;
}

const accessOf = (key: AdminResourceKey) => adminResources[key].declaration.access;
const navWords = (key: AdminResourceKey) => {
  const { words } = adminResources[key].declaration;
  return { ar: words.ar.nav, en: words.en.nav };
};
/**
 * The resources listed in another group (synonyms under families, feeds under the uploads), by that
 * group: a resource's, or one of the groups that are no resource's (`MenuGroup`).
 */
const under = (group: AdminResourceKey | MenuGroup | undefined) =>
  ADMIN_RESOURCES.filter((resource) => resource.screens.under === group).map((resource) => resource.key);

/** A resource's item in another's group: its list, labelled by its words. */
const resourceItem = (key: AdminResourceKey): NavItem => ({
  label: navWords(key),
  to: adminPaths[key].list,
  icon: adminResources[key].icon,
  access: accessOf(key).list,
});

/**
 * The admin shell menu: a List and Create group per resource in the registry, then the uploads. A
 * resource `under` another is one item of that group (synonyms under families), its paths under the
 * group's prefix.
 */
const adminNav: NavGroup[] = [
  ...under(undefined).map((key) => ({
    id: key,
    label: navWords(key),
    icon: adminResources[key].icon,
    prefix: adminPaths[key].prefix,
    access: accessOf(key).list,
    items: [
      { label: 'nav.list', to: adminPaths[key].list, icon: FormatListBulleted },
      {
        label: 'nav.create',
        to: adminPaths[key].create,
        icon: AddCircleOutlineOutlined,
        access: accessOf(key).create,
      },
      ...under(key).map(resourceItem),
    ] satisfies NavItem[],
  })),
  {
    id: 'upload' satisfies MenuGroup,
    label: 'nav.upload',
    icon: CloudUploadOutlined,
    prefix: paths.uploadAll,
    items: [
      { label: 'nav.uploadAll', to: paths.uploadAll, icon: FileUploadOutlined },
      { label: 'nav.uploadCategories', to: paths.uploadCategories, icon: CategoryOutlined },
      { label: 'nav.uploadProducts', to: paths.uploadProducts, icon: Inventory2Outlined },
      // The scheduled feeds: whoever may import into a company manages its feeds.
      ...under('upload').map(resourceItem),
      // Bulk images replace pictures across companies: the server takes them from administrators only.
      {
        label: 'nav.uploadImages',
        to: paths.uploadImages,
        icon: PhotoLibraryOutlined,
        access: 'admin',
      },
    ],
  },
  {
    id: 'history' satisfies MenuGroup,
    label: 'nav.history',
    icon: HistoryOutlined,
    prefix: paths.activity,
    items: [
      { label: 'nav.activity', to: paths.activity, icon: ManageHistoryOutlined },
      { label: 'nav.imports', to: paths.imports, icon: FileUploadOutlined },
      { label: 'nav.bin', to: paths.bin, icon: DeleteOutlined },
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
