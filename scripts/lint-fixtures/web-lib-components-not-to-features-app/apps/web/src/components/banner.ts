export { page } from '../features/catalog/page';
