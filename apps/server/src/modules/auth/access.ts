import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiKeyOf, refusesKeys, type ApiKeyActor } from '../../lib/api-key-caller';
import { HttpError } from '../../lib/errors';
import type { Access } from '../../core/context';
import { bearerToken, SessionCache, type SessionCacheSettings } from './sessions';

const unauthorized = () =>
  new HttpError(401, 'auth.signIn', {}, { headers: { 'www-authenticate': 'Bearer' } });

/**
 * Resolves the bearer token or API key to a live account (a key's is account-like, lib/api-key-caller.ts);
 * null when it is missing, bad, revoked or expired.
 */
async function authenticate(sessions: SessionCache, request: FastifyRequest) {
  const raw = bearerToken(request);
  if (!raw) return null;
  // A deleted user, a changed password or role, a signed-out token or a revoked key: refused at once in
  // this process, and within the revocation delay in the others (docs/decisions/0025 and 0049).
  return sessions.session(raw);
}

const READS = new Set(['GET', 'HEAD']);

/** A key on a path keys never reach, or a reader key asking for anything but a read: 403. */
function checkKey(key: ApiKeyActor, url: string, method: string): void {
  if (refusesKeys(url)) throw new HttpError(403, 'apiKey.refused', {});
  if (key.role === 'reader' && !READS.has(method)) {
    throw new HttpError(403, 'apiKey.readOnly', {});
  }
}

export const routeAccess = (route: Pick<RouteOptions, 'url' | 'config'>): Access | undefined =>
  route.config?.access ?? (route.url.startsWith('/api/docs') ? 'public' : undefined);

/**
 * Installs the guard on every route from its declared access. An /api route that declares none is a
 * programming error and stops the start, so no route can slip past the access rules.
 */
export function registerAccessControl(app: FastifyInstance, settings: SessionCacheSettings = {}) {
  const { metrics } = app.ctx;
  const sessions = new SessionCache(app.ctx.db, app.ctx.tokens, app.ctx.sessions, settings, (hit) =>
    metrics.cacheLookup('session', hit),
  );
  metrics.watchCache('session', sessions);
  app.addHook('onClose', (_instance, done) => {
    sessions.close();
    done();
  });
  app.decorateRequest('account', null);
  app.decorateRequest('token', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = routeAccess(route);
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
    if (access === 'public') return;
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      // An answer meant for one account (errors included) is never stored by a browser or a proxy.
      void reply.header('cache-control', 'no-store');
      const session = await authenticate(sessions, request);
      if (!session) throw unauthorized();
      const key = apiKeyOf(session.account);
      if (key) checkKey(key, route.url, request.method);
      const { role } = session.account;
      if (access === 'admin' && role !== 'admin') {
        throw new HttpError(403, 'auth.adminOnly', {});
      }
      // Staff routes then check each object against the editor's families (core/family-scope.ts).
      if (access === 'staff' && role !== 'admin' && role !== 'editor') {
        throw new HttpError(403, 'auth.staffOnly', {});
      }
      request.account = session.account;
      request.token = session.token;
    };
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [guard, ...existing];
  });
}
