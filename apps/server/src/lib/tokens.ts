import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@dalil/contracts/auth';

export interface TokenClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
}

/** A verified token: its claims, its id (what POST /api/logout revokes) and when it expires. */
export interface VerifiedToken extends TokenClaims {
  jti: string;
  expiresAt: Date;
}

/**
 * Signs and verifies the bearer tokens. `now` (milliseconds since the epoch) is the clock that issues
 * tokens and decides when they expire; tests pass one they can move instead of waiting.
 */
export function createTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const key = new TextEncoder().encode(secret);
  return {
    /** The current time on the tokens' clock: anything comparing against a token's expiry reads it. */
    now: (): Date => new Date(now()),
    sign(claims: TokenClaims): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ role: claims.role, tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** Null for anything but a well-formed, unexpired HS256 token signed with our secret, with an id. */
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        const { role, tv: tokenVersion, jti, exp } = payload;
        if (
          !Number.isInteger(userId) ||
          (role !== 'admin' && role !== 'editor' && role !== 'user') ||
          typeof tokenVersion !== 'number' ||
          typeof jti !== 'string' ||
          jti.length === 0 ||
          jti.length > 64 ||
          typeof exp !== 'number'
        ) {
          return null;
        }
        return { userId, role, tokenVersion, jti, expiresAt: new Date(exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
