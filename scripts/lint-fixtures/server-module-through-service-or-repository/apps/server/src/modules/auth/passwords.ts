export const hashPassword = 'hash';
