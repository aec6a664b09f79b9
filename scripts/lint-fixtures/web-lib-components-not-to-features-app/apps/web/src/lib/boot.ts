export { router } from '../app/router';
