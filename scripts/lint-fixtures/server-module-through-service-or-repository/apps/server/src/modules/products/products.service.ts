export { hashPassword } from '../auth/passwords';
