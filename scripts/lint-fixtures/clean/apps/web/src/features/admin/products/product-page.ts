import { field } from '../form-kit/field';
import { resourceApi } from '../resource-api';
export const productPage = [field, resourceApi];
