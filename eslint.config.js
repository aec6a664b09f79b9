import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const APP_SOURCE = ['apps/*/src/**/*.{ts,tsx,js,mjs}'];

// Import boundaries. Each entry is a regular expression over the import specifier (relative paths
// included) and the reason shown when it matches. The rules apply to static imports, re-exports and
// dynamic import() alike.
const WEB_FROM_SERVER = {
  regex: String.raw`(^|/)(apps/)?web/(src|dist|public|index\.html)(/|$)|^@dalil/web(/|$)`,
  message: 'The server never imports the web app: share code through packages/contracts.',
};
const SERVER_FROM_WEB = {
  regex: String.raw`(^|/)(apps/)?server/(src|test|drizzle|dist)(/|$)|^@dalil/server(/|$)`,
  message: 'The web app never imports the server: share code through packages/contracts.',
};
// The web app translates with its own small translator (docs/decisions/0037-in-house-translator.md).
const I18NEXT_FROM_WEB = {
  regex: String.raw`^(react-)?i18next(/|$)`,
  message: 'Translate with lib/i18n.ts (useTranslation, TFunction): i18next is not part of the web app.',
};
const MODULES_FROM_CORE = {
  regex: String.raw`^(\.\./)+(src/)?modules(/|$)`,
  message:
    'db/, lib/ and core/ are the layers modules build on: they import nothing from modules/. Move the shared piece into core/, lib/ or db/.',
};

// Web features: a feature (apps/web/src/features/<area>: admin, auth, catalog, ...) does not import
// another one; shared pieces move to components/ or lib/. Read from the tree so a new feature is
// covered without editing this file. From inside features/, another feature is reached by climbing
// out with ../ (possibly through features/).
const FEATURES_DIR = 'apps/web/src/features';
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureImport = (feature) => ({
  regex: String.raw`^(\.\./)+(features/)?${feature}(/|$)`,
  message: `A feature does not import another feature (${feature}): move the shared piece to components/ or lib/.`,
});

/** no-restricted-imports for static imports and re-exports, no-restricted-syntax for import(). */
function restrictImports(forbidden) {
  return {
    'no-restricted-imports': [
      'error',
      {
        // process.env is read in apps/server/src/config/config.ts only (see below); nobody needs its import form.
        paths: ['process', 'node:process'].map((name) => ({
          name,
          importNames: ['env'],
          message: 'Configuration comes from apps/server/src/config/config.ts.',
        })),
        patterns: forbidden,
      },
    ],
    'no-restricted-syntax': [
      'error',
      ...forbidden.map(({ regex, message }) => ({
        // esquery regular expressions cannot contain a slash: spell it \u002F.
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', String.raw`\u002F`)}/]`,
        message,
      })),
    ],
  };
}

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

  // Import boundaries, most general first: a later block replaces these two rules' options for the
  // files it matches, so each block lists everything that applies to its files.
  { files: ['apps/server/**/*.{ts,js,mjs}'], rules: restrictImports([WEB_FROM_SERVER]) },
  {
    files: ['apps/server/src/db/**', 'apps/server/src/lib/**', 'apps/server/src/core/**'],
    rules: restrictImports([WEB_FROM_SERVER, MODULES_FROM_CORE]),
  },
  { files: ['apps/web/**/*.{ts,tsx,js,mjs}'], rules: restrictImports([SERVER_FROM_WEB, I18NEXT_FROM_WEB]) },
  ...features.map((feature) => ({
    files: [`${FEATURES_DIR}/${feature}/**`],
    rules: restrictImports([
      SERVER_FROM_WEB,
      I18NEXT_FROM_WEB,
      ...features.filter((other) => other !== feature).map(featureImport),
    ]),
  })),
);
