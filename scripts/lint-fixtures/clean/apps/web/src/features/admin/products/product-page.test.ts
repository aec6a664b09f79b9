import { productPage } from './product-page';
import { productPage as rendered } from '../../../test/render';
export const same = productPage === rendered;
