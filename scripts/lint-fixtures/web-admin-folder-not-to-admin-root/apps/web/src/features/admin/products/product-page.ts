export { adminNav } from '../admin-nav';
