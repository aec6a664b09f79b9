import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@dalil/contracts/api-keys';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** 32 random bytes, base64url: 43 characters after the prefix. */
const SECRET_BYTES = 32;
const SECRET_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** How often a key's `last_used_at` is written at most. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** Whether a bearer credential is meant as an API key rather than a session token. */
export const isApiKeySecret = (raw: string): boolean => raw.startsWith(API_KEY_PREFIX);

/**
 * SHA-256 of the secret, hex. The secret is 256 random bits, so no guess or precomputed table can
 * find it from its hash, and one hash per lookup costs microseconds (docs/decisions/0049-api-keys.md).
 */
const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A new secret, the part of it the list shows, and the hash that is stored. */
export function newSecret(): { secret: string; prefix: string; secretHash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), secretHash: hashSecret(secret) };
}

/** The key a secret belongs to, revoked and expired ones included; undefined for any other text. */
export async function findKeyBySecret(db: Db, secret: string): Promise<ApiKeyRow | undefined> {
  if (!SECRET_SHAPE.test(secret)) return undefined;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hashSecret(secret)))
    .limit(1);
  return row;
}

/** Notes that a key was used at `at`, unless that was already noted less than a minute before. */
export async function noteKeyUse(db: Db, id: number, at: Date): Promise<void> {
  const since = new Date(at.getTime() - LAST_USED_INTERVAL_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, since))));
}
