import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ensureAccounts } from '../src/seed/accounts';
import type { Access } from '../src/lib/context';
import { routeAccess } from '../src/modules/auth/access';
import { findUserById, insertUser } from '../src/modules/users/users.repository';
import { appRoutes, type Route } from './fuzz/app-routes';
import { ADMIN_PASSWORD, bearer, freshDatabase, JWT_SECRET, testConfig } from './harness';

/**
 * The access matrix (docs/architecture.md, "Access model"): every route the app registers x eight kinds of
 * caller, each with its expected status. Forged, expired and revoked tokens all claim to be an administrator,
 * so a guard that trusted any part of them would let them through.
 */

type Caller =
  | 'anonymous'
  | 'malformed'
  | 'expired'
  | 'other-secret'
  | 'alg-none'
  | 'catalogue-user'
  | 'admin'
  | 'deleted-user';

const REFUSED: Caller[] = ['anonymous', 'malformed', 'expired', 'other-secret', 'alg-none', 'deleted-user'];

let app: FastifyInstance;
let close: () => Promise<void>;
const declared = new Map<string, Access | 'none'>();
const tokens = {} as Record<Caller, string | undefined>;
let relogin: (caller: Caller) => Promise<string>;

const sign = (claims: { sub: string; role: string; tv: number }, secret: string, expiresAt: number) =>
  new SignJWT({ role: claims.role, tv: claims.tv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

beforeAll(async () => {
  const config = testConfig();
  const { database, drop } = await freshDatabase();
  await ensureAccounts(database.db, config);
  await insertUser(database.db, {
    firstName: 'Cat',
    lastName: 'Reader',
    username: 'cat-reader',
    password: 'cat-reader-password',
    role: 'user',
  });
  const doomed = await insertUser(database.db, {
    firstName: 'Doomed',
    lastName: 'Admin',
    username: 'doomed-admin',
    password: 'doomed-admin-password',
    role: 'admin',
  });
  app = await buildApp({ config, database });
  app.addHook('onRequest', (request, _reply, done) => {
    const { method, url, config: routeConfig } = request.routeOptions;
    if (url) declared.set(`${String(method)} ${url}`, routeAccess({ url, config: routeConfig }) ?? 'none');
    done();
  });
  await app.ready();
  const login = async (kind: 'admin' | 'user', username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${kind}/login`,
      payload: { username, password },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ token: string }>().token;
  };
  tokens.admin = await login('admin', config.admin.username, ADMIN_PASSWORD);
  tokens['catalogue-user'] = await login('user', 'cat-reader', 'cat-reader-password');
  relogin = (caller) =>
    caller === 'admin'
      ? login('admin', config.admin.username, ADMIN_PASSWORD)
      : login('user', 'cat-reader', 'cat-reader-password');

  // A signed-in administrator who is then deleted: the token is genuine, signed and unexpired.
  tokens['deleted-user'] = await login('admin', 'doomed-admin', 'doomed-admin-password');
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/user/${doomed.id}`,
    headers: bearer(tokens.admin),
  });
  expect(deleted.statusCode).toBe(204);

  // Forgeries of the built-in administrator's own claims.
  const adminRow = (await findUserById(database.db, 1))!;
  expect(adminRow.role).toBe('admin');
  const claims = { sub: String(adminRow.id), role: 'admin', tv: adminRow.tokenVersion };
  const now = Math.floor(Date.now() / 1000);
  tokens.anonymous = undefined;
  tokens.malformed = 'not.a.token';
  tokens.expired = await sign(claims, JWT_SECRET, now - 60);
  tokens['other-secret'] = await sign(claims, 'another-secret-that-is-long-enough-for-hs256-xyz', now + 3600);
  tokens['alg-none'] = new UnsecuredJWT({ role: 'admin', tv: claims.tv })
    .setSubject(claims.sub)
    .setJti('unsigned')
    .setIssuedAt()
    .setExpirationTime(now + 3600)
    .encode();
  // The same claims signed properly do get in: the refusals above are about the token, not the claims.
  const genuine = await sign(claims, JWT_SECRET, now + 3600);
  expect((await app.inject({ url: '/api/admin/auth', headers: bearer(genuine) })).statusCode).toBe(200);

  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(() => close());

const SAMPLE_PARAMS: Record<string, string> = { id: '999999', name: 'missing-image.webp' };
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '999999').replace(/\*$/, 'x');

function expected(access: Access | 'none', caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public' || access === 'none') return 'allowed';
  if (REFUSED.includes(caller)) return 401;
  if (access === 'admin' && caller === 'catalogue-user') return 403;
  return 'allowed';
}

describe('access matrix', () => {
  it('gives every route and every kind of caller its expected status', async () => {
    const routes: Route[] = appRoutes(app).filter((r) => !/^\/api\/docs\/(static\/|\*)/.test(r.url));
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const matrix: Record<string, Record<Caller, number>> = {};
    for (const route of routes) {
      for (const caller of Object.keys(tokens) as Caller[]) {
        const token = tokens[caller];
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: token ? bearer(token) : {},
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const key = `${route.method} ${route.url}`;
        (matrix[key] ??= {} as Record<Caller, number>)[caller] = res.statusCode;
        const access = declared.get(key) ?? routeAccess({ url: route.url }) ?? 'none';
        const want = expected(access, caller);
        const ok =
          want === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === want;
        if (!ok) failures.push(`${key} [${access}] as ${caller}: ${res.statusCode}, expected ${want}`);
        if (res.statusCode >= 500) failures.push(`${key} as ${caller}: ${res.statusCode}`);
        // A sign-out ended that caller's token: sign in again for the routes that follow.
        if (route.url === '/api/logout' && res.statusCode === 204) tokens[caller] = await relogin(caller);
        if (res.statusCode === 401) {
          if (res.headers['www-authenticate'] !== 'Bearer')
            failures.push(`${key}: 401 without WWW-Authenticate`);
          if (route.method !== 'HEAD' && res.json<{ statusCode: number }>().statusCode !== 401)
            failures.push(`${key}: 401 body`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every kind of caller met at least one refusal and one admission: the matrix is not vacuous.
    for (const caller of Object.keys(tokens) as Caller[]) {
      const statuses = Object.values(matrix).map((row) => row[caller]);
      expect(
        statuses.some((s) => s !== 401 && s !== 403),
        caller,
      ).toBe(true);
      if (caller !== 'admin')
        expect(
          statuses.some((s) => s === 401 || s === 403),
          caller,
        ).toBe(true);
    }
  });
});
