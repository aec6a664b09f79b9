import { z } from 'zod';
import { BilingualNameSchema, IdSchema, listOf, PagingQuerySchema } from './common';

/** What a delete puts in the recycle bin: a family, a category (or sub-category) or a product. */
const BIN_ENTITIES = ['family', 'category', 'product'] as const;
const BinEntitySchema = z.enum(BIN_ENTITIES);
export type BinEntity = z.infer<typeof BinEntitySchema>;

/** How many records of each kind the delete took, the deleted record itself included. */
const BinCountsSchema = z.object({
  families: z.number().int(),
  categories: z.number().int(),
  subCategories: z.number().int(),
  products: z.number().int(),
  synonyms: z.number().int(),
});
export type BinCounts = z.infer<typeof BinCountsSchema>;

/** GET /api/bin: one delete, newest first, with what it took. */
const BinEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.object({ id: z.number().int().nullable(), username: z.string() }),
  entity: BinEntitySchema,
  entityId: z.number().int(),
  family: z.number().int(),
  /** A deleted sub-category's parent (null for everything else). */
  parent: z.number().int().nullable(),
  name: BilingualNameSchema,
  counts: BinCountsSchema,
  /** Products a deleted sub-category handed to its parent; a restore gives back those still there. */
  movedProducts: z.number().int(),
  /** When the entry is purged unless restored first (BIN_DAYS after the delete). */
  expiresAt: z.string().meta({ format: 'date-time' }),
});
export type BinEntry = z.infer<typeof BinEntrySchema>;
export const BinListSchema = listOf(BinEntrySchema);
export type BinList = z.infer<typeof BinListSchema>;

export const BinQuerySchema = PagingQuerySchema.extend({
  family: z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional()),
  entity: z.preprocess((v) => (v === '' ? undefined : v), BinEntitySchema.optional()),
});

/** One record held by an entry, as the bin screen names it. */
const BinRecordSchema = z.object({
  entity: z.enum(['family', 'category', 'product', 'synonym']),
  id: z.number().int(),
  name: BilingualNameSchema,
  /** A category's parent, a product's category. */
  parent: z.number().int().nullable(),
  barcode: z.string().nullable(),
});
export type BinRecord = z.infer<typeof BinRecordSchema>;

/** The most records GET /api/bin/:id names; `counts` always has them all. */
export const BIN_RECORDS_SHOWN = 200;

/** GET /api/bin/:id: the entry and the records it holds (the first BIN_RECORDS_SHOWN). */
export const BinEntryDetailSchema = BinEntrySchema.extend({ records: z.array(BinRecordSchema) });
export type BinEntryDetail = z.infer<typeof BinEntryDetailSchema>;

/** POST /api/bin/:id/restore: what came back. */
export const BinRestoredSchema = z.object({
  entity: BinEntitySchema,
  entityId: z.number().int(),
  family: z.number().int(),
  counts: BinCountsSchema,
  /** Products moved back into a restored sub-category. */
  movedBack: z.number().int(),
});
export type BinRestored = z.infer<typeof BinRestoredSchema>;
