import { client } from '../db/client';
import { MAX_USERS } from '../../../../packages/contracts/src/users';
export const database = { client, MAX_USERS };
