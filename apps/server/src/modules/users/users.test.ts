import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, body, createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
let adminId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const person = (username: string, extra: object = {}) => ({
  firstName: 'Huda',
  lastName: 'Saleh',
  username,
  password: `${username}-password`,
  ...extra,
});
const create = async (username: string, extra: object = {}) => {
  const res = await call('POST', '/api/user', admin, person(username, extra));
  expect(res.statusCode, res.body).toBe(201);
  return body(res) as { id: number; username: string; role: string };
};
const whoAmI = (token: string) => call('GET', '/api/user/auth', token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = body(await whoAmI(admin)).id as number;
});
afterAll(() => t.close());

describe('users', () => {
  it('creates a catalogue user by default, who can then sign in; never shows a password or hash', async () => {
    const res = await call('POST', '/api/user', admin, person('layla'));
    expect(res.statusCode).toBe(201);
    expect(body(res)).toEqual({
      id: expect.any(Number),
      firstName: 'Huda',
      lastName: 'Saleh',
      username: 'layla',
      role: 'user',
      families: [],
      guest: false,
    });
    const id = body(res).id as number;
    const profile = await call('GET', `/api/user/profile/${id}`, admin);
    expect(body(profile)).toEqual(body(res));
    const list = await call('GET', '/api/user?limit=100', admin);
    for (const r of [res, profile, list]) expect(r.body).not.toMatch(/password|argon2|hash/i);
    const token = await t.login('user', 'layla', 'layla-password');
    expect(body(await whoAmI(token)).role).toBe('user');
  });

  it('names bad fields with a 400: short password, blank names, unknown role', async () => {
    const res = await call('POST', '/api/user', admin, {
      firstName: ' ',
      username: 'x',
      password: 'short',
      role: 'owner',
    });
    expect(res.statusCode).toBe(400);
    const paths = (body(res).details as { path: string; message: string }[]).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.firstName', 'body.lastName', 'body.password', 'body.role']),
    );
    // A validation detail carries the rule's code and params beside its English.
    expect(body(res)).toMatchObject({ code: 'request.validation' });
    expect(body(res).details).toContainEqual({
      path: 'body.password',
      code: 'field.tooShort',
      params: { min: 8 },
      message: 'must be at least 8 characters',
    });
  });

  it('calls an empty password on create missing ("This field is required"), not short', async () => {
    const res = await call('POST', '/api/user', admin, person('no-pass', { password: '' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).details).toMatchObject([{ path: 'body.password', message: 'This field is required' }]);
  });

  it('refuses a username that is taken in any letter case (409), on create and on update', async () => {
    const other = await create('nadia');
    for (const res of [
      await call('POST', '/api/user', admin, person('NADIA')),
      await call('POST', '/api/user', admin, person('Admin')),
      await call('PUT', `/api/user/${other.id}`, admin, person('ADMIN', { password: undefined })),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({
        message: 'username: Username is already taken',
        details: [{ path: 'body.username', message: 'Username is already taken' }],
      });
    }
  });

  it('updates names and username without signing the user out', async () => {
    const user = await create('omar');
    const token = await t.login('user', 'omar', 'omar-password');
    const res = await call('PUT', `/api/user/${user.id}`, admin, {
      firstName: 'Omar',
      lastName: 'Haddad',
      username: 'omar.h',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      id: user.id,
      firstName: 'Omar',
      lastName: 'Haddad',
      username: 'omar.h',
      role: 'user',
      families: [],
      guest: false,
    });
    expect((await whoAmI(token)).statusCode).toBe(200);
  });

  it('revokes the old tokens when the password is reset, and the new password works', async () => {
    const user = await create('sami');
    const token = await t.login('user', 'sami', 'sami-password');
    const res = await call(
      'PUT',
      `/api/user/${user.id}`,
      admin,
      person('sami', { password: 'brand-new-pass' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(token)).statusCode).toBe(401);
    await expect(t.login('user', 'sami', 'sami-password')).rejects.toThrow();
    expect((await whoAmI(await t.login('user', 'sami', 'brand-new-pass'))).statusCode).toBe(200);
  });

  it('gives admins who change their own password a fresh token; their old one gets 401', async () => {
    await create('own-pass', { role: 'admin' });
    const old = await t.login('admin', 'own-pass', 'own-pass-password');
    const me = body(await whoAmI(old)).id as number;
    const res = await call(
      'PUT',
      `/api/user/${me}`,
      old,
      person('own-pass', { role: 'admin', password: 'own-new-pass' }),
    );
    expect(res.statusCode).toBe(200);
    const fresh = body(res).token as string;
    expect(fresh).toEqual(expect.any(String));
    expect(body(await whoAmI(fresh))).toMatchObject({ id: me, username: 'own-pass', role: 'admin' });
    expect((await call('GET', '/api/user', fresh)).statusCode).toBe(200);
    expect((await whoAmI(old)).statusCode).toBe(401);
    // A change that keeps the password gives no token, and the fresh one keeps working.
    const names = await call(
      'PUT',
      `/api/user/${me}`,
      fresh,
      person('own-pass', { role: 'admin', password: '' }),
    );
    expect(names.statusCode).toBe(200);
    expect(body(names)).not.toHaveProperty('token');
    expect((await whoAmI(fresh)).statusCode).toBe(200);
    // The tests below count on a single administrator.
    expect((await call('DELETE', `/api/user/${me}`, admin)).statusCode).toBe(204);
  });

  it("gives no token when an admin changes another user's password; that user's old token gets 401", async () => {
    const user = await create('other-pass');
    const theirs = await t.login('user', 'other-pass', 'other-pass-password');
    const res = await call(
      'PUT',
      `/api/user/${user.id}`,
      admin,
      person('other-pass', { password: 'other-new-pass' }),
    );
    expect(res.statusCode).toBe(200);
    expect(body(res)).not.toHaveProperty('token');
    expect(res.body).not.toMatch(/token/);
    expect((await whoAmI(theirs)).statusCode).toBe(401);
    expect((await whoAmI(admin)).statusCode).toBe(200);
  });

  it('revokes the old tokens when the role changes; a new admin can then administer', async () => {
    const user = await create('rana');
    const token = await t.login('user', 'rana', 'rana-password');
    const res = await call(
      'PUT',
      `/api/user/${user.id}`,
      admin,
      person('rana', { role: 'admin', password: '' }),
    );
    expect(body(res).role).toBe('admin');
    expect((await whoAmI(token)).statusCode).toBe(401);
    const promoted = await t.login('admin', 'rana', 'rana-password');
    expect((await call('GET', '/api/user', promoted)).statusCode).toBe(200);
    // Back to a catalogue user: allowed, since the first admin remains.
    const back = await call('PUT', `/api/user/${user.id}`, admin, person('rana', { role: 'user' }));
    expect(back.statusCode).toBe(200);
    expect((await call('GET', '/api/user', promoted)).statusCode).toBe(401);
  });

  it('never lets the last admin be demoted (409), and nobody delete their own account (409)', async () => {
    const demote = await call('PUT', `/api/user/${adminId}`, admin, {
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'user',
    });
    expect(demote.statusCode).toBe(409);
    expect(body(demote).message).toBe('The last administrator cannot be given another role');
    const self = await call('DELETE', `/api/user/${adminId}`, admin);
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('You cannot delete your own account');
    expect(body(await whoAmI(admin)).role).toBe('admin');
  });

  it('lets an admin be removed while another admin remains', async () => {
    const second = await create('second-admin', { role: 'admin' });
    const secondToken = await t.login('admin', 'second-admin', 'second-admin-password');
    // The second admin demotes the first (whose admin token then stops working)...
    const demote = await call('PUT', `/api/user/${adminId}`, secondToken, {
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'user',
    });
    expect(demote.statusCode).toBe(200);
    expect((await whoAmI(admin)).statusCode).toBe(401);
    // ...and is now the last admin, so cannot demote itself.
    const selfDemote = await call(
      'PUT',
      `/api/user/${second.id}`,
      secondToken,
      person('second-admin', { role: 'user' }),
    );
    expect(selfDemote.statusCode).toBe(409);
    // Restore the first admin, then the second one can be deleted by it.
    await call('PUT', `/api/user/${adminId}`, secondToken, {
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'admin',
    });
    admin = await t.login('admin', 'admin', ADMIN_PASSWORD);
    const del = await call('DELETE', `/api/user/${second.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect((await call('GET', '/api/user', secondToken)).statusCode).toBe(401);
    expect((await call('GET', `/api/user/profile/${second.id}`, admin)).statusCode).toBe(404);
  });

  it('answers 404 for unknown users and 401/403 without an admin token', async () => {
    expect((await call('GET', '/api/user/profile/999999', admin)).statusCode).toBe(404);
    expect((await call('PUT', '/api/user/999999', admin, person('ghost'))).statusCode).toBe(404);
    expect((await call('DELETE', '/api/user/999999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/user')).statusCode).toBe(401);
    await create('plain');
    const plain = await t.login('user', 'plain', 'plain-password');
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/profile/1'],
      ['POST', '/api/user'],
      ['PUT', '/api/user/1'],
      ['DELETE', '/api/user/1'],
    ] as const) {
      expect((await call(method, url, plain, person('x'))).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('user list', () => {
  it('pages in id order with the count, and searches username and names', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++) ids.push((await create(`pager${i}`, { lastName: `Pager-${i}` })).id);
    const page = body(await call('GET', '/api/user?search=pager&limit=2&skip=1', admin));
    expect(page.count).toBe(4);
    expect((page.data as { id: number }[]).map((u) => u.id)).toEqual(ids.slice(1, 3));
    expect(body(await call('GET', '/api/user?search=PAGER-3', admin))).toMatchObject({
      count: 1,
      data: [{ id: ids[2] }],
    });
  });
});
