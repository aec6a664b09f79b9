import type { Account } from '@dalil/contracts/auth';
import {
  apiKeyResource,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateBodySchema,
} from '@dalil/contracts/api-keys';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { apiKeys } from '../../db/schema';
import { resourceModule } from '../../core/app-module';
import type { DataContext } from '../../core/context';
import { publishChange } from '../../core/domain-events';
import { sameName } from '../../core/record-names';
import { containsAny } from '../../lib/db-helpers';
import { fieldError, notFound } from '../../lib/errors';
import { requireFamilies } from '../users/users.service';
import { newSecret, type ApiKeyRow } from './api-keys.repository';

const HISTORY = { entity: 'apiKey', family: null } as const;

/** A key as the API shows it: never its secret or hash. */
const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  role: row.role,
  families: row.families,
  createdAt: row.createdAt.toISOString(),
  createdBy: { id: row.createdById, username: row.createdByUsername },
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * What a history entry records of a key: what it may do and its state, as the API shows it; not who
 * created it when (the create's entry says so), nor its last use (which no write of a person makes).
 */
const recorded = (row: ApiKeyRow) => {
  const { createdAt: _at, createdBy: _by, lastUsedAt: _used, ...rest } = toApiKey(row);
  return rest;
};

/**
 * Creates a key for the families given (each must exist) and answers its secret, which is shown
 * this once: only its hash is stored. `now` is the clock keys expire by.
 */
async function createApiKey(
  { db }: DataContext,
  body: z.output<typeof ApiKeyCreateBodySchema>,
  caller: Account | null,
  now: Date,
): Promise<ApiKeyCreated> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw fieldError(400, 'expiresAt', 'apiKey.future', {});
  }
  const { secret, prefix, secretHash } = newSecret();
  const row = await db.transaction(async (tx) => {
    await requireFamilies(tx, body.families);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        name: body.name,
        role: body.role,
        families: body.families,
        prefix,
        secretHash,
        createdAt: now,
        createdById: caller?.id ?? null,
        createdByUsername: caller?.username ?? 'system',
        expiresAt,
      })
      .returning();
    await publishChange(tx, caller, {
      ...HISTORY,
      action: 'create',
      entityId: created!.id,
      before: null,
      after: recorded(created!),
    });
    return created!;
  });
  return { id: row.id, prefix, secret };
}

/**
 * Keys newest first, revoked ones included, whose name or shown prefix contains `search`; a page of
 * them when `limit` is given, else every one. Never a secret or its hash.
 */
async function listApiKeys(
  { db }: DataContext,
  query: z.output<typeof apiKeyResource.schemas.listQuery>,
): Promise<{ data: ApiKey[]; count: number }> {
  const where = containsAny(query.search, apiKeys.name, apiKeys.prefix);
  const rows = db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.id)).offset(query.skip);
  const [found, [total]] = await Promise.all([
    query.limit === undefined ? rows : rows.limit(query.limit),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { data: found.map(toApiKey), count: total?.n ?? 0 };
}

/**
 * Revokes a key: it stays in the list with `revokedAt`. Written through the session write path, so
 * this process refuses the key at once and the others within the revocation delay. Revoking a
 * revoked key keeps its first revocation time (and records nothing). Keys are never deleted.
 */
async function revokeApiKey(
  { sessions }: DataContext,
  id: number,
  caller: Account | null,
  now: Date,
): Promise<void> {
  await sessions.write(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!before) throw notFound('API key');
    const [after] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(apiKeys.id, id))
      .returning();
    await publishChange(tx, caller, {
      ...HISTORY,
      action: 'update',
      entityId: id,
      before: recorded(before),
      after: recorded(after!),
    });
  });
}

/**
 * API keys as a declared resource (docs/decisions/0049-api-keys.md): the list, and the issue and
 * revoke operations; the history names a key by its name.
 */
export const apiKeyModule = resourceModule(apiKeyResource, {
  service: { list: (ctx, query) => listApiKeys(ctx, query) },
  names: { table: apiKeys, name: (row) => sameName(row.name) },
  operations: {
    issue: async ({ ctx, body, account, log }) => {
      const created = await createApiKey(ctx, body, account, ctx.now());
      log.info({ apiKey: created.id, prefix: created.prefix }, 'API key created');
      return created;
    },
    revoke: async ({ ctx, params, account, log }) => {
      await revokeApiKey(ctx, params.id, account, ctx.now());
      log.info({ apiKey: params.id }, 'API key revoked');
    },
  },
});
