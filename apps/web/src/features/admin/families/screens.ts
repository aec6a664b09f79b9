import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The families screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: ApartmentOutlined,
  list: async () => (await import('./family-list-page')).FamilyListPage,
  form: async () => (await import('./family-form-page')).FamilyFormPage,
};
