export { recordHistory as field } from '../admin-kit/record-history';
