export const client = 'db';
