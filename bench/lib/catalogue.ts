import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { categories, families, products } from '../../apps/server/src/db/schema';
import { productSearchText } from '../../apps/server/src/modules/products/product-search-text';
import { recomputeCompleteness } from '../../apps/server/src/core/completeness';
import { attributeSpecs, attributeValues, insertAttributes } from './attributes';
import { seededRandom } from './random';

// A synthetic catalogue: FAMILIES x CATEGORIES_PER_FAMILY categories, product names built from a
// product type, a made-up brand word (thousands of distinct Arabic and English words, so queries
// can stay distinct) and a variant, e.g. "عصير كالومي بالفراولة" / "Juice Kalomi Strawberry".

export const FAMILIES = 5;
export const CATEGORIES_PER_FAMILY = 20;

const SYLLABLES: [string, string][] = [
  ['ka', 'كا'],
  ['lo', 'لو'],
  ['mi', 'مي'],
  ['ra', 'را'],
  ['su', 'سو'],
  ['ne', 'ني'],
  ['ti', 'تي'],
  ['ba', 'با'],
  ['do', 'دو'],
  ['fe', 'في'],
  ['gu', 'قو'],
  ['ha', 'ها'],
  ['ja', 'جا'],
  ['ze', 'زي'],
  ['wo', 'وو'],
  ['yu', 'يو'],
];

export const TYPES: [string, string][] = [
  ['Dates', 'تمر'],
  ['Juice', 'عصير'],
  ['Olive Oil', 'زيت زيتون'],
  ['Milk', 'حليب'],
  ['Cheese', 'جبنة'],
  ['Yoghurt', 'زبادي'],
  ['Biscuits', 'بسكويت'],
  ['Chocolate', 'شوكولاتة'],
  ['Rice', 'أرز'],
  ['Tea', 'شاي'],
  ['Coffee', 'قهوة'],
  ['Honey', 'عسل'],
  ['Tuna', 'تونة'],
  ['Beans', 'فول'],
  ['Chickpeas', 'حمص'],
  ['Tahini', 'طحينة'],
  ['Halawa', 'حلاوة'],
  ['Pasta', 'معكرونة'],
  ['Flour', 'طحين'],
  ['Sugar', 'سكر'],
  ['Salt', 'ملح'],
  ['Spices', 'بهارات'],
  ['Water', 'مياه'],
  ['Soda', 'مشروب غازي'],
  ['Jam', 'مربى'],
  ['Ketchup', 'كاتشب'],
  ['Mayonnaise', 'مايونيز'],
  ['Butter', 'زبدة'],
  ['Ghee', 'سمن'],
  ['Cream', 'قشطة'],
  ['Cake', 'كعك'],
  ['Bread', 'خبز'],
  ['Crackers', 'مقرمشات'],
  ['Chips', 'رقائق بطاطس'],
  ['Nuts', 'مكسرات'],
  ['Raisins', 'زبيب'],
  ['Lentils', 'عدس'],
  ['Oats', 'شوفان'],
  ['Corn', 'ذرة'],
  ['Peas', 'بازلاء'],
];

export const VARIANTS: [string, string][] = [
  ['Strawberry', 'بالفراولة'],
  ['Mango', 'بالمانجو'],
  ['Orange', 'بالبرتقال'],
  ['Apple', 'بالتفاح'],
  ['Lemon', 'بالليمون'],
  ['Vanilla', 'بالفانيليا'],
  ['Cardamom', 'بالهيل'],
  ['Saffron', 'بالزعفران'],
  ['Sesame', 'بالسمسم'],
  ['Chili', 'بالفلفل الحار'],
  ['Garlic', 'بالثوم'],
  ['Classic', 'كلاسيك'],
  ['Light', 'لايت'],
  ['Organic', 'عضوي'],
  ['Family Pack', 'عبوة عائلية'],
  ['Mini', 'ميني'],
  ['Extra', 'إكسترا'],
  ['Premium', 'فاخر'],
  ['Natural', 'طبيعي'],
  ['Spicy', 'حار'],
  ['Sweet', 'حلو'],
  ['Salted', 'مملح'],
  ['Unsalted', 'بدون ملح'],
  ['Sugar Free', 'خالي من السكر'],
  ['Whole', 'كامل الدسم'],
  ['Low Fat', 'قليل الدسم'],
  ['Smoked', 'مدخن'],
  ['Roasted', 'محمص'],
  ['Fresh', 'طازج'],
  ['Frozen', 'مجمد'],
];

export interface Brand {
  en: string;
  ar: string;
}

export const BRANDS: Brand[] = Array.from({ length: 4096 }, (_, i) => {
  const parts = [SYLLABLES[i % 16]!, SYLLABLES[(i >> 4) % 16]!, SYLLABLES[(i >> 8) % 16]!];
  const en = parts.map((p) => p[0]).join('');
  return { en: en[0]!.toUpperCase() + en.slice(1), ar: parts.map((p) => p[1]).join('') };
});

/** A valid-looking EAN-13 (prefix 629) for product number `seq`. */
function barcodeOf(seq: number): string {
  const body = `629${String(seq).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

export interface Generated {
  families: number[];
  /** Category ids by family id. */
  categories: Map<number, number[]>;
  /** Brand indexes that occur in each family. */
  brandsByFamily: Map<number, number[]>;
  /** Some barcodes of each family. */
  barcodesByFamily: Map<number, string[]>;
  products: number;
  /** Typed attributes per family (each product has a value for each). */
  attributes: number;
  seconds: { insert: number; completeness: number; indexes: number; analyze: number };
}

const BATCH = 1000;

/** Every index of `products` except the primary key: dropped for the load, rebuilt after it. */
async function productIndexes(db: Db): Promise<{ name: string; def: string }[]> {
  const result: unknown = await db.execute(
    sql`select indexname as name, indexdef as def from pg_indexes
        where tablename = 'products' and indexname <> 'products_pkey'`,
  );
  return (result as { rows: { name: string; def: string }[] }).rows;
}

/**
 * `total` products over FAMILIES x CATEGORIES_PER_FAMILY categories; with `attributeCount` > 0, each
 * family gets that many typed attributes (bench/lib/attributes.ts) on all its categories, every product
 * a value for each, and the stored completeness is recomputed for all products after the load.
 */
export async function generateCatalogue(
  db: Db,
  total: number,
  log: (s: string) => void,
  attributeCount = 0,
): Promise<Generated> {
  const perCategory = Math.ceil(total / (FAMILIES * CATEGORIES_PER_FAMILY));
  const indexes = await productIndexes(db);
  for (const { name } of indexes) await db.execute(sql.raw(`drop index "${name}"`));

  const out: Generated = {
    families: [],
    categories: new Map(),
    brandsByFamily: new Map(),
    barcodesByFamily: new Map(),
    products: 0,
    attributes: attributeCount,
    seconds: { insert: 0, completeness: 0, indexes: 0, analyze: 0 },
  };
  const specs = attributeSpecs(attributeCount);
  const rnd = seededRandom(20_261_126);
  let started = performance.now();
  await db.transaction(async (tx) => {
    let seq = 0;
    for (let f = 0; f < FAMILIES; f++) {
      const [family] = await tx
        .insert(families)
        .values({ nameEn: `Bench Family ${f + 1}`, nameAr: `عائلة ${f + 1}` })
        .returning({ id: families.id });
      const familyId = family!.id;
      out.families.push(familyId);
      const brandSet = new Set<number>();
      const barcodes: string[] = [];
      const catIds: number[] = [];
      for (let c = 0; c < CATEGORIES_PER_FAMILY && seq < total; c++) {
        const [category] = await tx
          .insert(categories)
          .values({ familyId, nameEn: `Category ${f + 1}.${c + 1}`, nameAr: `فئة ${f + 1}.${c + 1}` })
          .returning({ id: categories.id });
        catIds.push(category!.id);
        for (let start = 0; start < perCategory && seq < total; start += BATCH) {
          const rows = [];
          for (let i = start; i < Math.min(perCategory, start + BATCH) && seq < total; i++, seq++) {
            const type = TYPES[seq % TYPES.length]!;
            const brandIndex = (seq * 7919) % BRANDS.length;
            const brand = BRANDS[brandIndex]!;
            const variant = VARIANTS[(seq * 31) % VARIANTS.length]!;
            brandSet.add(brandIndex);
            const barcode = barcodeOf(seq + 1);
            if (seq % 7 === 0) barcodes.push(barcode);
            const nameEn = `${type[0]} ${brand.en} ${variant[0]}`;
            const nameAr = `${type[1]} ${brand.ar} ${variant[1]}`;
            rows.push({
              familyId,
              categoryId: category!.id,
              nameEn,
              nameAr,
              barcode,
              number: String(100_000 + seq),
              netWeight: `${100 + (seq % 10) * 50} (g)`,
              unitsPerCarton: [6, 12, 24, 48][seq % 4]!,
              cartonPerPalate: [40, 60, 80, 100][seq % 4]!,
              searchText: productSearchText(nameAr, nameEn),
              ...(specs.length > 0 ? { attributes: attributeValues(specs, rnd) } : {}),
            });
          }
          await tx.insert(products).values(rows);
        }
        log(`  ${seq} products`);
      }
      await insertAttributes(tx, familyId, catIds, attributeCount);
      out.categories.set(familyId, catIds);
      out.brandsByFamily.set(familyId, [...brandSet]);
      out.barcodesByFamily.set(familyId, barcodes);
    }
    out.products = seq;
  });
  out.seconds.insert = (performance.now() - started) / 1000;

  if (attributeCount > 0) {
    started = performance.now();
    await recomputeCompleteness(db, sql`true`);
    out.seconds.completeness = (performance.now() - started) / 1000;
  }

  started = performance.now();
  for (const { def } of indexes) await db.execute(sql.raw(def));
  out.seconds.indexes = (performance.now() - started) / 1000;
  started = performance.now();
  // PGlite has no autovacuum: fresh statistics and a visibility map, as after a real import.
  await db.execute(sql`vacuum analyze`);
  // Write the load out now, so the measurements do not share the disk with a checkpoint.
  await db.execute(sql`checkpoint`);
  out.seconds.analyze = (performance.now() - started) / 1000;
  return out;
}
