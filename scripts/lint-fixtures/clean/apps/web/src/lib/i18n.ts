import { en } from './locales/en';
export const t = (key: keyof typeof en) => en[key];
