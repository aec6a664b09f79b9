export const home = '/';
