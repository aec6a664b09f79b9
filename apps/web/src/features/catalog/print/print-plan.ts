import type { Category } from '@dalil/contracts/categories';
import type { Product } from '@dalil/contracts/products';

/**
 * How the printable catalogue is cut into A4 pages. Every sheet is exactly one printed page (fixed
 * row heights, see print-styles.ts), so the table of contents can give page numbers: the browser
 * cannot (no `target-counter()` in Chromium).
 */

/** Two columns of four products: each product keeps room for its image, names, facts and barcode. */
export const PRODUCTS_PER_SHEET = 8;
/** Contents rows on one page (the first also carries the heading). */
export const CONTENTS_ROWS_PER_SHEET = 24;

export interface PrintSection {
  category: Category;
  products: Product[];
  /** The products of each page, in order. */
  sheets: Product[][];
  /** The printed page number of this category's first page (the cover is page 1). */
  firstPage: number;
}

export interface PrintPlan {
  contents: PrintSection[][];
  sections: PrintSection[];
  /** Cover, contents and every category page. */
  pageCount: number;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Categories in the catalogue's order (the order the category toggles show), each with its products
 * sorted by name in the reader's language; categories without products are left out.
 */
export function planCatalogue(
  categories: readonly Category[],
  products: readonly Product[],
  language: 'ar' | 'en',
): PrintPlan {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const byCategory = new Map<number, Product[]>();
  for (const product of products) {
    const list = byCategory.get(product.category);
    if (list) list.push(product);
    else byCategory.set(product.category, [product]);
  }
  const filled = categories.flatMap((category) => {
    const items = byCategory.get(category.id);
    if (!items || items.length === 0) return [];
    items.sort((a, b) => collator.compare(a.name[language], b.name[language]) || a.id - b.id);
    return [{ category, products: items }];
  });
  const contentsSheets = Math.max(1, Math.ceil(filled.length / CONTENTS_ROWS_PER_SHEET));
  let page = 1 + contentsSheets + 1;
  const sections = filled.map(({ category, products: items }) => {
    const sheets = chunk(items, PRODUCTS_PER_SHEET);
    const section: PrintSection = { category, products: items, sheets, firstPage: page };
    page += sheets.length;
    return section;
  });
  const contents = chunk(sections, CONTENTS_ROWS_PER_SHEET);
  return { contents: contents.length > 0 ? contents : [[]], sections, pageCount: page - 1 };
}
