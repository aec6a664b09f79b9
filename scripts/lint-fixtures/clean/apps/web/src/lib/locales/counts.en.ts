export const counts = { products: 'products' };
