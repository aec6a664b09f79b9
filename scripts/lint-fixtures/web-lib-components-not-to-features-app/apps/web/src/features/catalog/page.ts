export const page = 'catalog';
