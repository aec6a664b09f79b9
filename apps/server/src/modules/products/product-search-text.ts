import { normalizeSearchText } from '@dalil/contracts/search-text';

/** The indexed search column of a product: both names, normalized once on write and
 * the same way on query (docs/architecture.md, "Search analysis"). */
export const productSearchText = (nameAr: string, nameEn: string) =>
  normalizeSearchText(`${nameAr} ${nameEn}`);
