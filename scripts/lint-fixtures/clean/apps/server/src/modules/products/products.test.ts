import { products } from '../imports/imports.test-kit';
export const count = products.length;
