import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { IdSchema, requiredText } from './common';
import { MAX_LIST_LIMIT } from './constants';
import { SearchQuerySchema } from './refs';
import { ADMIN_ACCESS, crudSchemas, defineResource } from './resources';

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

/**
 * At most `limit` of them (clamped to 1..100), after `skip`; without a `limit`, every one, as the list
 * answered before it had pages.
 */
export const wholeOrPageQuery = z.object({
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: 'must be a number' })
      .finite('must be a number')
      .optional()
      .transform((n) => (n === undefined ? undefined : Math.min(MAX_LIST_LIMIT, Math.max(1, Math.trunc(n))))),
  ),
  skip: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z
      .number({ error: 'must be a number' })
      .finite('must be a number')
      .optional()
      .transform((n) => (n === undefined ? 0 : Math.max(0, Math.trunc(n)))),
  ),
});

/** GET /api/api-key: newest first, revoked ones included; `search` finds a name or the shown prefix. */
const ApiKeyListQuerySchema = wholeOrPageQuery.extend({ search: SearchQuerySchema });

/**
 * API keys for other systems (docs/decisions/0049-api-keys.md): administrators list, issue and revoke
 * them; a key itself never reaches these operations. A key is never changed or deleted: its create
 * answers the secret (`issue`) and its delete keeps it listed as revoked (`revoke`).
 */
export const apiKeyResource = defineResource({
  key: 'apiKeys',
  // Under the users' paths: the Users menu group holds it.
  // Issued and revoked, never edited: no edit screen.
  screens: { segment: 'users/api-keys', under: 'users', edit: false },
  words: {
    en: { one: 'API key', nav: 'API keys', list: 'API Keys', create: 'Create API Key' },
    ar: {
      one: 'مفتاح واجهة برمجية',
      nav: 'مفاتيح الواجهة البرمجية',
      list: 'مفاتيح الواجهة البرمجية',
      create: 'إنشاء مفتاح',
    },
  },
  name: { one: 'ApiKey', many: 'ApiKeys' },
  tag: 'api keys',
  path: API_PATHS.apiKeys,
  schemas: crudSchemas(ApiKeySchema, ApiKeyCreateBodySchema, ApiKeyListQuerySchema),
  access: ADMIN_ACCESS,
  summaries: { list: 'Every API key, newest first, revoked ones included; never a secret' },
  conflicts: {},
  history: { entity: 'apiKey', revertible: false },
  crud: ['list'],
  operations: {
    issue: {
      method: 'POST',
      path: '',
      access: 'admin',
      operationId: 'createApiKey',
      summary: 'Create an API key for some families: the answer holds its secret, shown only this once',
      body: ApiKeyCreateBodySchema,
      status: 201,
      answer: ApiKeyCreatedSchema,
    },
    revoke: {
      method: 'DELETE',
      path: '/:id',
      access: 'admin',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key: it stops working at once and stays listed as revoked',
      status: 204,
      answer: null,
    },
  },
});
