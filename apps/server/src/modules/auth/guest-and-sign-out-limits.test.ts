import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedTokens } from '../../db/schema';
import { ADMIN_PASSWORD, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';

// The guest's credentials are public, so without a limit anyone could sign in as the guest and sign
// out in a loop: every sign-out is stored and makes every process re-check its sessions.
const LIMIT = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_GUEST_LIMIT: String(LIMIT), TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

const api = client(() => t);
const signIn = (username: string, password: string, from: string) =>
  api.anonymous.post('/api/user/login', { username, password }, { headers: { 'x-forwarded-for': from } });
const signOut = (token: string, from: string) =>
  api.as(token).post('/api/logout', undefined, { headers: { 'x-forwarded-for': from } });
const revocations = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(revokedTokens))[0]!.n;

describe('guest sign-ins and sign-outs from one address', () => {
  it('are refused past LOGIN_GUEST_LIMIT a minute with 429 and Retry-After; other addresses go on', async () => {
    const from = address();
    for (let i = 0; i < LIMIT; i++) {
      expect((await signIn('guest', 'guest', from)).statusCode, `guest sign-in ${i + 1}`).toBe(200);
    }
    const refused = await signIn('guest', 'guest', from);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe('Too many guest sign-ins from this address; try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await signIn('guest', 'guest', address())).statusCode).toBe(200);
    // The admin signing in from that address is not a guest: not refused.
    const admin = await api.anonymous.post(
      '/api/admin/login',
      { username: 'admin', password: ADMIN_PASSWORD },
      { headers: { 'x-forwarded-for': from } },
    );
    expect(admin.statusCode).toBe(200);
  });

  it('stops a loop of guest sign-ins and sign-outs: nothing more is stored once refused', async () => {
    const from = address();
    const tokens: string[] = [];
    // Tokens taken from elsewhere, signed out from one address.
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await signIn('guest', 'guest', address());
      expect(res.statusCode).toBe(200);
      tokens.push(body(res).token as string);
    }
    const before = await revocations();
    for (let i = 0; i < LIMIT; i++) expect((await signOut(tokens[i]!, from)).statusCode).toBe(204);
    expect(await revocations()).toBe(before + LIMIT);
    const refused = await signOut(tokens[LIMIT]!, from);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe('Too many sign-outs from this address; try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await revocations()).toBe(before + LIMIT);
    // From another address the sign-out goes through.
    expect((await signOut(tokens[LIMIT + 1]!, address())).statusCode).toBe(204);
  });
});
