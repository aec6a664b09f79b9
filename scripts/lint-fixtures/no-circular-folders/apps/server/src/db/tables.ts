import { now } from '../lib/clock';
export const table = { created: now };
