import { z } from 'zod';
import { IdSchema } from './common';

/**
 * Bulk images: files named by a product's barcode or code (`<code>.jpg` sets its image,
 * `<code>_icon.jpg` or `<code>-icon.jpg` its icon), sent alone or in ZIP archives.
 */
export const IMAGE_FILE_STATUSES = [
  'new',
  'replace',
  'unchanged',
  'unmatched',
  'ambiguous',
  'invalid',
] as const;
const ImageFileStatusSchema = z.enum(IMAGE_FILE_STATUSES);
export type ImageFileStatus = z.infer<typeof ImageFileStatusSchema>;

/** The product field a file sets: `image`, or `logo` (shown as the product's icon). */
const ImageSlotSchema = z.enum(['image', 'logo']);
export type ImageSlot = z.infer<typeof ImageSlotSchema>;

export const ImageUploadQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  /** Match only within this family; otherwise across all families. */
  family: IdSchema.optional(),
});

const ImageFileReportSchema = z.object({
  /** The file's name, with its folders inside the archive. */
  name: z.string(),
  status: ImageFileStatusSchema,
  slot: ImageSlotSchema.nullable(),
  product: z
    .object({
      id: z.number().int(),
      family: z.number().int(),
      nameAr: z.string(),
      nameEn: z.string(),
      /** The stored image the slot holds now, if any. */
      current: z.string().nullable(),
    })
    .nullable(),
  /** Why a file is unmatched, ambiguous or invalid. */
  reason: z.string().nullable(),
  /** A small WebP data URL of the new image (previews only). */
  thumbnail: z.string().optional(),
  /** The stored image name the file became (job reports, once stored). */
  stored: z.string().optional(),
});
export type ImageFileReport = z.infer<typeof ImageFileReportSchema>;

const ImageCountsSchema = z.object(
  Object.fromEntries(IMAGE_FILE_STATUSES.map((s) => [s, z.number().int()])) as Record<
    ImageFileStatus,
    z.ZodNumber
  >,
);
export type ImageCounts = z.infer<typeof ImageCountsSchema>;

export const ImagePreviewSchema = z.object({
  counts: ImageCountsSchema,
  files: z.array(ImageFileReportSchema),
});
export type ImagePreview = z.infer<typeof ImagePreviewSchema>;

const IMAGE_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const ImageJobStartedSchema = z.object({ id: z.number().int(), state: z.enum(IMAGE_JOB_STATES) });

export const ImageJobSchema = ImagePreviewSchema.extend({
  id: z.number().int(),
  family: z.number().int().nullable(),
  state: z.enum(IMAGE_JOB_STATES),
  /** Files processed so far, out of total (the files to store: new and replace). */
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
  /** Products whose logo or image the job changed (each recorded in its history; undone together). */
  changed: z.number().int(),
  /** When the job's changes were undone (POST /api/upload/images/{id}/undo), else null. */
  undoneAt: z.string().nullable(),
});
export type ImageJob = z.infer<typeof ImageJobSchema>;

/** A job without its file-by-file report (GET /api/upload/images/{id} has it). */
const ImageJobSummarySchema = ImageJobSchema.omit({ files: true });
export type ImageJobSummary = z.infer<typeof ImageJobSummarySchema>;

/**
 * GET /api/upload/images: the latest jobs, newest first, without their reports: a reopened screen
 * lists them and shows the one chosen (the newest at first).
 */
export const ImageJobListSchema = z.object({ data: z.array(ImageJobSummarySchema) });
