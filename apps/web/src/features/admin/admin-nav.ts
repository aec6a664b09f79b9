import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MessageKey } from '../../lib/locales/en';
import { paths } from '../../lib/paths';

type Icon = typeof SvgIcon;

export interface NavItem {
  labelKey: MessageKey;
  to: string;
  icon: Icon;
}

export interface NavGroup {
  id: string;
  labelKey: MessageKey;
  icon: Icon;
  /** Paths under this prefix belong to the group (its edit routes too). */
  prefix: string;
  items: NavItem[];
}

const list = (to: string): NavItem => ({ labelKey: 'nav.list', to, icon: FormatListBulleted });
const create = (to: string): NavItem => ({ labelKey: 'nav.create', to, icon: AddCircleOutlineOutlined });

/** Spec section 2, admin shell menu; Users added per DESIGN.md improvement 2. */
export const adminNav: NavGroup[] = [
  {
    id: 'families',
    labelKey: 'nav.families',
    icon: ApartmentOutlined,
    prefix: '/admin/family',
    items: [list(paths.familyList), create(paths.familyCreate)],
  },
  {
    id: 'categories',
    labelKey: 'nav.categories',
    icon: CategoryOutlined,
    prefix: '/admin/category',
    items: [list(paths.categoryList), create(paths.categoryCreate)],
  },
  {
    id: 'products',
    labelKey: 'nav.products',
    icon: Inventory2Outlined,
    prefix: '/admin/products',
    items: [list(paths.productList), create(paths.productCreate)],
  },
  {
    id: 'users',
    labelKey: 'nav.users',
    icon: PeopleAltOutlined,
    prefix: '/admin/users',
    items: [list(paths.userList), create(paths.userCreate)],
  },
  {
    id: 'upload',
    labelKey: 'nav.upload',
    icon: CloudUploadOutlined,
    prefix: '/admin/upload',
    items: [
      { labelKey: 'nav.uploadAll', to: paths.uploadAll, icon: FileUploadOutlined },
      { labelKey: 'nav.uploadCategories', to: paths.uploadCategories, icon: CategoryOutlined },
      { labelKey: 'nav.uploadProducts', to: paths.uploadProducts, icon: Inventory2Outlined },
    ],
  },
];

export function groupOfPath(pathname: string): string | undefined {
  return adminNav.find((group) => pathname === group.prefix || pathname.startsWith(`${group.prefix}/`))?.id;
}
