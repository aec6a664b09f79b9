import KeyOutlined from '@mui/icons-material/KeyOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The API keys' screens: menu icon, list and the new key's form (a key is never edited). */
export const screens: ResourceScreens = {
  icon: KeyOutlined,
  list: async () => (await import('./api-key-list-page')).ApiKeyListPage,
  form: async () => (await import('./api-key-form-page')).ApiKeyFormPage,
};
