import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { revokedTokens, users } from '../../db/schema';
import type { Account } from '@dalil/contracts/auth';
import { toAccount, type UserRow } from '../users/users.repository';
import {
  findKeyBySecret,
  isApiKeySecret,
  LAST_USED_INTERVAL_MS,
  noteKeyUse,
} from '../api-keys/api-keys.repository';
import { apiKeyOf, keyAccount } from '../../lib/api-key-caller';
import { readSessionVersion, REVOCATION_DELAY_MS, type SessionWrites } from '../../lib/session-version';
import type { Tokens, VerifiedToken } from '../../lib/tokens';
import { CACHE_BUDGETS } from '../../lib/cache-budgets';
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

/**
 * What a credential was found to be: its session, or refused (null). `expiresAt` is when the verdict
 * stops holding (a token's or a key's expiry); null: it holds while the session version does.
 */
interface Verdict {
  session: Session | null;
  expiresAt: Date | null;
}

export interface Session {
  account: Account;
  /** The session token's claims; null for an API key. */
  token: VerifiedToken | null;
}

/**
 * The guard's verdict on each token or API key, remembered for one session version (docs/decisions/0025
 * and 0049): a credential seen before costs neither a signature check nor a query, only a look at its
 * expiry. A sign-out, account change or key revocation committed by this process expires the cache at
 * once; one committed by another process is noticed within `versionTtlMs` (one read of the session
 * version, however many requests arrive). Keyed by the credential as sent, so a hit is the very string
 * that was checked; badly signed or expired tokens and unknown keys are never stored.
 */
export class SessionCache {
  private readonly cache: VersionedCache<Verdict>;
  private readonly unsubscribe: () => void;
  /** When this process last noted each key's use (tokens' clock, ms). */
  private readonly keyUses = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    sessions: SessionWrites,
    settings: SessionCacheSettings = {},
    onLookup?: (hit: boolean) => void,
  ) {
    this.cache = new VersionedCache<Verdict>({
      maxEntries: settings.entries ?? CACHE_BUDGETS.session.entries,
      maxBytes: CACHE_BUDGETS.session.bytes,
      // Measured once, when a credential is first checked (a signature check or a query costs more).
      sizeOf: (verdict) => JSON.stringify(verdict).length * 2,
      versionTtlMs: settings.versionTtlMs ?? REVOCATION_DELAY_MS,
      readVersion: () => readSessionVersion(db),
      ...(settings.now ? { now: settings.now } : {}),
      ...(onLookup ? { onLookup } : {}),
    });
    this.unsubscribe = sessions.onWrite(() => this.cache.expire());
  }

  /** Entries in the verdict cache. */
  get size(): number {
    return this.cache.size;
  }

  /** Bytes the verdict cache holds. */
  get bytes(): number {
    return this.cache.bytes;
  }

  /** The live session of a bearer credential; null when it is forged, expired, signed out, revoked or its account changed. */
  async session(raw: string): Promise<Session | null> {
    const version = await this.cache.currentVersion();
    const now = this.tokens.now();
    const seen = this.cache.get(raw);
    let verdict: Verdict | null =
      seen && (seen.expiresAt === null || seen.expiresAt.getTime() > now.getTime()) ? seen : null;
    if (!verdict) {
      verdict = isApiKeySecret(raw) ? await this.keyVerdict(raw, now) : await this.tokenVerdict(raw);
      if (verdict) this.cache.set(raw, verdict, version);
    }
    const session = verdict?.session ?? null;
    const key = session ? apiKeyOf(session.account) : null;
    if (key) await this.noteUse(key.id, now);
    return session;
  }

  private async tokenVerdict(raw: string): Promise<Verdict | null> {
    const token = await this.tokens.verify(raw);
    if (!token) return null;
    const user = await sessionUser(this.db, token);
    return { session: user ? { account: toAccount(user), token } : null, expiresAt: token.expiresAt };
  }

  /** A revoked or expired key is refused for good; an unknown one is not remembered. */
  private async keyVerdict(raw: string, now: Date): Promise<Verdict | null> {
    const key = await findKeyBySecret(this.db, raw);
    if (!key) return null;
    if (key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now.getTime())) {
      return { session: null, expiresAt: null };
    }
    const account = keyAccount({ id: key.id, name: key.name, role: key.role, families: key.families });
    return { session: { account, token: null }, expiresAt: key.expiresAt };
  }

  /** `last_used_at` is written at most once a minute per key, not on every request. */
  private async noteUse(id: number, now: Date): Promise<void> {
    const last = this.keyUses.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_INTERVAL_MS) return;
    this.keyUses.set(id, now.getTime());
    await noteKeyUse(this.db, id, now);
  }

  close(): void {
    this.unsubscribe();
  }
}

/** A revoked token that has expired fails verification anyway: its row is no longer needed. */
export async function forgetExpiredRevocations(db: Db, tokens: Tokens): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, tokens.now()));
}
