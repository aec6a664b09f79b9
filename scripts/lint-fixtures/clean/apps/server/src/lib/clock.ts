import { database } from './database';
export const now = () => database.MAX_USERS;
