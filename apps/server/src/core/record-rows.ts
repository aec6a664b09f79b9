import type { Category } from '@dalil/contracts/categories';
import type { Family } from '@dalil/contracts/families';
import type { Product } from '@dalil/contracts/products';
import type { categories, families, products } from '../db/schema';
import { named } from './crud-service';

// Product, category and family rows as the API answers them, before the shown status
// (core/publication.ts): what the history keeps and a revert restores, and the body of their
// webhook events. Here, below the modules, so that the services and the webhook events of bulk
// writes (core/record-events.ts) map rows the same way.

export const toProduct = (row: typeof products.$inferSelect): Product => ({
  ...named(row),
  family: row.familyId,
  category: row.categoryId,
  subCategory: row.subCategoryId,
  barcode: row.barcode,
  number: row.number,
  netWeight: row.netWeight,
  drainedWeight: row.drainedWeight,
  unitsPerCarton: row.unitsPerCarton,
  cartonPerPalate: row.cartonPerPalate,
  descriptionEn: row.descriptionEn,
  descriptionAr: row.descriptionAr,
  cost: row.cost === null ? null : Number(row.cost),
  shelfLife: row.shelfLife,
  logo: row.logo,
  image: row.image,
  status: row.status,
  publishAt: row.publishAt?.toISOString() ?? null,
  // As stored: the history keeps and a revert restores exactly these; answers show `shownValues`.
  attributes: row.attributes,
  completeness: { ar: row.completenessAr, en: row.completenessEn },
});

export const toCategory = (row: typeof categories.$inferSelect): Category => ({
  ...named(row),
  family: row.familyId,
  parent: row.parentId,
  logo: row.logo,
  image: row.image,
});

export const toFamily = (row: typeof families.$inferSelect): Family => ({
  ...named(row),
  logo: row.logo,
  image: row.image,
  cover: row.cover,
  requireValidGtin: row.requireValidGtin,
  status: row.status,
  publishAt: row.publishAt?.toISOString() ?? null,
});
