import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../harness';
import { startServer, type ServerProcess } from '../server-process';

// Bad passwords sent at once to two server processes sharing one PostgreSQL database: the limit of
// 10 failures a minute per address and username holds across both, because each attempt is counted
// in the statement that checks the limit, before its password is verified.

let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  await fresh.database.close();
  drop = fresh.drop;
  const env = {
    DATABASE_URL: fresh.url!,
    DATA_DIR: '/tmp/dalil-sign-in-race-unused',
    LOGIN_RATE_LIMIT: '10',
    // Room in each process's queue for every attempt, so each one reaches the limit check.
    SIGN_IN_QUEUE: '40',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});
afterAll(async () => {
  for (const s of [a, b]) s?.proc.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await drop();
});

describe('bad sign-ins sent at once to two processes', () => {
  it('get at most 10 passwords checked', async () => {
    const attempt = (base: string, i: number) =>
      fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: `wrong-${i}` }),
      });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(i % 2 === 0 ? a.url : b.url, i)),
    );
    const statuses = answers.map((r) => r.status);
    // 401: the password was verified (and wrong); 429: refused before any verification.
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBeGreaterThan(0);
    for (const r of answers.filter((x) => x.status === 429)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
