import { field } from '../form-kit/field';
export const recordHistory = field;
