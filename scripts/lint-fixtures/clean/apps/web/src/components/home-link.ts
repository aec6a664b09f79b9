import { home } from '../lib/paths';
export const homeLink = home;
