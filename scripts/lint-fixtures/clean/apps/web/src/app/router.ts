export { productPage } from '../features/admin/products/product-page';
export { pages } from '../features/admin/resources';
