import { schema } from './schema';
export const client = { schema };
