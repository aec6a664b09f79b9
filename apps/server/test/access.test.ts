import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ensureAccounts } from '../src/seed/accounts';
import type { Access } from '../src/core/context';
import { routeAccess } from '../src/modules/auth/access';
import { insertUser } from '../src/modules/users/users.repository';
import { parseRouteTree } from './fuzz/app-routes';
import { ADMIN_PASSWORD, bearer, freshDatabase, testConfig } from './harness';

/**
 * Walks every route the app registers, read from the app's own router (printRoutes), with no token,
 * a malformed token, a catalogue token and an admin token, and checks each status against the access
 * the route declares. A route added later is walked too: nothing here lists routes by hand.
 */

const SAMPLE_PARAMS: Record<string, string> = { id: '999999', name: 'missing-image.webp' };
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '999999').replace(/\*$/, 'x');

let app: FastifyInstance;
let close: () => Promise<void>;
const declared = new Map<string, Access | 'none'>();
const tokens: Record<'none' | 'malformed' | 'user' | 'admin', string | undefined> = {
  none: undefined,
  malformed: 'not.a.token',
  user: undefined,
  admin: undefined,
};

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
  app = await buildApp({ config, database });
  // The access each route declared, as the router resolved it for this request (before any guard).
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
    return res.json<{ token: string }>().token;
  };
  tokens.admin = await login('admin', config.admin.username, ADMIN_PASSWORD);
  tokens.user = await login('user', 'cat-reader', 'cat-reader-password');
  relogin = (who) =>
    who === 'admin'
      ? login('admin', config.admin.username, ADMIN_PASSWORD)
      : login('user', 'cat-reader', 'cat-reader-password');
  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(() => close());

let relogin: (who: keyof typeof tokens) => Promise<string>;
const allowed = (status: number) => status !== 401 && status !== 403;

function expectStatus(access: Access | 'none', who: keyof typeof tokens, status: number): boolean {
  if (access === 'public' || access === 'none') return allowed(status);
  if (who === 'none' || who === 'malformed') return status === 401;
  if (access === 'account') return allowed(status);
  // Staff routes (admins and editors) and admin routes alike refuse a catalogue account.
  return who === 'admin' ? allowed(status) : status === 403;
}

describe('access', () => {
  it('walks every registered route with each kind of caller and gets the declared outcome', async () => {
    const routes = parseRouteTree(app.printRoutes({ commonPrefix: false }))
      // The docs UI's static files are public assets; its page and JSON document are still walked.
      .filter((r) => !/^\/api\/docs\/(static\/|\*)/.test(r.url));
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // A sanity check on the parser: a few routes every build has must be found.
    for (const known of [
      'POST /api/admin/login',
      'GET /api/family/:id',
      'DELETE /api/family/:id',
      'GET /api/docs/json',
    ]) {
      expect(urls, known).toContain(known);
    }

    const failures: string[] = [];
    for (const route of routes) {
      for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) {
        const token = tokens[who];
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: token ? bearer(token) : {},
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        // The swagger-ui index page answers before app hooks run; the docs are public by their path.
        const access =
          declared.get(`${route.method} ${route.url}`) ?? routeAccess({ url: route.url }) ?? 'none';
        // Every write is for staff (admins, editors) only, except signing in (docs/architecture.md, "Access model").
        // Signing out is a write any signed-in account may make on its own token.
        const write =
          !['GET', 'HEAD', 'OPTIONS'].includes(route.method) &&
          !route.url.endsWith('/login') &&
          !route.url.endsWith('/logout');
        if (route.url.startsWith('/api') && write && access !== 'admin' && access !== 'staff') {
          failures.push(`${route.method} ${route.url}: a write declared ${access}`);
        }
        if (route.url.startsWith('/api') && access === 'none')
          failures.push(`${route.method} ${route.url}: no access`);
        if (!expectStatus(access, who, res.statusCode)) {
          failures.push(`${route.method} ${route.url} [${access}] as ${who}: ${res.statusCode}`);
        }
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${who}: ${res.statusCode}`);
        // A sign-out ended that caller's token: sign in again for the routes that follow.
        if (route.url === '/api/logout' && res.statusCode === 204) tokens[who] = await relogin(who);
      }
    }
    expect(failures).toEqual([]);
    // Every walked /api route outside the docs was seen by the hook, so its declared access was checked.
    const unseen = routes.filter(
      (r) => /^\/api\/(?!docs)/.test(r.url) && !declared.has(`${r.method} ${r.url}`),
    );
    expect(unseen).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });
});
