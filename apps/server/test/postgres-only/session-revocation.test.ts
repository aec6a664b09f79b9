import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { REVOCATION_DELAY_MS } from '../../src/lib/session-version';
import { ensureAccounts } from '../../src/seed/accounts';
import { ADMIN_PASSWORD, body, freshDatabase, testConfig } from '../harness';
import { client } from '../client';

// Two app instances on one PostgreSQL database, as two server processes would be (docs/decisions/0025):
// a sign-out or account change through one takes effect there at once, and on the other within the
// revocation delay. The second instance's session cache runs on a clock the test moves.
let a: FastifyInstance;
let b: FastifyInstance;
let url: string;
let drop: () => Promise<void>;
const dataDirs: string[] = [];
let clock = 0;
let admin: string;
/** Requests to instance `a`. */
const onA = client(() => ({ app: a }));

async function instance(now?: () => number) {
  const config = testConfig();
  dataDirs.push(config.dataDir);
  const database = await openDatabase({ url, poolSize: 2 });
  await ensureAccounts(database.db, config);
  return buildApp({ config, database, ...(now ? { sessionCache: { now } } : {}) });
}

beforeAll(async () => {
  const fresh = await freshDatabase();
  await fresh.database.close();
  url = fresh.url!;
  drop = fresh.drop;
  a = await instance();
  b = await instance(() => clock);
  admin = await signIn('admin', 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  clock += 10 * REVOCATION_DELAY_MS;
});

async function signIn(kind: 'admin' | 'user', username: string, password: string) {
  const res = await onA.anonymous.post(`/api/${kind}/login`, { username, password });
  expect(res.statusCode).toBe(200);
  return body(res).token as string;
}
const auth = async (app: FastifyInstance, token: string) =>
  (await client({ app }).as(token).get('/api/user/auth')).statusCode;

let serial = 0;
async function signedInUser() {
  const username = `shared${++serial}`;
  const created = await onA
    .as(admin)
    .post('/api/user', { firstName: 'Sami', lastName: 'Nasser', username, password: 'shared-password-1' });
  expect(created.statusCode).toBe(201);
  const token = await signIn('user', username, 'shared-password-1');
  // Both instances have seen the token and accepted it.
  expect(await auth(a, token)).toBe(200);
  expect(await auth(b, token)).toBe(200);
  return { id: body(created).id as number, username, token };
}

/** Refused by `a` at once; by `b` once its clock has moved on by the revocation delay, not before. */
async function refusedEverywhere(token: string) {
  expect(await auth(a, token)).toBe(401);
  clock += REVOCATION_DELAY_MS - 1;
  expect(await auth(b, token)).toBe(200);
  clock += 1;
  expect(await auth(b, token)).toBe(401);
}

describe('two app instances sharing one PostgreSQL database', () => {
  it('a token signed out through one is refused by the other within the delay', async () => {
    const { token } = await signedInUser();
    const res = await onA.as(token).post('/api/logout');
    expect(res.statusCode).toBe(204);
    await refusedEverywhere(token);
  });

  it('the tokens of an account deleted through one', async () => {
    const { id, token } = await signedInUser();
    const res = await onA.as(admin).delete(`/api/user/${id}`);
    expect(res.statusCode).toBe(204);
    await refusedEverywhere(token);
  });

  it('the old tokens of an account whose password changed through one', async () => {
    const { id, username, token } = await signedInUser();
    const res = await onA.as(admin).put(`/api/user/${id}`, {
      firstName: 'Sami',
      lastName: 'Nasser',
      username,
      password: 'shared-password-2',
    });
    expect(res.statusCode).toBe(200);
    await refusedEverywhere(token);
  });

  it('a token seen before costs no query: answered while the account tables are locked', async () => {
    const { token } = await signedInUser();
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table users, revoked_tokens in access exclusive mode');
      expect(await auth(b, token)).toBe(200);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
  });
});
