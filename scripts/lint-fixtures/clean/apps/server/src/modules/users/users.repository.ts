export const findUser = 'user';
