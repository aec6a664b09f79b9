import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { revokedTokens, users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';
import type { VerifiedToken } from '../../lib/tokens';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

/** The verified bearer token of a request; null when it is missing, malformed, foreign or expired. */
export async function requestToken(app: FastifyInstance, request: FastifyRequest) {
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  return match ? app.ctx.tokens.verify(match[1]!) : null;
}

/**
 * The account a token belongs to, or undefined when the account is gone, its token version moved on
 * (password or role changed), its role differs from the token's, or this token was signed out. One
 * query: the revocation check rides along with the user row the guard reads anyway.
 */
export async function sessionUser(db: Db, token: VerifiedToken): Promise<UserRow | undefined> {
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
export async function revokeToken(db: Db, token: VerifiedToken): Promise<void> {
  await db.insert(revokedTokens).values({ jti: token.jti, expiresAt: token.expiresAt }).onConflictDoNothing();
}

/** A revoked token that has expired fails verification anyway: its row is no longer needed. */
export async function forgetExpiredRevocations(db: Db): Promise<void> {
  await db.delete(revokedTokens).where(and(lt(revokedTokens.expiresAt, sql`now()`)));
}
