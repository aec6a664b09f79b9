import { loadConfig, type Config } from '../../apps/server/src/config/config';

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/** The same configuration in the generating process and in the server process. */
export function benchConfig(dataDir: string, databaseUrl?: string): Config {
  return loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      GUEST_ACCESS: 'true',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_GUEST_LIMIT: '1000',
    },
    { webDist: null },
  );
}
