import { z } from 'zod';

/** GET /api/config: what the web app needs to know at run time. */
export const PublicConfigSchema = z.object({
  holding: z.object({ nameAr: z.string(), nameEn: z.string() }),
  guest: z.object({ username: z.string(), password: z.string() }).nullable(),
  mediaBaseUrl: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const HealthSchema = z.object({ status: z.literal('ok') });
