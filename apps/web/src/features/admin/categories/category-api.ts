import type { Category, CategoryBody, CategoryDetail } from '@dalil/contracts/categories';
import { apiPaths } from '../../../lib/paths';
import { resourceApi } from '../resource-api';

export const categoryApi = resourceApi<Category, CategoryDetail, CategoryBody>({
  list: apiPaths.categories,
  one: apiPaths.category,
});
