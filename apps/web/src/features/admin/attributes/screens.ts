import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The attributes screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: TuneOutlined,
  list: async () => (await import('./attribute-list-page')).AttributeListPage,
  form: async () => (await import('./attribute-form-page')).AttributeFormPage,
};
