import { config } from '../config/config';
import { users } from './schema';
export const client = { config, users };
