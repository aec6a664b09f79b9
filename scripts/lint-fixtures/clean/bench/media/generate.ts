import { products } from '../../apps/server/src/modules/imports/imports.test-kit';
export const photos = products.length;
