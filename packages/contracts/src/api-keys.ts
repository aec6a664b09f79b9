import { z } from 'zod';
import { IdSchema, listOf, requiredText } from './common';

/** Every API key's secret starts with this, so secret scanners and people recognise one. */
export const API_KEY_PREFIX = 'dalil_';

/** How many leading characters of a secret the list shows to tell keys apart (the prefix included). */
export const API_KEY_SHOWN_LENGTH = 12;

/**
 * `editor`: what an editor of the key's families may do; `reader`: what such an editor may read, and
 * no write. A key never manages accounts or keys (docs/decisions/0049-api-keys.md).
 */
const ApiKeyRoleSchema = z.enum(['editor', 'reader'], { error: 'must be editor or reader' });
export type ApiKeyRole = z.infer<typeof ApiKeyRoleSchema>;

/** POST /api/api-key: what the key is called, what it may do, and until when. */
export const ApiKeyCreateBodySchema = z.object({
  name: requiredText(100),
  role: ApiKeyRoleSchema,
  families: z
    .array(IdSchema, { error: 'must be a list of family ids' })
    .min(1, 'must name at least one family')
    .max(1000)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time such as 2027-01-31T00:00:00Z' })
    .nullable()
    .optional()
    .meta({ description: 'When the key stops working; left out or null: never' }),
});

/** The answer to a create: the only time the secret is shown (the server keeps only its hash). */
export const ApiKeyCreatedSchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  secret: z.string().meta({ description: 'Send as `Authorization: Bearer <secret>`; shown only once' }),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

const dateTime = z.string().meta({ format: 'date-time' });

/** A key as the list shows it: never its secret or hash. */
const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  role: ApiKeyRoleSchema,
  families: z.array(z.number().int()),
  createdAt: dateTime,
  createdBy: z.object({ id: z.number().int().nullable(), username: z.string() }),
  expiresAt: dateTime.nullable(),
  /** Updated at most once a minute per key. */
  lastUsedAt: dateTime.nullable(),
  revokedAt: dateTime.nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** GET /api/api-key: every key, newest first, revoked ones included. */
export const ApiKeyListSchema = listOf(ApiKeySchema);
