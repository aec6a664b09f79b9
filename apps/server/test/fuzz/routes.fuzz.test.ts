import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/modules/users/users.repository';
import { bearer, createTestApp } from '../harness';
import { appRoutes, fingerprint, paramNames, routeInputs, type Route } from './app-routes';
import { authorization, contentType, jsonBody, pathParam, queryString } from './arbitraries';
import { multipart } from './multipart-arbitraries';

/**
 * Property-based bad input: for every route the app registers, generated malformed bodies,
 * query strings, path ids, headers and multipart parts, sent as an admin. Whatever arrives, the answer
 * is a 4xx with a JSON error body and the database is unchanged, or (when the input happened to be
 * valid) a well-formed 2xx. Never a 5xx.
 */

// Enough runs to walk each route's inputs in a bounded time (the whole file well under a minute).
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const t = await createTestApp();
afterAll(() => t.close());

// A dedicated admin: the fuzzer may rename, demote or delete any other account, never its own.
const fuzzAdmin = await insertUser(t.database.db, {
  firstName: 'Fuzz',
  lastName: 'Admin',
  username: 'fuzz-admin',
  password: 'fuzz-admin-password',
  role: 'admin',
});
const token = await t.login('admin', 'fuzz-admin', 'fuzz-admin-password');

// Something for valid ids to find: families 1-2 with a category and a product each.
for (const n of [1, 2]) {
  const family = await t.app.inject({
    method: 'POST',
    url: '/api/family',
    headers: bearer(token),
    payload: { nameEn: `Seed Family ${n}`, nameAr: `عائلة ${n}` },
  });
  const category = await t.app.inject({
    method: 'POST',
    url: '/api/category',
    headers: bearer(token),
    payload: { nameEn: `Seed Category ${n}`, nameAr: `فئة ${n}`, family: family.json<{ id: number }>().id },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: bearer(token),
    payload: {
      nameEn: `Seed Product ${n}`,
      nameAr: `منتج ${n}`,
      family: family.json<{ id: number }>().id,
      category: category.json<{ id: number }>().id,
      barcode: `00${n}`,
    },
  });
}

// Signing out would end the fuzzer's own session; src/modules/auth/sessions.test.ts covers it.
const routes = appRoutes(t.app).filter((r) => r.url !== '/api/logout');
const inputs = routeInputs(t.app);
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const INTERNALS = /select |insert into|syntax error|\bat .+\.(ts|js):\d+|node_modules|drizzle/i;

/** The URL with each :param (and a trailing *) replaced by a generated value. */
function fill(route: Route, values: string[]): string {
  let i = 0;
  const url = route.url.replace(/:(\w+)/g, () => {
    const v = values[i++]!;
    // Never touch the fuzzer's own account.
    return route.url.startsWith('/api/user/') && v === String(fuzzAdmin.id) ? '999999' : v;
  });
  if (url === '*') return `/${values[i] ?? ''}`;
  return url.replace(/\*$/, values[i] ?? '');
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  summary: string;
}

function requestFor(route: Route): fc.Arbitrary<Sent> {
  const { query, bodyFields, multipart: isMultipart } = inputs(route);
  const slots = paramNames(route.url).length + (route.url.endsWith('*') ? 1 : 0);
  const hasBody = WRITE.has(route.method) && route.method !== 'DELETE';
  const body = isMultipart
    ? fc.oneof(
        { weight: 4, arbitrary: multipart },
        {
          weight: 1,
          arbitrary: fc
            .tuple(jsonBody([]), contentType)
            .map(([payload, type]) => ({ payload, contentType: type, summary: payload.slice(0, 80) })),
        },
      )
    : fc
        .tuple(jsonBody(bodyFields), contentType)
        .map(([payload, type]) => ({ payload, contentType: type, summary: payload.slice(0, 160) }));
  return fc
    .record({
      params: fc.array(pathParam, { minLength: slots, maxLength: slots }),
      query: fc.option(queryString(query), { freq: 2 }),
      auth: authorization(token),
      body: hasBody ? body : fc.option(body, { freq: 8 }),
    })
    .map(({ params, query: q, auth, body: b }) => {
      const url = fill(route, params) + (q === null ? '' : `?${q}`);
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      if (b?.contentType) headers['content-type'] = b.contentType;
      return {
        method: route.method,
        url,
        headers,
        ...(b ? { payload: b.payload } : {}),
        summary: `${route.method} ${url.slice(0, 200)} ${JSON.stringify(headers['content-type'])} ${b?.summary ?? ''}`,
      };
    });
}

/** What is wrong with this answer, if anything. */
function problemsWith(sent: Sent, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (status >= 500) problems.push(`answered ${status}: ${res.body.slice(0, 300)}`);
  if (INTERNALS.test(res.body) && !sent.url.startsWith('/api/docs')) problems.push('body shows internals');
  if (sent.method === 'HEAD') return problems;
  if (status >= 400) {
    if (!isJson) problems.push(`${status} without a JSON body: ${res.body.slice(0, 200)}`);
    else {
      const b = res.json<Record<string, unknown>>();
      if (b.statusCode !== status || typeof b.error !== 'string' || typeof b.message !== 'string') {
        problems.push(`${status} with a malformed error body: ${res.body.slice(0, 200)}`);
      }
    }
  } else if (status >= 300) {
    if (!sent.url.startsWith('/api/docs')) problems.push(`unexpected redirect ${status}`);
  } else if (status === 204) {
    if (res.body !== '') problems.push('204 with a body');
  } else if (isJson) {
    try {
      JSON.parse(res.body);
    } catch {
      problems.push(`${status} with broken JSON`);
    }
  }
  return problems;
}

describe('every route, fed generated bad input as an admin', () => {
  it('finds the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/upload/all');
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: 4xx with a JSON error and nothing changed, or a well-formed 2xx; never 5xx',
    async (_name, route) => {
      let before = await fingerprint(t.database, t.config.mediaDir);
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (sent) => {
          const res = await t.app.inject({
            method: sent.method as 'GET',
            url: sent.url,
            headers: sent.headers,
            ...(sent.payload === undefined ? {} : { payload: sent.payload }),
          });
          const problems = problemsWith(sent, res);
          const after = await fingerprint(t.database, t.config.mediaDir);
          if (res.statusCode >= 400 && after !== before) {
            problems.push(`rejected with ${res.statusCode} but the database changed`);
          }
          before = after;
          if (problems.length > 0) throw new Error(`${sent.summary}\n  ${problems.join('\n  ')}`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // The fuzzer's admin is still signed in: the runs above really went past the access check.
      const me = await t.app.inject({ url: '/api/admin/auth', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
    },
  );
});
