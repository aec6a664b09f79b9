import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const APP_SOURCE = ['apps/*/src/**/*.{ts,tsx,js,mjs}'];

// Import boundaries (layers, the apps apart, one web feature not into another, i18next out of the web
// app) are dependency-cruiser rules: .dependency-cruiser.cjs, checked by `npm run lint:structure`.

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      // Deliberately broken import trees the structure rules are tested on.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            '*.cjs',
            'scripts/*.mjs',
            'apps/server/*.mjs',
            'bench/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // An admin resource's screens.tsx registers its screens; a small resource writes its pages there
    // too, and fast refresh of a registration file is not worth a file of its own.
    files: ['apps/web/src/features/admin/*/screens.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // Asymmetric matchers (expect.any, expect.objectContaining) are typed `any` by design.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },

  // Configuration is parsed once, with every bad variable named at start: apps/server/src/config/config.ts is
  // the only application source that reads process.env. Tests (which set up their own servers),
  // build and tool configs, bench/, scripts/ and e2e/ are tooling around the app and may read it.
  {
    files: APP_SOURCE,
    ignores: ['apps/server/src/config/config.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read configuration through apps/server/src/config/config.ts, the only reader of process.env.',
        },
      ],
    },
  },

  // Each journey file starts from its own fresh server and data directory: that comes with the `test`
  // of e2e/support/fixtures.ts, not Playwright's own.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './support/fixtures': it gives the file its own fresh server.",
            },
          ],
        },
      ],
    },
  },

  // process.env is read in apps/server/src/config/config.ts only (above); nobody needs its import form.
  {
    files: ['apps/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['process', 'node:process'].map((name) => ({
            name,
            importNames: ['env'],
            message: 'Configuration comes from apps/server/src/config/config.ts.',
          })),
        },
      ],
    },
  },
);
