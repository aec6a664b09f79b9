export { demoRows } from '../modules/imports/imports.test-kit';
