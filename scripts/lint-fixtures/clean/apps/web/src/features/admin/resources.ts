export const pages = { products: () => import('./products/product-page') };
