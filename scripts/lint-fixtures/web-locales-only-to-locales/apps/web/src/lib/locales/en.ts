import { home } from '../paths';
export const en = { home };
