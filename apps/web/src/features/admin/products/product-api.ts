import type { Product, ProductBody } from '@dalil/contracts/products';
import { apiPaths } from '../../../lib/paths';
import { resourceApi } from '../resource-api';

export const productApi = resourceApi<Product, Product, ProductBody>({
  list: apiPaths.products,
  one: apiPaths.product,
});
