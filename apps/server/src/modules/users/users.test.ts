import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';
import { createdObject } from '../../../test/fixtures';

let t: TestApp;
let admin: string;
let adminId: number;

// The admin's token changes in a test (it is demoted and signs in again): requests send the current one.
const api = client(() => t);
const person = (username: string, extra: object = {}) => ({
  firstName: 'Huda',
  lastName: 'Saleh',
  username,
  password: `${username}-password`,
  ...extra,
});
type User = { id: number; username: string; role: string };
const whoAmI = (token: string) => api.as(token).get('/api/user/auth');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = body(await whoAmI(admin)).id as number;
});
afterAll(() => t.close());

describe('users', () => {
  it('creates a catalogue user by default, who can then sign in; never shows a password or hash', async () => {
    const res = await api.as(admin).post('/api/user', person('layla'));
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
    const profile = await api.as(admin).get(`/api/user/profile/${id}`);
    expect(body(profile)).toEqual(body(res));
    const list = await api.as(admin).get('/api/user?limit=100');
    for (const r of [res, profile, list]) expect(r.body).not.toMatch(/password|argon2|hash/i);
    const token = await t.login('user', 'layla', 'layla-password');
    expect(body(await whoAmI(token)).role).toBe('user');
  });

  it('names bad fields with a 400: short password, blank names, unknown role', async () => {
    const res = await api.as(admin).post('/api/user', {
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
    const res = await api.as(admin).post('/api/user', person('no-pass', { password: '' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).details).toMatchObject([{ path: 'body.password', message: 'This field is required' }]);
  });

  it('refuses a username that is taken in any letter case (409), on create and on update', async () => {
    const other = await createdObject<User>(api.as(admin), '/api/user', person('nadia'));
    for (const res of [
      await api.as(admin).post('/api/user', person('NADIA')),
      await api.as(admin).post('/api/user', person('Admin')),
      await api.as(admin).put(`/api/user/${other.id}`, person('ADMIN', { password: undefined })),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(body(res)).toMatchObject({
        message: 'username: Username is already taken',
        details: [{ path: 'body.username', message: 'Username is already taken' }],
      });
    }
  });

  it('updates names and username without signing the user out', async () => {
    const user = await createdObject<User>(api.as(admin), '/api/user', person('omar'));
    const token = await t.login('user', 'omar', 'omar-password');
    const res = await api.as(admin).put(`/api/user/${user.id}`, {
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
    const user = await createdObject<User>(api.as(admin), '/api/user', person('sami'));
    const token = await t.login('user', 'sami', 'sami-password');
    const res = await api
      .as(admin)
      .put(`/api/user/${user.id}`, person('sami', { password: 'brand-new-pass' }));
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(token)).statusCode).toBe(401);
    await expect(t.login('user', 'sami', 'sami-password')).rejects.toThrow();
    expect((await whoAmI(await t.login('user', 'sami', 'brand-new-pass'))).statusCode).toBe(200);
  });

  it('gives admins who change their own password a fresh token; their old one gets 401', async () => {
    await createdObject<User>(api.as(admin), '/api/user', person('own-pass', { role: 'admin' }));
    const old = await t.login('admin', 'own-pass', 'own-pass-password');
    const me = body(await whoAmI(old)).id as number;
    const res = await api
      .as(old)
      .put(`/api/user/${me}`, person('own-pass', { role: 'admin', password: 'own-new-pass' }));
    expect(res.statusCode).toBe(200);
    const fresh = body(res).token as string;
    expect(fresh).toEqual(expect.any(String));
    expect(body(await whoAmI(fresh))).toMatchObject({ id: me, username: 'own-pass', role: 'admin' });
    expect((await api.as(fresh).get('/api/user')).statusCode).toBe(200);
    expect((await whoAmI(old)).statusCode).toBe(401);
    // A change that keeps the password gives no token, and the fresh one keeps working.
    const names = await api
      .as(fresh)
      .put(`/api/user/${me}`, person('own-pass', { role: 'admin', password: '' }));
    expect(names.statusCode).toBe(200);
    expect(body(names)).not.toHaveProperty('token');
    expect((await whoAmI(fresh)).statusCode).toBe(200);
    // The tests below count on a single administrator.
    expect((await api.as(admin).delete(`/api/user/${me}`)).statusCode).toBe(204);
  });

  it("gives no token when an admin changes another user's password; that user's old token gets 401", async () => {
    const user = await createdObject<User>(api.as(admin), '/api/user', person('other-pass'));
    const theirs = await t.login('user', 'other-pass', 'other-pass-password');
    const res = await api
      .as(admin)
      .put(`/api/user/${user.id}`, person('other-pass', { password: 'other-new-pass' }));
    expect(res.statusCode).toBe(200);
    expect(body(res)).not.toHaveProperty('token');
    expect(res.body).not.toMatch(/token/);
    expect((await whoAmI(theirs)).statusCode).toBe(401);
    expect((await whoAmI(admin)).statusCode).toBe(200);
  });

  it('revokes the old tokens when the role changes; a new admin can then administer', async () => {
    const user = await createdObject<User>(api.as(admin), '/api/user', person('rana'));
    const token = await t.login('user', 'rana', 'rana-password');
    const res = await api
      .as(admin)
      .put(`/api/user/${user.id}`, person('rana', { role: 'admin', password: '' }));
    expect(body(res).role).toBe('admin');
    expect((await whoAmI(token)).statusCode).toBe(401);
    const promoted = await t.login('admin', 'rana', 'rana-password');
    expect((await api.as(promoted).get('/api/user')).statusCode).toBe(200);
    // Back to a catalogue user: allowed, since the first admin remains.
    const back = await api.as(admin).put(`/api/user/${user.id}`, person('rana', { role: 'user' }));
    expect(back.statusCode).toBe(200);
    expect((await api.as(promoted).get('/api/user')).statusCode).toBe(401);
  });

  it('never lets the last admin be demoted (409), and nobody delete their own account (409)', async () => {
    const demote = await api.as(admin).put(`/api/user/${adminId}`, {
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'user',
    });
    expect(demote.statusCode).toBe(409);
    expect(body(demote).message).toBe('The last administrator cannot be given another role');
    const self = await api.as(admin).delete(`/api/user/${adminId}`);
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('You cannot delete your own account');
    expect(body(await whoAmI(admin)).role).toBe('admin');
  });

  it('lets an admin be removed while another admin remains', async () => {
    const second = await createdObject<User>(
      api.as(admin),
      '/api/user',
      person('second-admin', { role: 'admin' }),
    );
    const secondToken = await t.login('admin', 'second-admin', 'second-admin-password');
    // The second admin demotes the first (whose admin token then stops working)...
    const demote = await api.as(secondToken).put(`/api/user/${adminId}`, {
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'user',
    });
    expect(demote.statusCode).toBe(200);
    expect((await whoAmI(admin)).statusCode).toBe(401);
    // ...and is now the last admin, so cannot demote itself.
    const selfDemote = await api
      .as(secondToken)
      .put(`/api/user/${second.id}`, person('second-admin', { role: 'user' }));
    expect(selfDemote.statusCode).toBe(409);
    // Restore the first admin, then the second one can be deleted by it.
    await api.as(secondToken).put(`/api/user/${adminId}`, {
      firstName: 'Dalil',
      lastName: 'Admin',
      username: 'admin',
      role: 'admin',
    });
    admin = await t.login('admin', 'admin', ADMIN_PASSWORD);
    const del = await api.as(admin).delete(`/api/user/${second.id}`);
    expect(del.statusCode).toBe(204);
    expect((await api.as(secondToken).get('/api/user')).statusCode).toBe(401);
    expect((await api.as(admin).get(`/api/user/profile/${second.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown users and 401/403 without an admin token', async () => {
    expect((await api.as(admin).get('/api/user/profile/999999')).statusCode).toBe(404);
    expect((await api.as(admin).put('/api/user/999999', person('ghost'))).statusCode).toBe(404);
    expect((await api.as(admin).delete('/api/user/999999')).statusCode).toBe(404);
    expect((await api.anonymous.get('/api/user')).statusCode).toBe(401);
    await createdObject<User>(api.as(admin), '/api/user', person('plain'));
    const plain = await t.login('user', 'plain', 'plain-password');
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/profile/1'],
      ['POST', '/api/user'],
      ['PUT', '/api/user/1'],
      ['DELETE', '/api/user/1'],
    ] as const) {
      expect((await api.as(plain).send(method, url, person('x'))).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('user list', () => {
  it('pages in id order with the count, and searches username and names', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++)
      ids.push(
        (
          await createdObject<User>(
            api.as(admin),
            '/api/user',
            person(`pager${i}`, { lastName: `Pager-${i}` }),
          )
        ).id,
      );
    const page = body(await api.as(admin).get('/api/user?search=pager&limit=2&skip=1'));
    expect(page.count).toBe(4);
    expect((page.data as { id: number }[]).map((u) => u.id)).toEqual(ids.slice(1, 3));
    expect(body(await api.as(admin).get('/api/user?search=PAGER-3'))).toMatchObject({
      count: 1,
      data: [{ id: ids[2] }],
    });
  });
});
