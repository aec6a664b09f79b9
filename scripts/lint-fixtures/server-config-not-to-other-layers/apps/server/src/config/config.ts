export { client } from '../db/client';
export { now } from '../lib/clock';
