import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVOCATION_DELAY_MS } from '../../src/lib/session-version';
import { freshDatabase } from '../harness';
import { adminToken, startServer, type ServerProcess } from '../server-process';
import { waitFor } from '../wait';

// Scale-out (docs/architecture.md, "Data and engines"): several server processes on one PostgreSQL database and one JWT
// secret behave as one service. Runs in the server:postgres project only.

let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  await fresh.database.close();
  drop = fresh.drop;
  const env = { DATABASE_URL: fresh.url!, DATA_DIR: '/tmp/dalil-scale-out-unused' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});
afterAll(async () => {
  for (const s of [a, b]) s?.proc.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await drop();
});

const call = async (base: string, token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>),
  };
};

describe('two server processes sharing one PostgreSQL database', () => {
  it('accept each other’s tokens', async () => {
    const token = await adminToken(a.url);
    expect((await call(b.url, token, 'GET', '/api/admin/auth')).status).toBe(200);
  });

  it('read through one what was written through the other, including search results', async () => {
    const token = await adminToken(a.url);
    const family = await call(a.url, token, 'POST', '/api/family', {
      nameEn: 'Shared Family',
      nameAr: 'عائلة مشتركة',
    });
    expect(family.status).toBe(201);
    const familyId = family.body!.id as number;
    const category = await call(a.url, token, 'POST', '/api/category', {
      nameEn: 'Tea',
      nameAr: 'شاي',
      family: familyId,
    });
    expect(category.status).toBe(201);

    const seen = await call(b.url, token, 'GET', `/api/family/${familyId}`);
    expect(seen.body).toMatchObject({ nameEn: 'Shared Family', nameAr: 'عائلة مشتركة' });

    // Warm b's search cache, then write through a: b must notice the new catalogue version.
    const search = () => call(b.url, token, 'GET', `/api/search?family=${familyId}&search=karak`);
    expect((await search()).body).toMatchObject({ count: 0 });
    const product = await call(a.url, token, 'POST', '/api/product', {
      nameEn: 'Karak Tea',
      nameAr: 'شاي كرك',
      family: familyId,
      category: category.body!.id,
      barcode: '6281000000014',
    });
    expect(product.status).toBe(201);
    const count = await waitFor(
      async () => {
        const found = (await search()).body!.count as number;
        return found > 0 && found;
      },
      { timeout: 4000, interval: 100 },
    );
    expect(count).toBe(1);
  });

  it('revokes a token everywhere when the password changes through one process', async () => {
    const admin = await adminToken(a.url);
    const created = await call(a.url, admin, 'POST', '/api/user', {
      firstName: 'Lina',
      lastName: 'K',
      username: 'lina',
      password: 'lina-password-1',
    });
    expect(created.status).toBe(201);
    const login = await fetch(`${b.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lina', password: 'lina-password-1' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    expect((await call(a.url, token, 'GET', '/api/user/auth')).status).toBe(200);
    const changed = await call(b.url, admin, 'PUT', `/api/user/${created.body!.id as number}`, {
      firstName: 'Lina',
      lastName: 'K',
      username: 'lina',
      password: 'lina-password-2',
    });
    expect(changed.status).toBe(200);
    expect((await call(b.url, token, 'GET', '/api/user/auth')).status).toBe(401);
    // The other process notices within the revocation delay (docs/decisions/0025).
    await waitFor(async () => (await call(a.url, token, 'GET', '/api/user/auth')).status === 401, {
      timeout: REVOCATION_DELAY_MS + 50,
    });
  });
});
