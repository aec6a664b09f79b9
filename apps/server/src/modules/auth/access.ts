import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../../lib/errors';
import type { Access } from '../../lib/context';
import { findUserById, toAccount } from '../users/users.repository';

const unauthorized = () =>
  new HttpError(401, 'Sign in to continue', undefined, { 'www-authenticate': 'Bearer' });

/** Resolves the bearer token to a live account; null when the token is missing, bad or revoked. */
async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header);
  if (!match) return null;
  const claims = await app.ctx.tokens.verify(match[1]!);
  if (!claims) return null;
  const user = await findUserById(app.ctx.db, claims.userId);
  // A deleted user, a changed password or a changed role bumps the version: old tokens fail at once.
  if (!user || user.tokenVersion !== claims.tokenVersion || user.role !== claims.role) return null;
  return toAccount(user);
}

export const routeAccess = (route: Pick<RouteOptions, 'url' | 'config'>): Access | undefined =>
  (route.config)?.access ??
  (route.url.startsWith('/api/docs') ? 'public' : undefined);

/**
 * Installs the guard on every route from its declared access. An /api route that declares none is a
 * programming error and stops the start, so no route can slip past the access rules.
 */
export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest('account', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = routeAccess(route);
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
    if (access === 'public') return;
    const guard = async (request: FastifyRequest) => {
      const account = await authenticate(app, request);
      if (!account) throw unauthorized();
      if (access === 'admin' && account.role !== 'admin') {
        throw new HttpError(403, 'This needs an administrator account');
      }
      request.account = account;
    };
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [guard, ...existing];
  });
}
