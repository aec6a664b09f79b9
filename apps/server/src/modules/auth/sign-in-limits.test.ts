import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ADMIN_PASSWORD, body, createTestApp, type TestApp } from '../../../test/harness';
import { client } from '../../../test/client';

// The production limits (10 a minute per address and username, 30 per address), not the harness's.
// Every refusal (429) is held for a second before it is answered (sign-in.ts): refusals whose order
// does not matter are sent together, so that the file waits that second once instead of each time.
const LIMITS = { LOGIN_RATE_LIMIT: '10', LOGIN_ADDRESS_LIMIT: '30' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

let nextAddress = 1;
/** A fresh client address for each test, so the tests do not share counters. */
const address = () => `198.51.100.${nextAddress++}`;

const api = client(() => t);
const signIn = (kind: 'admin' | 'user', username: string, password: string, from: string, app = api) =>
  app.anonymous.post(`/api/${kind}/login`, { username, password }, { headers: { 'x-forwarded-for': from } });

describe('sign-in limits', () => {
  it('lets 50 guests in from one address while 16 bad admin guesses from it are throttled, and the admin still signs in from elsewhere', async () => {
    const office = address();
    for (let i = 0; i < 50; i++) {
      const res = await signIn('user', 'guest', 'guest', office);
      expect(res.statusCode, `guest sign-in ${i + 1}`).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn('admin', 'admin', `wrong-${i}`, office)).statusCode);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));
    // Past the limit: the next six guesses are refused, while guests from that address are still let
    // in, and so is the real admin from home.
    const [refused, guest, home] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, (_, i) => signIn('admin', 'admin', `wrong-${10 + i}`, office))),
      signIn('user', 'guest', 'guest', office),
      signIn('admin', 'admin', ADMIN_PASSWORD, address()),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429, 429, 429, 429]);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(guest.statusCode).toBe(200);
    expect(home.statusCode).toBe(200);
    expect(body(home).token).toEqual(expect.any(String));
  });

  it('verifies at most 10 of 20 bad passwords sent at once for one account', async () => {
    // A queue long enough for all of them: every attempt reaches the limit check.
    const wide = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '1', SIGN_IN_QUEUE: '40' } });
    try {
      const from = address();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => signIn('admin', 'admin', `burst-${i}`, from, client(wide))),
      );
      const statuses = answers.map((r) => r.statusCode);
      // 401: the password was checked and was wrong; 429: refused before any check.
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      for (const r of answers.filter((a) => a.statusCode === 429)) {
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The right password from elsewhere still gets in, and the count of the failures stands.
      const [elsewhere, same] = await Promise.all([
        signIn('admin', 'admin', ADMIN_PASSWORD, address(), client(wide)),
        signIn('admin', 'admin', ADMIN_PASSWORD, from, client(wide)),
      ]);
      expect(elsewhere.statusCode).toBe(200);
      expect(same.statusCode).toBe(429);
    } finally {
      await wide.close();
    }
  });

  it('does not count a right password against the address: 40 people behind one address sign in', async () => {
    const office = address();
    const token = await t.adminToken();
    for (let i = 0; i < 40; i++) {
      const created = await api.as(token).post('/api/user', {
        firstName: 'Staff',
        lastName: String(i),
        username: `office-${i}`,
        password: 'office-password',
      });
      expect(created.statusCode).toBe(201);
    }
    for (let i = 0; i < 40; i++) {
      expect((await signIn('user', `office-${i}`, 'office-password', office)).statusCode, `person ${i}`).toBe(
        200,
      );
    }
  });

  it('stops one address trying a password against many usernames after 30 failures', async () => {
    const sprayer = address();
    for (let i = 0; i < 30; i++) {
      expect((await signIn('user', `person-${i}`, 'Summer2026!', sprayer)).statusCode).toBe(401);
    }
    const [blocked, elsewhere] = await Promise.all([
      signIn('user', 'person-new', 'Summer2026!', sprayer),
      signIn('user', 'person-new', 'Summer2026!', address()),
    ]);
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).message).toBe('Too many failed sign-ins; try again later');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect(elsewhere.statusCode).toBe(401);
  });

  it('counts failures of both sign-in routes together', async () => {
    const from = address();
    for (let i = 0; i < 5; i++) expect((await signIn('admin', 'shared', 'x', from)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await signIn('user', 'shared', 'x', from)).statusCode).toBe(401);
    const refused = await Promise.all([
      signIn('user', 'shared', 'x', from),
      signIn('admin', 'shared', 'x', from),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429]);
  });

  it('slows a username guessed from many addresses instead of locking it', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await signIn('user', 'sara-target', 'guess', address())).statusCode).toBe(401);
    }
    await api.as(await t.adminToken()).post('/api/user', {
      firstName: 'Sara',
      lastName: 'T',
      username: 'sara-target',
      password: 'sara-password',
    });
    const started = performance.now();
    const res = await signIn('user', 'sara-target', 'sara-password', address());
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    // 12 failures: held for 1 s (250 ms doubling after 10), then let in.
    expect(took).toBeGreaterThanOrEqual(900);
  });

  it('does not count a wrong guest password as a guest sign-in', async () => {
    const from = address();
    for (let i = 0; i < 10; i++) expect((await signIn('user', 'guest', 'nope', from)).statusCode).toBe(401);
    // Refused, while the published password still gets in from that address.
    const [refused, published] = await Promise.all([
      signIn('user', 'guest', 'nope', from),
      signIn('user', 'guest', 'guest', from),
    ]);
    expect(refused.statusCode).toBe(429);
    expect(published.statusCode).toBe(200);
  });

  it('takes the address from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const untrusting = await createTestApp({ env: LIMITS });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await signIn('admin', 'admin', 'x', `203.0.113.${i}`, client(untrusting));
        expect(res.statusCode).toBe(401);
      }
      // Without TRUST_PROXY every attempt came from the test client's own address; with TRUST_PROXY=1
      // (the shared app, while that refusal is held) each forwarded address has its own count.
      const proxied = async () => {
        for (let i = 0; i < 10; i++) {
          expect((await signIn('admin', 'proxied', 'x', `203.0.113.${i}`)).statusCode).toBe(401);
        }
      };
      const [refused] = await Promise.all([
        signIn('admin', 'admin', 'x', '203.0.113.99', client(untrusting)),
        proxied(),
      ]);
      expect(refused.statusCode).toBe(429);
    } finally {
      await untrusting.close();
    }
  });

  it('keeps the counters in the database, shared by every server process', async () => {
    // A second app on the same database stands for a second process.
    const second = await buildApp({ config: t.config, database: { ...t.database, close: async () => {} } });
    try {
      // A username no other test guesses at: its own failures stay under the delay.
      const from = address();
      for (let i = 0; i < 5; i++) expect((await signIn('admin', 'counted', 'x', from)).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) {
        expect((await signIn('admin', 'counted', 'x', from, client({ app: second }))).statusCode).toBe(401);
      }
      const refused = await Promise.all([
        signIn('admin', 'counted', 'x', from),
        signIn('admin', 'counted', 'x', from, client({ app: second })),
      ]);
      expect(refused.map((r) => r.statusCode)).toEqual([429, 429]);
    } finally {
      await second.close();
    }
  });
});

describe('password verification queue', () => {
  it('runs a few verifications at once and answers the overflow 429 with Retry-After, never 5xx', async () => {
    const narrow = await createTestApp({
      env: { SIGN_IN_CONCURRENCY: '1', SIGN_IN_QUEUE: '2', TRUST_PROXY: '1' },
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          narrow.app.inject({
            method: 'POST',
            url: '/api/admin/login',
            payload: { username: `burst-${i}`, password: 'x' },
            headers: { 'x-forwarded-for': `192.0.2.${i}` },
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(3);
      const refused = results.filter((r) => r.statusCode === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.headers['retry-after']).toBe('1');
        expect(body(r).message).toBe('Too many sign-ins at once; try again in a moment');
      }
    } finally {
      await narrow.close();
    }
  });

  it('keeps a place in the queue for another address while one address floods it', async () => {
    const narrow = await createTestApp({
      env: { SIGN_IN_CONCURRENCY: '1', SIGN_IN_QUEUE: '4', TRUST_PROXY: '1' },
    });
    try {
      const attempt = (username: string, password: string, from: string) =>
        narrow.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username, password },
          headers: { 'x-forwarded-for': from },
        });
      const flood = Array.from({ length: 30 }, (_, i) => attempt(`flood-${i}`, 'x', '203.0.113.7'));
      const admin = attempt('admin', ADMIN_PASSWORD, '192.0.2.99');
      const [adminRes, ...floodRes] = await Promise.all([admin, ...flood]);
      expect(adminRes.statusCode).toBe(200);
      expect(floodRes.some((r) => r.statusCode === 429)).toBe(true);
      expect(floodRes.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    } finally {
      await narrow.close();
    }
  });
});
