export const router = 'router';
