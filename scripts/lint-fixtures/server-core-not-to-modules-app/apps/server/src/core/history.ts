export { usersRoutes } from '../modules/users/users.routes';
