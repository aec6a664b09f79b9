import { now } from '../../lib/clock';
export const signIn = now;
