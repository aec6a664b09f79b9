export { products } from './modules/products/products.service';
