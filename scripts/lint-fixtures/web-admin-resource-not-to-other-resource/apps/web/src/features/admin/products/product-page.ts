export { userPage } from '../users/user-page';
