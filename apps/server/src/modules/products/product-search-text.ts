import { normalizeSearchText } from '@dalil/contracts/search-text';

/** The indexed search column of a product: both names, normalized once on write (DESIGN.md "Data"). */
export const productSearchText = (nameAr: string, nameEn: string) =>
  normalizeSearchText(`${nameAr} ${nameEn}`);
