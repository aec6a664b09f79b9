import { recordHistory } from '../admin-kit/record-history';
import { field } from '../form-kit/field';
import { resourceApi } from '../resource-kit/resource-api';
export const productPage = [field, resourceApi, recordHistory];
