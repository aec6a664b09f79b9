export { field } from '../form-kit/field';
