import { z } from 'zod';
import { listOf, PagingQuerySchema } from './common';
import { ImportReportSchema } from './imports';

const Counts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** A bulk change set's products deleted (into the recycle bin). */
  deleted: z.number().int().optional(),
});

/** GET /api/import: one import that wrote to the catalogue, or a feed run that failed; newest first. */
const ImportRunSchema = z.object({
  id: z.number().int(),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.object({ id: z.number().int().nullable(), username: z.string() }),
  fileName: z.string(),
  kind: z.string(),
  family: z.number().int().nullable(),
  counts: z.object({ families: Counts, categories: Counts, products: Counts }).partial(),
  undoneAt: z.string().nullable(),
  /** The scheduled feed that fetched the file; null for an upload. */
  feed: z.number().int().nullable(),
  /** A feed run that imported nothing (unreachable address, bad file, bad rows): why. */
  failure: z.string().nullable(),
  /** The failure's code and params in the error catalogue (error-codes.ts); null with `failure`. */
  failureCode: z.string().nullable(),
  failureParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** A feed run's import report (an upload's went to its uploader); null otherwise. */
  report: ImportReportSchema.nullable(),
});
export type ImportRun = z.infer<typeof ImportRunSchema>;
export const ImportRunListSchema = listOf(ImportRunSchema);
export type ImportRunList = z.infer<typeof ImportRunListSchema>;
export const ImportRunQuerySchema = PagingQuerySchema;

export const UndoQuerySchema = z.object({
  skipConflicts: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** What an undo left as it was: rows changed since the import, when skipConflicts was given. */
export const UndoResultSchema = z.object({
  importId: z.number().int(),
  skipped: z.array(z.object({ entity: z.string(), id: z.number().int(), reason: z.string() })),
});
export type UndoResult = z.infer<typeof UndoResultSchema>;
