import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The products screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: Inventory2Outlined,
  list: async () => (await import('./product-list-page')).ProductListPage,
  form: async () => (await import('./product-form-page')).ProductFormPage,
};
