export { MAX_USERS } from '../../../server/src/lib/limits';
