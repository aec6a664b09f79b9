import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The webhooks' screens: menu icon, list (with a webhook's delivery log) and form. */
export const screens: ResourceScreens = {
  icon: WebhookOutlined,
  list: async () => (await import('./webhook-list-page')).WebhookListPage,
  form: async () => (await import('./webhook-form-page')).WebhookFormPage,
};
