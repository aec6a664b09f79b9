export { page } from '../catalog/page';
