import { MAX_USERS } from '../../../../packages/contracts/src/users';
export const home = `/?max=${MAX_USERS}`;
