import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedTokens } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = client(() => t);

describe('sign-out', () => {
  it('revokes the token it is called with; the account’s other sessions stay valid', async () => {
    const laptop = await t.adminToken();
    const phone = await t.adminToken();
    const res = await api.as(laptop).post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect((await api.as(laptop).get('/api/admin/auth')).statusCode).toBe(401);
    expect((await api.as(laptop).get('/api/family')).statusCode).toBe(401);
    expect((await api.as(phone).get('/api/admin/auth')).statusCode).toBe(200);
    // Signing out twice, or without a valid token, is a 401 like any private route.
    expect((await api.as(laptop).post('/api/logout')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/logout')).statusCode).toBe(401);
  });

  it('works for a catalogue account too', async () => {
    const guest = await t.login('user', 'guest', 'guest');
    expect((await api.as(guest).post('/api/logout')).statusCode).toBe(204);
    expect((await api.as(guest).get('/api/user/auth')).statusCode).toBe(401);
  });

  it('forgets a revocation once the token would have expired anyway', async () => {
    let wall = Date.now();
    const shortLived = await createTestApp({ overrides: { tokenTtlSeconds: 60 }, clock: () => wall });
    try {
      const first = await shortLived.adminToken();
      expect((await client(shortLived).as(first).post('/api/logout')).statusCode).toBe(204);
      const count = async () =>
        (await shortLived.database.db.select({ n: sql<number>`count(*)::int` }).from(revokedTokens))[0]!.n;
      expect(await count()).toBe(1);
      wall += 61_000;
      const second = await shortLived.adminToken();
      await client(shortLived).as(second).post('/api/logout');
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
      const res = await api.as(token).get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leave public answers to their own caching', async () => {
    for (const url of ['/api/config', '/api/health']) {
      expect((await api.anonymous.get(url)).headers['cache-control'], url).not.toBe('no-store');
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
    expect(body(await api.as(token).get('/api/admin/auth')).role).toBe('admin');
  });
});
