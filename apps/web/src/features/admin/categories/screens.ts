import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The categories screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: CategoryOutlined,
  list: async () => (await import('./category-list-page')).CategoryListPage,
  form: async () => (await import('./category-form-page')).CategoryFormPage,
};
