import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedTokens } from '../../db/schema';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const logout = (token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/logout', headers: token ? bearer(token) : {} });

describe('sign-out', () => {
  it('revokes the token it is called with; the account’s other sessions stay valid', async () => {
    const laptop = await t.adminToken();
    const phone = await t.adminToken();
    const res = await logout(laptop);
    expect(res.statusCode).toBe(204);
    expect((await get('/api/admin/auth', laptop)).statusCode).toBe(401);
    expect((await get('/api/family', laptop)).statusCode).toBe(401);
    expect((await get('/api/admin/auth', phone)).statusCode).toBe(200);
    // Signing out twice, or without a valid token, is a 401 like any private route.
    expect((await logout(laptop)).statusCode).toBe(401);
    expect((await logout()).statusCode).toBe(401);
  });

  it('works for a catalogue account too', async () => {
    const guest = await t.login('user', 'guest', 'guest');
    expect((await logout(guest)).statusCode).toBe(204);
    expect((await get('/api/user/auth', guest)).statusCode).toBe(401);
  });

  it('forgets a revocation once the token would have expired anyway', async () => {
    let wall = Date.now();
    const shortLived = await createTestApp({ overrides: { tokenTtlSeconds: 60 }, clock: () => wall });
    try {
      const first = await shortLived.adminToken();
      expect(
        (await shortLived.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) }))
          .statusCode,
      ).toBe(204);
      const count = async () =>
        (await shortLived.database.db.select({ n: sql<number>`count(*)::int` }).from(revokedTokens))[0]!.n;
      expect(await count()).toBe(1);
      wall += 61_000;
      const second = await shortLived.adminToken();
      await shortLived.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(second) });
      // The first row is gone; only the second token's remains.
      expect(await count()).toBe(1);
    } finally {
      await shortLived.close();
    }
  });
});

describe('private answers', () => {
  it('carry Cache-Control: no-store on every route that needs a token, errors included', async () => {
    const admin = await t.adminToken();
    for (const [url, token, status] of [
      ['/api/admin/auth', admin, 200],
      ['/api/user', admin, 200],
      ['/api/family', admin, 200],
      ['/api/search?family=1', admin, 200],
      ['/api/family/999999', admin, 404],
      ['/api/admin/auth', undefined, 401],
      ['/api/search', admin, 400],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leave public answers to their own caching', async () => {
    for (const url of ['/api/config', '/api/health']) {
      expect((await get(url)).headers['cache-control'], url).not.toBe('no-store');
    }
  });
});

describe('token lifetime', () => {
  it('carries an id and the configured expiry', async () => {
    const token = await t.adminToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      number | string
    >;
    expect(claims.jti).toEqual(expect.any(String));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(12 * 3600);
    expect(body(await get('/api/admin/auth', token)).role).toBe('admin');
  });
});
