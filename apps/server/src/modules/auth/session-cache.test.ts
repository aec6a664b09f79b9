import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { revokedTokens, users } from '../../db/schema';
import { bumpSessionVersion, REVOCATION_DELAY_MS } from '../../lib/session-version';
import { body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';

// The access guard remembers what each token was found to be (docs/decisions/0025). The clock of the
// session cache only moves when a test moves it: a write through this app must take effect at once
// anyway, and a write by another process within the revocation delay.
let clock = 0;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionCache: { now: () => clock } });
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 10 * REVOCATION_DELAY_MS;
});

const api = client(() => t);
const auth = async (token: string) => (await api.as(token).get('/api/user/auth')).statusCode;

let serial = 0;
/** A new catalogue account, signed in: its id, username and token (already seen by the guard). */
async function signedInUser() {
  const username = `reader${++serial}`;
  const created = await api.as('admin').post('/api/user', {
    firstName: 'Rana',
    lastName: 'Haddad',
    username,
    password: 'reader-password-1',
  });
  expect(created.statusCode).toBe(201);
  const token = await t.login('user', username, 'reader-password-1');
  expect(await auth(token)).toBe(200);
  return { id: body(created).id as number, username, token };
}

const person = (username: string, extra: object = {}) => ({
  firstName: 'Rana',
  lastName: 'Haddad',
  username,
  ...extra,
});

describe('writes through this process take effect at once', () => {
  it('refuses a signed-out token at once', async () => {
    const { token } = await signedInUser();
    expect((await api.as(token).post('/api/logout')).statusCode).toBe(204);
    expect(await auth(token)).toBe(401);
  });

  it('refuses the tokens of a deleted account at once', async () => {
    const { id, token } = await signedInUser();
    expect((await api.as('admin').delete(`/api/user/${id}`)).statusCode).toBe(204);
    expect(await auth(token)).toBe(401);
  });

  it('refuses the old tokens after a password change at once; a new sign-in works', async () => {
    const { id, username, token } = await signedInUser();
    const changed = await api
      .as('admin')
      .put(`/api/user/${id}`, person(username, { password: 'reader-password-2' }));
    expect(changed.statusCode).toBe(200);
    expect(await auth(token)).toBe(401);
    expect(await auth(await t.login('user', username, 'reader-password-2'))).toBe(200);
  });

  it('refuses the old tokens after a role change at once', async () => {
    const { id, username, token } = await signedInUser();
    expect(
      (await api.as('admin').put(`/api/user/${id}`, person(username, { role: 'admin' }))).statusCode,
    ).toBe(200);
    expect(await auth(token)).toBe(401);
  });

  it('answers with the account as it is now after a rename', async () => {
    const { id, username, token } = await signedInUser();
    expect(
      (await api.as('admin').put(`/api/user/${id}`, person(username, { firstName: 'Rania' }))).statusCode,
    ).toBe(200);
    const res = await api.as(token).get('/api/user/auth');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ firstName: 'Rania', username });
  });
});

describe('a token seen before', () => {
  it('is refused once it has expired, though its verdict is cached', async () => {
    // The tokens' clock moves only when the test moves it, so the expiry needs no waiting.
    let wall = Date.now();
    const shortLived = await createTestApp({
      overrides: { tokenTtlSeconds: 60 },
      sessionCache: { now: () => clock },
      clock: () => wall,
    });
    try {
      const token = await shortLived.adminToken();
      const get = () => client(shortLived).as(token).get('/api/admin/auth');
      expect((await get()).statusCode).toBe(200);
      wall += 59_000;
      expect((await get()).statusCode).toBe(200);
      wall += 1_000;
      expect((await get()).statusCode).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it('is looked up as sent: the same claims under another signature are refused', async () => {
    const token = await t.adminToken();
    expect(await auth(token)).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    expect(await auth(`${header}.${payload}.${flipped}`)).toBe(401);
  });
});

describe('writes by another process take effect within the revocation delay', () => {
  // Another process writes to the same database and bumps the session version, as the write path does.
  const elsewhere = (work: Parameters<typeof t.database.db.transaction>[0]) =>
    t.database.db.transaction(async (tx) => {
      await work(tx);
      await bumpSessionVersion(tx);
    });

  const refusedOnlyAfterTheDelay = async (token: string) => {
    expect(await auth(token)).toBe(200);
    clock += REVOCATION_DELAY_MS - 1;
    expect(await auth(token)).toBe(200);
    clock += 1;
    expect(await auth(token)).toBe(401);
  };

  it('refuses a token signed out elsewhere', async () => {
    const { token } = await signedInUser();
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
    await elsewhere(async (tx) => {
      await tx.insert(revokedTokens).values({ jti: jti.jti, expiresAt: new Date(Date.now() + 60_000) });
    });
    await refusedOnlyAfterTheDelay(token);
  });

  it('refuses the tokens of an account deleted elsewhere', async () => {
    const { id, token } = await signedInUser();
    await elsewhere(async (tx) => {
      await tx.delete(users).where(eq(users.id, id));
    });
    await refusedOnlyAfterTheDelay(token);
  });

  it('refuses the old tokens of an account whose password changed elsewhere', async () => {
    const { id, token } = await signedInUser();
    await elsewhere(async (tx) => {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    });
    await refusedOnlyAfterTheDelay(token);
  });
});
