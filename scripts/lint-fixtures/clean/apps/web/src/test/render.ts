export { productPage } from '../features/admin/products/product-page';
