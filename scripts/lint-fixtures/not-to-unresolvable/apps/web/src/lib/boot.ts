export { plan } from './boot-plan';
