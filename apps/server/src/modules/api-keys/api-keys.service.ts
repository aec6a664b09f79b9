import type { Account } from '@dalil/contracts/auth';
import type { ApiKey, ApiKeyCreated, ApiKeyCreateBodySchema } from '@dalil/contracts/api-keys';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { apiKeys } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { fieldError, notFound } from '../../lib/errors';
import { requireFamilies } from '../users/users.service';
import { newSecret, type ApiKeyRow } from './api-keys.repository';

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
 * Creates a key for the families given (each must exist) and answers its secret, which is shown
 * this once: only its hash is stored. `now` is the clock keys expire by.
 */
export async function createApiKey(
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
  const [row] = await db.transaction(async (tx) => {
    await requireFamilies(tx, body.families);
    return tx
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
      .returning({ id: apiKeys.id });
  });
  return { id: row!.id, prefix, secret };
}

/** Every key, newest first, revoked ones included; never a secret or its hash. */
export async function listApiKeys({ db }: DataContext): Promise<{ data: ApiKey[]; count: number }> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.id));
  return { data: rows.map(toApiKey), count: rows.length };
}

/**
 * Revokes a key: it stays in the list with `revokedAt`. Written through the session write path, so
 * this process refuses the key at once and the others within the revocation delay. Revoking a
 * revoked key keeps its first revocation time. Keys are never deleted, so one found here is still
 * there for the write.
 */
export async function revokeApiKey({ db, sessions }: DataContext, id: number, now: Date): Promise<void> {
  const [found] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!found) throw notFound('API key');
  await sessions.write(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(apiKeys.id, id));
  });
}
