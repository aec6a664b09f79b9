export const usersRoutes = 'routes';
