import type { Product } from '@dalil/contracts/products';
import shape from 'virtual:response-shapes/product';
import { checkAgainst } from './response-check';

/** A product answer, checked against its contract (lib/response-check.ts). */
export const checkProduct = (value: unknown): Product => checkAgainst('product', shape, value);
