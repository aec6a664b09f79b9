import { counts } from './counts.en';
export const en = { counts };
