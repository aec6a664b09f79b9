import { now } from '../lib/clock';
export const recordChange = now;
