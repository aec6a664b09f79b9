import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '@dalil/contracts/auth';

export interface TokenClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
}

export function createTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ role: claims.role, tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Null for anything but a well-formed, unexpired HS256 token signed with our secret. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const role = payload.role;
        const tokenVersion = payload.tv;
        if (
          !Number.isInteger(userId) ||
          (role !== 'admin' && role !== 'user') ||
          typeof tokenVersion !== 'number'
        ) {
          return null;
        }
        return { userId, role, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
