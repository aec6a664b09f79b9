import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The synonyms screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: SyncAltOutlined,
  list: async () => (await import('./synonym-list-page')).SynonymListPage,
  form: async () => (await import('./synonym-form-page')).SynonymFormPage,
};
