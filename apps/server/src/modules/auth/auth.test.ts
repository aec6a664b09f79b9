import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ADMIN_PASSWORD, body, createTestApp, JWT_SECRET, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { insertUser } from '../users/users.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t.database.db, {
    firstName: 'Sara',
    lastName: 'Ali',
    username: 'sara',
    password: 'sara-password',
    role: 'user',
  });
});
afterAll(() => t.close());

const api = client(() => t);

describe('sign-in', () => {
  it('gives an admin a token that the admin check accepts, without the password hash', async () => {
    const token = await t.adminToken();
    const res = await api.as(token).get('/api/admin/auth');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      id: expect.any(Number),
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'admin',
      families: [],
    });
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('accepts the username in any letter case', async () => {
    const res = await api.anonymous.post('/api/admin/login', { username: 'ADMIN', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await api.anonymous.post('/api/admin/login', { username: 'admin', password: 'not-it' });
    const unknown = await api.anonymous.post('/api/admin/login', { username: 'nobody', password: 'not-it' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Incorrect username or password',
      });
    }
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const time = async (username: string) => {
      const started = performance.now();
      await api.anonymous.post('/api/admin/login', { username, password: 'not-it' });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('admin'));
      unknown.push(await time(`ghost-${i}`));
    }
    // Both paths run one argon2id verification; without it the unknown user would answer in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('names each missing field with a 400', async () => {
    const res = await api.anonymous.post('/api/user/login', { username: '  ' });
    expect(res.statusCode).toBe(400);
    expect(body(res).details).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.username', message: 'This field is required' }),
        expect.objectContaining({ path: 'body.password', message: 'This field is required' }),
      ]),
    );
  });

  it('rejects a body that is not JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('does not let a catalogue user into the admin sign-in', async () => {
    const res = await api.anonymous.post('/api/admin/login', { username: 'sara', password: 'sara-password' });
    expect(res.statusCode).toBe(401);
  });

  it('gives a catalogue user a token for the catalogue check, and 403 on admin routes', async () => {
    const token = await t.login('user', 'sara', 'sara-password');
    expect((await api.as(token).get('/api/user/auth')).statusCode).toBe(200);
    const admin = await api.as(token).get('/api/admin/auth');
    expect(admin.statusCode).toBe(403);
    expect(body(admin).message).toBe('This needs an administrator or editor account');
  });

  it('lets an admin use the catalogue too', async () => {
    const token = await t.adminToken();
    expect(body(await api.as(token).get('/api/user/auth')).role).toBe('admin');
  });
});

describe('answers that carry a token', () => {
  it('are never stored: sign-ins (admin, user, guest, refused) and an own password change', async () => {
    const second = await insertUser(t.database.db, {
      firstName: 'Nadia',
      lastName: 'K',
      username: 'nadia',
      password: 'nadia-password',
      role: 'admin',
    });
    const nadia = await t.login('admin', 'nadia', 'nadia-password');
    const answers = {
      admin: await api.anonymous.post('/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD }),
      user: await api.anonymous.post('/api/user/login', { username: 'sara', password: 'sara-password' }),
      guest: await api.anonymous.post('/api/user/login', { username: 'guest', password: 'guest' }),
      wrong: await api.anonymous.post('/api/admin/login', { username: 'admin', password: 'not-it' }),
      invalid: await api.anonymous.post('/api/user/login', { username: '' }),
      ownPassword: await api.as(nadia).put(`/api/user/${second.id}`, {
        firstName: 'Nadia',
        lastName: 'K',
        username: 'nadia',
        password: 'nadia-password-2',
        role: 'admin',
      }),
    };
    expect(answers.admin.statusCode).toBe(200);
    expect(answers.user.statusCode).toBe(200);
    expect(answers.guest.statusCode).toBe(200);
    expect(answers.wrong.statusCode).toBe(401);
    expect(answers.invalid.statusCode).toBe(400);
    expect(answers.ownPassword.statusCode).toBe(200);
    expect(body(answers.ownPassword).token).toEqual(expect.any(String));
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    await t.database.db.delete(users).where(eq(users.id, second.id));
  });
});

describe('tokens', () => {
  const key = new TextEncoder().encode(JWT_SECRET);
  const forge = (claims: Record<string, unknown>, secret = key, exp = '1h') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(secret);

  it('refuses a missing, malformed, foreign, unsigned or expired token with 401', async () => {
    const foreign = await forge(
      { role: 'admin', tv: 0 },
      new TextEncoder().encode('another-secret-another-secret-another'),
    );
    const expired = await forge({ role: 'admin', tv: 0 }, key, '-1s');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: '1', role: 'admin', tv: 0 })).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    for (const token of [undefined, 'garbage', foreign, expired, unsigned]) {
      const res = await api.as(token).get('/api/admin/auth');
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auth',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stops old tokens at once when the password, the role or the account changes', async () => {
    const user = await insertUser(t.database.db, {
      firstName: 'Omar',
      lastName: 'H',
      username: 'omar',
      password: 'omar-password',
      role: 'user',
    });
    const token = await t.login('user', 'omar', 'omar-password');
    expect((await api.as(token).get('/api/user/auth')).statusCode).toBe(200);
    // Account changes go through the session write path, as the user service's do.
    const { sessions } = t.app.ctx;
    await sessions.write((tx) =>
      tx
        .update(users)
        .set({ tokenVersion: user.tokenVersion + 1 })
        .where(eq(users.id, user.id)),
    );
    expect((await api.as(token).get('/api/user/auth')).statusCode).toBe(401);

    const second = await t.login('user', 'omar', 'omar-password');
    expect((await api.as(second).get('/api/user/auth')).statusCode).toBe(200);
    await sessions.write((tx) => tx.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)));
    expect((await api.as(second).get('/api/user/auth')).statusCode).toBe(401);

    const third = await t.login('user', 'omar', 'omar-password');
    expect((await api.as(third).get('/api/admin/auth')).statusCode).toBe(200);
    await sessions.write((tx) => tx.delete(users).where(eq(users.id, user.id)));
    expect((await api.as(third).get('/api/admin/auth')).statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after too many attempts for one username, and not for another', async () => {
    const limited = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const attempt = (username: string) =>
        client(limited).anonymous.post('/api/admin/login', { username, password: 'wrong' });
      for (let i = 0; i < 3; i++) expect((await attempt('admin')).statusCode).toBe(401);
      const blocked = await attempt('admin');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(blocked)).toMatchObject({ statusCode: 429 });
      expect((await attempt('someone-else')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
