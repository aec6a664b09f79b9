export const recordHistory = 'history';
