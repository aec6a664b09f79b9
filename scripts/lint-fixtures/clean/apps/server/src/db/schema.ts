export const users = 'users';
