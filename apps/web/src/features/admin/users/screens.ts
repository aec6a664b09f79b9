import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The users screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: PeopleAltOutlined,
  list: async () => (await import('./user-list-page')).UserListPage,
  form: async () => (await import('./user-form-page')).UserFormPage,
};
