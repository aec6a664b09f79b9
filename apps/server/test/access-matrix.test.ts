import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../src/db/schema';
import { ensureAccounts } from '../src/seed/accounts';
import type { Access } from '../src/core/context';
import { routeAccess } from '../src/modules/auth/access';
import { findUserById, insertUser } from '../src/modules/users/users.repository';
import { appRoutes, type Route } from './fuzz/app-routes';
import { ADMIN_PASSWORD, bearer, freshDatabase, JWT_SECRET, testConfig } from './harness';
import {
  freshBinEntry,
  objectOf,
  scopedStaff,
  scopeOf,
  STAFF_PASSWORD,
  type FamilyObjects,
} from './scoped-staff';

/**
 * The access matrix (docs/architecture.md, "Access model"): every route the app registers x every kind of
 * caller, each with its expected status: the admin, an editor of family A and one of family B, a catalogue
 * user limited to A, an unlimited one, the guest, and refused tokens. Forged, expired and deleted-account
 * tokens claim to be an administrator, so a guard that trusted any part of them would let them through.
 * Then every route that names one object is called on family A's object and on family B's: an account
 * that may not see that family gets 404, as if the object did not exist. API keys of family A walk the
 * same routes (docs/decisions/0049-api-keys.md): an editor key as an editor of A, a reader key as one
 * that only reads, both refused (403) on accounts, keys and sign-out; revoked and expired keys get 401.
 */

type Caller =
  | 'anonymous'
  | 'malformed'
  | 'expired'
  | 'other-secret'
  | 'alg-none'
  | 'revoked'
  | 'deleted-user'
  | 'revoked-key'
  | 'expired-key'
  | 'user-a'
  | 'user-all'
  | 'guest'
  | 'editor-a'
  | 'editor-b'
  | 'key-editor-a'
  | 'key-reader-a'
  | 'admin';

const REFUSED: Caller[] = [
  'anonymous',
  'malformed',
  'expired',
  'other-secret',
  'alg-none',
  'revoked',
  'deleted-user',
  'revoked-key',
  'expired-key',
];
const STAFF: Caller[] = ['admin', 'editor-a', 'editor-b', 'key-editor-a', 'key-reader-a'];
const KEYS: Caller[] = ['key-editor-a', 'key-reader-a'];
let objects: { a: FamilyObjects; b: FamilyObjects };

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

/**
 * Routes for the operator, outside the accounts' access levels: /metrics asks for METRICS_TOKEN,
 * which no account's token is, so every caller here gets 401 (the token itself is checked below).
 */
const METRICS_TOKEN = 'metrics-token-for-the-access-matrix';
const OPERATOR_ROUTES = new Set(['GET /metrics', 'HEAD /metrics']);

beforeAll(async () => {
  const config = testConfig({ METRICS_TOKEN });
  const { database, drop } = await freshDatabase();
  await ensureAccounts(database.db, config);
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
  const staff = await scopedStaff(app, database, tokens.admin, login, config.guest);
  objects = { a: staff.a, b: staff.b };
  Object.assign(tokens, staff.tokens);
  relogin = (caller) =>
    caller === 'admin'
      ? login('admin', config.admin.username, ADMIN_PASSWORD)
      : caller === 'guest'
        ? login('user', config.guest!.username, config.guest!.password)
        : login(caller.startsWith('editor') ? 'admin' : 'user', caller, STAFF_PASSWORD);
  // A genuine token, signed out: refused at once.
  tokens.revoked = await login('user', 'user-all', STAFF_PASSWORD);
  const signedOut = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(tokens.revoked) });
  expect(signedOut.statusCode).toBe(204);

  // A signed-in administrator who is then deleted: the token is genuine, signed and unexpired.
  tokens['deleted-user'] = await login('admin', 'doomed-admin', 'doomed-admin-password');
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/user/${doomed.id}`,
    headers: bearer(tokens.admin),
  });
  expect(deleted.statusCode).toBe(204);

  // API keys of family A; a revoked one, and one whose expiry has passed (set by hand: the API
  // refuses a past expiry).
  const key = async (role: 'editor' | 'reader', name: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/api-key',
      headers: bearer(staff.tokens.admin),
      payload: { name, role, families: [staff.a.family] },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; secret: string }>();
  };
  tokens['key-editor-a'] = (await key('editor', 'Matrix editor')).secret;
  tokens['key-reader-a'] = (await key('reader', 'Matrix reader')).secret;
  const revokedKey = await key('editor', 'Matrix revoked');
  const revokedRes = await app.inject({
    method: 'DELETE',
    url: `/api/api-key/${revokedKey.id}`,
    headers: bearer(staff.tokens.admin),
  });
  expect(revokedRes.statusCode).toBe(204);
  tokens['revoked-key'] = revokedKey.secret;
  const expiredKey = await key('editor', 'Matrix expired');
  await app.ctx.sessions.write((tx) =>
    tx
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiredKey.id)),
  );
  tokens['expired-key'] = expiredKey.secret;

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

function expected(access: Access | 'none', caller: Caller, route: Route): 'allowed' | 401 | 403 {
  if (access === 'public' || access === 'none') return 'allowed';
  if (REFUSED.includes(caller)) return 401;
  if (KEYS.includes(caller) && /^\/api\/(user|api-key|logout|feed)(\/|$)/.test(route.url)) return 403;
  if (caller === 'key-reader-a' && route.method !== 'GET' && route.method !== 'HEAD') return 403;
  if (access === 'admin' && caller !== 'admin') return 403;
  if (access === 'staff' && !STAFF.includes(caller)) return 403;
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
        const want = OPERATOR_ROUTES.has(key) ? 401 : expected(access, caller, route);
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
    expect(Object.keys(matrix)).toEqual(expect.arrayContaining([...OPERATOR_ROUTES]));
    expect((await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) })).statusCode).toBe(200);
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

describe('access matrix, object by object', () => {
  it('answers every route that names one object of a family the caller may not use with 404', async () => {
    // The walk above emptied the recycle bin as the administrator: one entry of each family again.
    for (const side of [objects.a, objects.b]) side.binEntry = await freshBinEntry(app, tokens.admin!, side);
    const routes = appRoutes(app).filter(
      (r) => (r.method === 'GET' || r.method === 'HEAD') && objectOf(r.url, objects.a) !== undefined,
    );
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/family/:id',
        '/api/product/:id',
        '/api/export/family/:id.csv',
        '/api/bin/:id',
      ]),
    );
    const failures: string[] = [];
    for (const route of routes) {
      for (const side of ['a', 'b'] as const) {
        const id = objectOf(route.url, objects[side])!;
        const family = objects[side].family;
        for (const caller of Object.keys(tokens) as Caller[]) {
          const token = tokens[caller];
          const res = await app.inject({
            method: route.method as 'GET',
            url: route.url.replace(':id', String(id)),
            headers: token ? bearer(token) : {},
          });
          const access = declared.get(`${route.method} ${route.url}`) ?? 'none';
          const level = expected(access, caller, route);
          const scope = scopeOf(caller, objects.a.family, objects.b.family);
          const mine = (access === 'staff' ? scope.write : scope.read).includes(family);
          const want = level !== 'allowed' ? level : mine ? 200 : 404;
          if (res.statusCode !== want)
            failures.push(
              `${route.method} ${route.url} (${side}) as ${caller}: ${res.statusCode}, expected ${want}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lists, searches and exports only the families a caller may use', async () => {
    const { a, b } = objects;
    const failures: string[] = [];
    const callers = ['admin', 'editor-a', 'editor-b', 'user-a', 'user-all', 'guest', ...KEYS] as const;
    for (const caller of callers) {
      const scope = scopeOf(caller, a.family, b.family);
      const get = (url: string) => app.inject({ url, headers: bearer(tokens[caller]!) });
      const families = (await get('/api/family?limit=100')).json<{ data: { id: number }[] }>().data;
      const products = (await get('/api/product?limit=100')).json<{ data: { family: number }[] }>().data;
      const categories = (await get('/api/category?limit=100')).json<{ data: { family: number }[] }>().data;
      const seen = (ids: number[]) => [...new Set(ids)].sort((x, y) => x - y).join(',');
      const want = seen(scope.read);
      for (const [what, got] of [
        ['families', seen(families.map((f) => f.id))],
        ['products', seen(products.map((p) => p.family))],
        ['categories', seen(categories.map((c) => c.family))],
      ] as const) {
        if (got !== want) failures.push(`${caller} lists ${what} of ${got}, expected ${want}`);
      }
      for (const side of [a, b]) {
        const search = await get(`/api/search?family=${side.family}&search=juice`);
        const readable = scope.read.includes(side.family);
        if (search.statusCode !== (readable ? 200 : 404))
          failures.push(`${caller} searches family ${side.family}: ${search.statusCode}`);
      }
      if (scope.write.length > 0) {
        const csv = (await get('/api/export/all.csv')).body;
        const names = ['Alpha', 'Beta'].filter((n) => csv.includes(`${n} juice`));
        const expectNames = [a, b]
          .filter((f) => scope.write.includes(f.family))
          .map((f) => (f === a ? 'Alpha' : 'Beta'));
        if (names.join() !== expectNames.join()) failures.push(`${caller} exports ${names.join()}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
