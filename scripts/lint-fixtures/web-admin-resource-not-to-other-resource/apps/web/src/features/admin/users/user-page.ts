export const userPage = 'users';
