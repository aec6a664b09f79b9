import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import type { ResourceScreens } from '../resource-kit/resource-screens';

/** The scheduled feeds' screens: menu icon, list and form (each page a chunk of its own). */
export const screens: ResourceScreens = {
  icon: ScheduleOutlined,
  list: async () => (await import('./feed-list-page')).FeedListPage,
  form: async () => (await import('./feed-form-page')).FeedFormPage,
};
