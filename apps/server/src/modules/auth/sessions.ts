import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { revokedTokens, users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';
import { readSessionVersion, REVOCATION_DELAY_MS, type SessionWrites } from '../../lib/session-version';
import type { Tokens, VerifiedToken } from '../../lib/tokens';
import { VersionedCache } from '../../lib/versioned-cache';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

/** The bearer token of a request as sent, unverified; null when the header is missing or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * The account a token belongs to, or undefined when the account is gone, its token version moved on
 * (password or role changed), its role differs from the token's, or this token was signed out. One
 * query: the revocation check rides along with the user row the guard reads anyway.
 */
async function sessionUser(db: Db, token: VerifiedToken): Promise<UserRow | undefined> {
  const [row] = await db
    .select({
      user: users,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${token.jti})`,
    })
    .from(users)
    .where(eq(users.id, token.userId))
    .limit(1);
  if (!row || row.revoked) return undefined;
  const { user } = row;
  return user.tokenVersion === token.tokenVersion && user.role === token.role ? user : undefined;
}

/** Signs one token out; the account's other tokens stay valid. */
export async function revokeToken(sessions: SessionWrites, token: VerifiedToken): Promise<void> {
  await sessions.write(async (tx) => {
    await tx
      .insert(revokedTokens)
      .values({ jti: token.jti, expiresAt: token.expiresAt })
      .onConflictDoNothing();
  });
}

export interface SessionCacheSettings {
  /** Most tokens remembered. */
  entries?: number;
  /** How old the session version may be before a lookup re-reads it (the revocation delay). */
  versionTtlMs?: number;
  /** Milliseconds on a monotonic clock; tests pass one they can move. */
  now?: () => number;
}

/** What a well-signed token was found to be: its claims, and its account or refused (null). */
interface Verdict {
  token: VerifiedToken;
  user: UserRow | null;
}

export interface Session {
  token: VerifiedToken;
  user: UserRow;
}

/**
 * The guard's verdict on each token, remembered for one session version (docs/decisions/0025): a
 * token seen before costs neither a signature check nor a query, only a look at its expiry. A sign-out
 * or account change committed by this process expires the cache at once; one committed by another
 * process is noticed within `versionTtlMs` (one read of the session version, however many requests
 * arrive). Keyed by the token as sent, so a hit is the very string that was verified; badly signed or
 * expired tokens are never stored.
 */
export class SessionCache {
  private readonly cache: VersionedCache<Verdict>;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    sessions: SessionWrites,
    settings: SessionCacheSettings = {},
    onLookup?: (hit: boolean) => void,
  ) {
    this.cache = new VersionedCache<Verdict>({
      maxEntries: settings.entries ?? 10_000,
      versionTtlMs: settings.versionTtlMs ?? REVOCATION_DELAY_MS,
      readVersion: () => readSessionVersion(db),
      ...(settings.now ? { now: settings.now } : {}),
      ...(onLookup ? { onLookup } : {}),
    });
    this.unsubscribe = sessions.onWrite(() => this.cache.expire());
  }

  /** The live session of a bearer token; null when it is forged, expired, signed out or its account changed. */
  async session(raw: string): Promise<Session | null> {
    const version = await this.cache.currentVersion();
    const seen = this.cache.get(raw);
    if (seen && seen.token.expiresAt.getTime() > this.tokens.now().getTime()) {
      return seen.user ? { token: seen.token, user: seen.user } : null;
    }
    const token = await this.tokens.verify(raw);
    if (!token) return null;
    const user = (await sessionUser(this.db, token)) ?? null;
    this.cache.set(raw, { token, user }, version);
    return user ? { token, user } : null;
  }

  close(): void {
    this.unsubscribe();
  }
}

/** A revoked token that has expired fails verification anyway: its row is no longer needed. */
export async function forgetExpiredRevocations(db: Db, tokens: Tokens): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, tokens.now()));
}
