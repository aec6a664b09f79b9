import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One Vitest run for every unit and integration suite. Server suites run on PGlite, and again on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it): the same tests on both engines.
const postgresUrl = process.env.TEST_DATABASE_URL;

// Files that bound their own process's memory (`*-memory.test.ts`) need a process of their own: in a
// shared worker the resident set still holds what earlier files left.
const memoryBound = (pattern: string) => pattern.replace(/\*\.test\.ts$/, '*-memory.test.ts');

const serverProject = (engine: 'pglite' | 'postgres', memory: boolean) => {
  // test/postgres-only: what only a PostgreSQL server can show (several processes on one database).
  const files = [
    'src/**/*.test.ts',
    'test/*.test.ts',
    'test/fuzz/*.test.ts',
    ...(engine === 'postgres' ? ['test/postgres-only/*.test.ts'] : []),
  ];
  return {
    test: {
      name: memory ? `server:${engine}:memory` : `server:${engine}`,
      root: 'apps/server',
      include: memory ? files.map(memoryBound) : files,
      exclude: memory ? configDefaults.exclude : [...configDefaults.exclude, ...files.map(memoryBound)],
      environment: 'node',
      globalSetup: ['test/global-setup.ts'],
      provide: { engine, postgresUrl: postgresUrl ?? '' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks' as const,
      // Elsewhere files share each worker's loaded modules instead of loading the server anew per file
      // (about 1.2 s a file); each file still builds its own app on its own database
      // (docs/decisions/0017-test-databases.md).
      isolate: memory,
    },
  };
};

export default defineConfig({
  test: {
    // A file per core: Vitest's default is one fewer than the cores (one file at a time on two), and
    // most files wait on a database, a child process or a timer much of the time.
    maxWorkers: availableParallelism(),
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
      serverProject('pglite', false),
      serverProject('pglite', true),
      ...(postgresUrl ? [serverProject('postgres', false), serverProject('postgres', true)] : []),
      'apps/web/vitest.config.ts',
      'apps/web/vitest.admin.config.ts',
    ],
  },
});
