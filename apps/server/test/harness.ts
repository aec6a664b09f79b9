import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/config';
import { ensureAccounts } from '../src/seed/accounts';
import { openDatabase, type Database } from '../src/db/client';
import { createDatabase } from './postgres-server';
import type { SessionCacheSettings } from '../src/modules/auth/sessions';
import type { MediaStore } from '../src/lib/media-store';
import type { FeedSettings, SearchCacheSettings, SitemapSettings } from '../src/core/app-module';

export const ADMIN_PASSWORD = 'admin-test-password';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  engine: 'pglite' | 'postgres';
  /** Signs in through the API and returns the token. */
  login(kind: 'admin' | 'user', username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** Signs the guest in (a new session each time); GUEST_ACCESS must be on. */
  guestToken(): Promise<string>;
  close(): Promise<void>;
}

/** A fresh database for one test file: a copy of the migrated template, on PGlite or PostgreSQL. */
export async function freshDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  if (inject('engine') === 'pglite') {
    const database = await openDatabase({ template: inject('pgliteTemplate') });
    return { database, drop: () => Promise.resolve() };
  }
  const { url, drop } = await createDatabase(
    inject('postgresUrl'),
    'dalil_test_',
    inject('postgresTemplate'),
  );
  const database = await openDatabase({ url, poolSize: 4 });
  return { database, drop, url };
}

export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'dalil-test-'));
  return loadConfig(
    {
      DATA_DIR: dataDir,
      JWT_SECRET,
      ADMIN_PASSWORD,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SEED_DEMO: 'false',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_LIMIT: '1000',
      LOGIN_GUEST_LIMIT: '1000',
      ...env,
    },
    { webDist: null, ...overrides },
  );
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: Partial<Config>;
    logStream?: NodeJS.WritableStream;
    searchCache?: SearchCacheSettings;
    sitemap?: SitemapSettings;
    sessionCache?: SessionCacheSettings;
    /** Wall clock (milliseconds since the epoch) of the tokens. */
    clock?: () => number;
    /** Scheduled feeds' clock and polling. */
    feeds?: FeedSettings;
    /** The media store the app is built with, instead of the configuration's. */
    media?: (config: Config) => MediaStore;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env, options.overrides);
  const { database, drop } = await freshDatabase();
  await ensureAccounts(database.db, config);
  const app = await buildApp({
    config,
    database,
    logStream: options.logStream,
    searchCache: options.searchCache,
    sitemap: options.sitemap,
    sessionCache: options.sessionCache,
    clock: options.clock,
    feeds: options.feeds,
    media: options.media?.(config),
  });
  await app.ready();
  const login = async (kind: 'admin' | 'user', username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${kind}/login`,
      payload: { username, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  };
  return {
    app,
    config,
    database,
    engine: database.engine,
    login,
    adminToken: () => login('admin', config.admin.username, ADMIN_PASSWORD),
    guestToken: () => {
      if (!config.guest) throw new Error('this app has no guest account (GUEST_ACCESS is off)');
      return login('user', config.guest.username, config.guest.password);
    },
    close: async () => {
      await app.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The JSON body of a response, typed loosely for assertions. */
export const body = (res: LightMyRequestResponse) => res.json<Record<string, unknown>>();
