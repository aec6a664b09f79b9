import { z } from 'zod';

/** GET /api/config: what the web app needs to know at run time. */
export const PublicConfigSchema = z.object({
  holding: z.object({ nameAr: z.string(), nameEn: z.string() }),
  guest: z.object({ username: z.string(), password: z.string() }).nullable(),
  mediaBaseUrl: z.string(),
  /** ISO 4217 code prices are shown in; null or absent: numbers without a symbol. */
  currency: z.string().nullable().optional(),
  /** The largest CSV/XLSX upload and image the server takes, in bytes (checked in the browser first). */
  limits: z.object({ uploadBytes: z.number().int(), imageBytes: z.number().int() }).optional(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const HealthSchema = z.object({ status: z.literal('ok') });
