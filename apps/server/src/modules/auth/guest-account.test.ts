import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ensureAccounts } from '../../seed/accounts';
import type { Database } from '../../db/client';
import { ADMIN_PASSWORD, bearer, body, freshDatabase, testConfig } from '../../../test/harness';
import { GuestAccountError } from './guest-account';

// One database for the file; each `start` is a server start on it with other settings (a restart).
let database: Database;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const config = testConfig(env);
  dirs.push(config.dataDir);
  await ensureAccounts(database.db, config);
  const app = await buildApp({ config, database: { ...database, close: async () => {} } });
  apps.push(app);
  const signIn = (kind: 'admin' | 'user', username: string, password: string) =>
    app.inject({ method: 'POST', url: `/api/${kind}/login`, payload: { username, password } });
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const adminToken = async () => body(await signIn('admin', 'admin', ADMIN_PASSWORD)).token as string;
  return { app, signIn, call, adminToken };
}

describe('the guest account', () => {
  it('is marked as the guest, and keeps its role, name and password; it cannot be deleted', async () => {
    const s = await start();
    const admin = await s.adminToken();
    const list = body(await s.call('GET', '/api/user?search=guest', admin));
    const guest = (list.data as { id: number; username: string; guest: boolean }[]).find(
      (u) => u.username === 'guest',
    )!;
    expect(guest.guest).toBe(true);
    const edit = (changes: object) =>
      s.call('PUT', `/api/user/${guest.id}`, admin, {
        firstName: 'Guest',
        lastName: 'Visitor',
        username: 'guest',
        ...changes,
      });
    const promote = await edit({ role: 'admin' });
    expect(promote.statusCode).toBe(409);
    expect(body(promote).message).toBe(
      'The guest account cannot be given another role: its password is published to every visitor',
    );
    const rename = await edit({ username: 'visitor' });
    expect(rename.statusCode).toBe(409);
    expect(body(rename).message).toMatch(/cannot be renamed/);
    expect((await edit({ password: 'a-new-password' })).statusCode).toBe(409);
    const del = await s.call('DELETE', `/api/user/${guest.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(body(del).message).toMatch(/cannot be deleted/);
    // Still a catalogue account with the published credentials, never an admin.
    expect((await s.signIn('user', 'guest', 'guest')).statusCode).toBe(200);
    expect((await s.signIn('admin', 'guest', 'guest')).statusCode).toBe(401);
    // Its display names may change.
    const names = await edit({ firstName: 'Visitor' });
    expect(names.statusCode).toBe(200);
    expect(body(names)).toMatchObject({ firstName: 'Visitor', role: 'user', guest: true });
  });

  it('is closed by a restart with GUEST_ACCESS=false, and opened again when it is back on', async () => {
    const on = await start();
    const guestToken = body(await on.signIn('user', 'guest', 'guest')).token as string;
    expect((await on.call('GET', '/api/user/auth', guestToken)).statusCode).toBe(200);

    const off = await start({ GUEST_ACCESS: 'false' });
    expect(body(await off.call('GET', '/api/config')).guest).toBeNull();
    expect((await off.signIn('user', 'guest', 'guest')).statusCode).toBe(401);
    expect((await off.call('GET', '/api/user/auth', guestToken)).statusCode).toBe(401);
    expect((await off.call('GET', '/api/family', guestToken)).statusCode).toBe(401);
    // A second start with it still off changes nothing and stays closed.
    const again = await start({ GUEST_ACCESS: 'false' });
    expect((await again.signIn('user', 'guest', 'guest')).statusCode).toBe(401);

    const back = await start();
    expect(body(await back.call('GET', '/api/config')).guest).toEqual({
      username: 'guest',
      password: 'guest',
    });
    expect((await back.signIn('user', 'guest', 'guest')).statusCode).toBe(200);
  });

  it('closes the old account when GUEST_USERNAME changes; the new name is the guest', async () => {
    const before = await start();
    const oldToken = body(await before.signIn('user', 'guest', 'guest')).token as string;
    const after = await start({ GUEST_USERNAME: 'visitor', GUEST_PASSWORD: 'visitor' });
    expect(body(await after.call('GET', '/api/config')).guest).toEqual({
      username: 'visitor',
      password: 'visitor',
    });
    expect((await after.signIn('user', 'guest', 'guest')).statusCode).toBe(401);
    expect((await after.call('GET', '/api/user/auth', oldToken)).statusCode).toBe(401);
    expect((await after.signIn('user', 'visitor', 'visitor')).statusCode).toBe(200);
    // The old account is an ordinary closed account now; only the new one carries the mark.
    const admin = await after.adminToken();
    const users = body(await after.call('GET', '/api/user?limit=100', admin)).data as {
      username: string;
      guest: boolean;
    }[];
    expect(users.filter((u) => u.guest).map((u) => u.username)).toEqual(['visitor']);
  });

  it('refuses to start when GUEST_USERNAME names an administrator', async () => {
    const config = testConfig({ GUEST_USERNAME: 'admin' });
    dirs.push(config.dataDir);
    await expect(ensureAccounts(database.db, config)).rejects.toThrow(GuestAccountError);
  });

  it('publishes credentials in /api/config only while guest access is on', async () => {
    const on = await start();
    expect(body(await on.call('GET', '/api/config')).guest).toEqual({ username: 'guest', password: 'guest' });
    const off = await start({ GUEST_ACCESS: 'off' });
    expect(body(await off.call('GET', '/api/config')).guest).toBeNull();
  });
});
