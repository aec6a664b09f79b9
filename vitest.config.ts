import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One Vitest run for every unit and integration suite. Server suites run on PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it): the same tests on both engines.
const postgresUrl = process.env.TEST_DATABASE_URL;

const serverProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `server:${engine}`,
    root: 'apps/server',
    // test/postgres-only: what only a PostgreSQL server can show (several processes on one database).
    include: [
      'src/**/*.test.ts',
      'test/*.test.ts',
      'test/fuzz/*.test.ts',
      ...(engine === 'postgres' ? ['test/postgres-only/*.test.ts'] : []),
    ],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    provide: { engine, postgresUrl: postgresUrl ?? '' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Checks that keep the documentation true to the tree (docs/*.test.ts).
        test: {
          name: 'docs',
          root: '.',
          include: ['docs/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The project's own tooling: the lint checks shown to fire on deliberately broken trees.
        test: {
          name: 'tools',
          root: 'scripts',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(postgresUrl ? [serverProject('postgres')] : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
  },
});
