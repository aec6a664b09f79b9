import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'dalil-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.tokenTtlSeconds).toBe(12 * 3600);
    expect(c.admin.username).toBe('admin');
    expect(c.guest).toEqual({ username: 'guest', password: 'guest' });
    expect(c.seedDemo).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('generates the JWT secret once, keeps it in DATA_DIR with mode 600, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('keeps PUBLIC_URL without its trailing slash, and refuses an address that is not http(s)', () => {
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://catalogue.example/' }).publicUrl).toBe(
      'https://catalogue.example',
    );
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'ftp://catalogue.example' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the outbound allowlists as lower-case host lists, feeds taking both', () => {
    const { outbound } = loadConfig({
      DATA_DIR: dir,
      OUTBOUND_ALLOWED_HOSTS: ' ERP.example , 10.0.0.5',
      FEED_ALLOWED_HOSTS: 'files.lan',
    });
    expect(outbound).toEqual({
      allowedHosts: ['erp.example', '10.0.0.5'],
      feedAllowedHosts: ['erp.example', '10.0.0.5', 'files.lan'],
    });
    expect(() => loadConfig({ DATA_DIR: dir, OUTBOUND_ALLOWED_HOSTS: 'https://erp.example/' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS/,
    );
    const ports = 'erp.example:8080, 10.0.0.5:443, [fd00::5]:8443, [fd00::6], fd00::7';
    expect(loadConfig({ DATA_DIR: dir, OUTBOUND_ALLOWED_HOSTS: ports }).outbound.allowedHosts).toEqual([
      'erp.example:8080',
      '10.0.0.5:443',
      '[fd00::5]:8443',
      '[fd00::6]',
      'fd00::7',
    ]);
    for (const bad of [
      'erp.example:99999',
      'erp.example:0',
      '[fd00::5',
      '[not-v6]:80',
      'a@b',
      'erp.example/x',
    ])
      expect(() => loadConfig({ DATA_DIR: dir, FEED_ALLOWED_HOSTS: bad }), bad).toThrow(/FEED_ALLOWED_HOSTS/);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        PORT: 'eighty',
        TOKEN_TTL: 'forever',
        GUEST_ACCESS: 'maybe',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'TOKEN_TTL', 'GUEST_ACCESS', 'DATABASE_URL', 'JWT_SECRET'])
      expect(problems).toContain(name);
  });

  it('requires JWT_SECRET with DATABASE_URL, so that every process sharing the database signs alike', () => {
    const url = 'postgres://dalil@db.example:5432/dalil';
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dir, ...env });
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ DATABASE_URL: url })).toMatchObject([
      'JWT_SECRET: is required with DATABASE_URL (32+ characters, the same on every process sharing the database)',
    ]);
    expect(problems({ DATABASE_URL: url, JWT_SECRET: '' })).toContain(
      'JWT_SECRET: is empty: set 32+ characters, or remove it to use the generated one',
    );
    expect(problems({ JWT_SECRET: '   ' })).toMatchObject([
      'JWT_SECRET: is empty: set 32+ characters, or remove it to use the generated one',
    ]);
    expect(problems({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(31) })).toMatchObject([
      'JWT_SECRET: must be at least 32 characters',
    ]);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe(
      'x'.repeat(32),
    );
    // One process on the embedded database keeps generating its own.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads JOBS: on unless turned off', () => {
    expect(loadConfig({ DATA_DIR: dir }).jobs).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, JOBS: 'off' }).jobs).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, JOBS: 'sometimes' })).toThrow(ConfigError);
  });

  it('reads durations, switches and lists', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      TOKEN_TTL: '30m',
      GUEST_ACCESS: 'off',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(c.tokenTtlSeconds).toBe(1800);
    expect(c.guest).toBeNull();
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});

describe('limits and secrets in the configuration', () => {
  it('caps TOKEN_TTL at 30 days', () => {
    expect(loadConfig({ DATA_DIR: dir, TOKEN_TTL: '30d' }).tokenTtlSeconds).toBe(30 * 86400);
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_TTL: '31d' })).toThrow(/TOKEN_TTL: must be at most 30d/);
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_TTL: '721h' })).toThrow(/TOKEN_TTL/);
  });

  it('refuses a TOKEN_TTL under 5 minutes, saying so', () => {
    expect(loadConfig({ DATA_DIR: dir, TOKEN_TTL: '5m' }).tokenTtlSeconds).toBe(300);
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_TTL: '299s' })).toThrow(/TOKEN_TTL: must be at least 5m/);
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_TTL: '1s' })).toThrow(ConfigError);
  });

  it('refuses CORS_ORIGINS=* and asks for the origins to be listed', () => {
    for (const value of ['*', 'https://a.example, *']) {
      expect(() => loadConfig({ DATA_DIR: dir, CORS_ORIGINS: value })).toThrow(
        /CORS_ORIGINS: must list the allowed origins .*not \*/,
      );
    }
  });

  it('reads TRUST_PROXY as off, a hop count, or addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('creates DATA_DIR with mode 700 and the secret exclusively with mode 600', () => {
    const fresh = join(dir, 'fresh', 'data');
    loadConfig({ DATA_DIR: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('refuses a secret file other accounts can read, or one too short', () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared, { mode: 0o700 });
    writeFileSync(join(shared, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
    chmodSync(join(shared, 'jwt-secret'), 0o644);
    expect(() => loadConfig({ DATA_DIR: shared })).toThrow(
      /can be read by other accounts \(mode 644\): run chmod 600/,
    );
    const short = join(dir, 'short');
    mkdirSync(short, { mode: 0o700 });
    writeFileSync(join(short, 'jwt-secret'), 'too-short\n', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: short })).toThrow(
      /holds a secret of 9 characters; it must be at least 32/,
    );
  });

  it('reads the statement timeout and the sign-in limits', () => {
    const c = loadConfig({ DATA_DIR: dir, STATEMENT_TIMEOUT: '10s', LOGIN_ADDRESS_LIMIT: '50' });
    expect(c.statementTimeoutMs).toBe(10_000);
    expect(c.signIn).toEqual({
      perAddressAndUsername: 10,
      perAddress: 50,
      guestPerAddress: 60,
      concurrency: 1,
      queue: 16,
    });
    expect(loadConfig({ DATA_DIR: dir, LOGIN_GUEST_LIMIT: '200' }).signIn.guestPerAddress).toBe(200);
    expect(() => loadConfig({ DATA_DIR: dir, LOGIN_GUEST_LIMIT: '0' })).toThrow(/LOGIN_GUEST_LIMIT/);
    expect(loadConfig({ DATA_DIR: dir }).statementTimeoutMs).toBe(5000);
  });

  it('caps uncached searches at the number of cores unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).search).toEqual({ concurrency: availableParallelism(), queue: 500 });
    const c = loadConfig({ DATA_DIR: dir, SEARCH_CONCURRENCY: '6', SEARCH_QUEUE: '40' });
    expect(c.search).toEqual({ concurrency: 6, queue: 40 });
    expect(() => loadConfig({ DATA_DIR: dir, SEARCH_CONCURRENCY: '0' })).toThrow(/SEARCH_CONCURRENCY/);
  });
});
