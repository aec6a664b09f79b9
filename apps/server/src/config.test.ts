import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
