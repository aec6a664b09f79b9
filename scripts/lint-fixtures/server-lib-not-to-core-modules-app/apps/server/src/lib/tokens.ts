export { usersRoutes } from '../modules/users/users.routes';
export { history } from '../core/history';
