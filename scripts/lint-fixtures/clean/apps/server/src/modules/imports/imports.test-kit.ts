export { products } from '../products/products.service';
