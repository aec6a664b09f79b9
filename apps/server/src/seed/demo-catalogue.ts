import type { MediaStore } from '../lib/media-store';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { appState, categories, families, products } from '../db/schema';
import { storeImage } from '../modules/media/media.service';
import { productSearchText } from '../modules/products/product-search-text';
import { DEMO_FAMILIES } from './demo-data';
import { coverSvg, logoSvg, productSvg, renderSvg } from './demo-images';

const FLAG = 'demo_seeded';

/** A valid EAN-13 with the Saudi GS1 prefix 628 and a check digit. */
export function ean13(seq: number): string {
  const body = `628${String(100_000_000 + seq).slice(-9)}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

interface PlannedProduct {
  en: string;
  ar: string;
  net: string;
  drained: string;
  seq: number;
  image: string;
}

const SHELF_LIVES = ['6 months', '9 months', '12 months', '18 months', '2 years'];

async function image(media: MediaStore, svg: string): Promise<string> {
  const stored = await storeImage(media, await renderSvg(svg));
  return `${stored.public_id}.${stored.format}`;
}

/**
 * First start only: a demo catalogue of 3 families, 12 categories and 120 products. A flag in the
 * database records that it ran, so restarts (or an admin who deleted the demo) never get it twice.
 */
export async function seedDemoCatalogue(
  db: Db,
  media: MediaStore,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const [flag] = await db.select().from(appState).where(eq(appState.key, FLAG));
  if (flag) return false;
  const [anyFamily] = await db.select({ id: families.id }).from(families).limit(1);
  if (anyFamily) {
    await db.insert(appState).values({ key: FLAG, value: 0 }).onConflictDoNothing();
    return false;
  }
  const started = Date.now();
  // Pictures first (outside the transaction, drawn concurrently: sharp works on its own threads), then
  // every row in one transaction.
  const plan = await Promise.all(
    DEMO_FAMILIES.map(async (fam, fi) => ({
      fam,
      logo: await image(media, logoSvg(fam.hue, fi)),
      cover: await image(media, coverSvg(fam.hue)),
      cats: await Promise.all(
        fam.categories.map(async (cat, ci) => ({
          cat,
          image: await image(media, productSvg(cat.shape, cat.hue, 0)),
          items: await Promise.all(
            cat.products.map(async ([en, ar, net, drained], pi): Promise<PlannedProduct> => {
              // Deterministic numbering: barcodes are the same on every machine.
              const n =
                DEMO_FAMILIES.slice(0, fi).reduce((a, f) => a + f.categories.length * 10, 0) +
                ci * 10 +
                pi +
                1;
              return {
                en,
                ar,
                net,
                drained,
                seq: n,
                image: await image(media, productSvg(cat.shape, cat.hue + pi * 9, pi + 1)),
              };
            }),
          ),
        })),
      ),
    })),
  );

  await db.transaction(async (tx) => {
    for (const { fam, logo, cover, cats } of plan) {
      const [family] = await tx
        .insert(families)
        .values({ nameEn: fam.en, nameAr: fam.ar, logo, image: cover, cover })
        .returning({ id: families.id });
      for (const { cat, image: catImage, items } of cats) {
        const [category] = await tx
          .insert(categories)
          .values({ familyId: family!.id, nameEn: cat.en, nameAr: cat.ar, logo: catImage, image: catImage })
          .returning({ id: categories.id });
        await tx.insert(products).values(
          items.map((p) => ({
            familyId: family!.id,
            categoryId: category!.id,
            nameEn: p.en,
            nameAr: p.ar,
            descriptionEn: `${p.en} by ${fam.en}. ${fam.about.en}`,
            descriptionAr: `${p.ar} من ${fam.ar}. ${fam.about.ar}`,
            cost: (((p.seq * 37) % 4000) / 100 + 2.5).toFixed(2),
            barcode: ean13(p.seq),
            number: String(1000 + p.seq),
            netWeight: p.net,
            drainedWeight: p.drained || null,
            unitsPerCarton: [6, 12, 24, 48][p.seq % 4]!,
            // Cartons per pallet, spelt "palate" as everywhere since the first schema: it is the product
            // field of the API (packages/contracts/src/products.ts), the column carton_per_palate, and the
            // import/export column productCartonPerPalate of the CSV files staff keep and re-import. A
            // corrected spelling would break those files and API clients, so the wire name stays.
            cartonPerPalate: [40, 60, 80, 100][p.seq % 4]!,
            shelfLife: SHELF_LIVES[p.seq % SHELF_LIVES.length]!,
            logo: p.image,
            image: p.image,
            searchText: productSearchText(p.ar, p.en),
          })),
        );
      }
    }
    await tx.insert(appState).values({ key: FLAG, value: Date.now() });
  });
  log?.info(
    `Demo catalogue created: ${plan.length} families, ${plan.reduce((a, f) => a + f.cats.reduce((b, c) => b + c.items.length, 0), 0)} products (${Date.now() - started} ms)`,
  );
  return true;
}
