export { MAX_USERS } from '../../../apps/server/src/limits';
