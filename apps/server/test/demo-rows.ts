import type { Db } from '../src/db/client';
import { categories, families, products } from '../src/db/schema';
import { productSearchText } from '../src/modules/products/product-search-text';
import { ean13 } from '../src/seed/demo-catalogue';
import { DEMO_FAMILIES } from '../src/seed/demo-data';

export interface DemoRow {
  id: number;
  family: number;
  category: number;
  nameEn: string;
  nameAr: string;
  barcode: string;
  number: string;
}

/**
 * The demo catalogue's families, categories and products as the first start writes them (same names,
 * barcodes and codes), without pictures: for search tests and the relevance benchmark.
 */
export async function insertDemoRows(db: Db): Promise<DemoRow[]> {
  const out: DemoRow[] = [];
  let seq = 0;
  for (const fam of DEMO_FAMILIES) {
    const [family] = await db
      .insert(families)
      .values({ nameEn: fam.en, nameAr: fam.ar })
      .returning({ id: families.id });
    for (const cat of fam.categories) {
      const [category] = await db
        .insert(categories)
        .values({ familyId: family!.id, nameEn: cat.en, nameAr: cat.ar })
        .returning({ id: categories.id });
      const start = seq;
      seq += 10;
      const rows = cat.products.map(([en, ar], pi) => ({
        familyId: family!.id,
        categoryId: category!.id,
        nameEn: en,
        nameAr: ar,
        barcode: ean13(start + pi + 1),
        number: String(1000 + start + pi + 1),
        searchText: productSearchText(ar, en),
      }));
      const ids = await db.insert(products).values(rows).returning({ id: products.id });
      rows.forEach((r, i) =>
        out.push({
          id: ids[i]!.id,
          family: r.familyId,
          category: r.categoryId,
          nameEn: r.nameEn,
          nameAr: r.nameAr,
          barcode: r.barcode,
          number: r.number,
        }),
      );
    }
  }
  return out;
}
