// Every import rule of the project: layers, the apps kept apart, test kits, cycles between files and
// between folders. `npm run lint` checks them through scripts/check-structure.ts, which runs the rules
// with `scope: 'folder'` over production files only (see no-circular-folders). Paths are relative to
// the repository root. scripts/check-structure.test.ts runs this same file over small trees under
// scripts/lint-fixtures/ and shows every rule firing by its name; scripts/structure-docs.test.ts keeps
// the list in docs/architecture.md ("Checked structure") equal to the rule names here.

/** Test files and test kits: they may import test kits; nothing else may. */
const TEST_FILE = String.raw`\.test\.tsx?$`;
const TEST_KIT = String.raw`(\.test-kit\.ts$|^apps/server/test/|^apps/web/src/test/)`;
/** The browser journeys are tests as a whole, their support files included. */
const BROWSER_TESTS = '^e2e/';
/** Benchmarks are test tooling too: they build their data with the tests' kits (zip, S3, demo rows). */
const BENCHMARKS = '^bench/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // The two apps share code through packages/contracts only.
    {
      name: 'server-web-apart',
      severity: 'error',
      comment:
        'apps/server and apps/web never import each other (sources, tests, builds): what they share lives ' +
        'in packages/contracts.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },

    // Web: lib/ and components/ are the layers features and app/ build on.
    {
      name: 'web-lib-components-not-to-features-app',
      severity: 'error',
      comment: 'apps/web/src/lib and components are shared layers: they never import features/ or app/.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-to-app',
      severity: 'error',
      comment: 'A feature never imports app/ (the shell, router and providers that assemble features).',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-locales-only-to-locales',
      severity: 'error',
      comment:
        'apps/web/src/lib/locales holds only the dictionaries: they import nothing outside it (a test ' +
        'there may import its tools).',
      from: { path: '^apps/web/src/lib/locales/', pathNot: TEST_FILE },
      to: { pathNot: '^apps/web/src/lib/locales/' },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment:
        'A feature (features/<area>/: admin, auth, catalog) does not import another one: what they share ' +
        'moves to components/ or lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-admin-resource-not-to-other-resource',
      severity: 'error',
      comment:
        'An admin resource folder (features/admin/<x>/) does not import another one; shared pieces live ' +
        'in a kit folder (features/admin/<name>-kit/).',
      from: { path: '^apps/web/src/features/admin/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/admin/[^/]+/',
        pathNot: ['^apps/web/src/features/admin/$1/', '^apps/web/src/features/admin/[^/]+-kit/'],
      },
    },
    {
      name: 'web-admin-folder-not-to-admin-root',
      severity: 'error',
      comment:
        'The files of features/admin/ itself (the shell, its drawer and menu, resources.ts with the lazy ' +
        'pages) assemble the folders under it: no folder under features/admin/ imports them.',
      from: { path: '^apps/web/src/features/admin/[^/]+/' },
      to: { path: '^apps/web/src/features/admin/[^/]+$' },
    },
    {
      name: 'web-admin-kits-in-order',
      severity: 'error',
      comment:
        'The admin kits import only kits below them: admin-kit the form kit, the form kit the resource ' +
        'kit, the resource kit neither.',
      from: { path: '^apps/web/src/features/admin/(resource-kit|form-kit)/' },
      to: {
        path: '^apps/web/src/features/admin/(form-kit|admin-kit)/',
        pathNot: '^apps/web/src/features/admin/$1/',
      },
    },
    {
      // The web app translates with its own small translator (docs/decisions/0037-in-house-translator.md).
      name: 'web-not-to-i18next',
      severity: 'error',
      comment:
        'The web app translates with lib/i18n.ts (useTranslation, TFunction): i18next and react-i18next ' +
        'are not part of it, installed or not.',
      from: { path: '^apps/web/' },
      to: { path: String.raw`(^|(^|/)node_modules/)(react-)?i18next(/|$)` },
    },

    // Server, from the bottom: config/ (settings), db/ (client, schema), lib/ (infrastructure), core/
    // (the domain core), modules/; app.ts and main.ts assemble and start them. A layer imports only
    // the ones below it.
    {
      name: 'server-config-not-to-other-layers',
      severity: 'error',
      comment:
        'apps/server/src/config is the bottom layer: it imports nothing else of apps/server/src (not db/, ' +
        'lib/, core/, modules/, seed/, cli/, app.ts or main.ts).',
      from: { path: '^apps/server/src/config/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/config/' },
    },
    {
      name: 'server-db-only-to-config',
      severity: 'error',
      comment:
        'apps/server/src/db (the client and the schema) imports of apps/server/src only config/: never ' +
        'lib/, core/, modules/, seed/, cli/, app.ts or main.ts.',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/(db|config)/' },
    },
    {
      name: 'server-lib-not-to-core-modules-app',
      severity: 'error',
      comment: 'apps/server/src/lib is infrastructure: it never imports core/, modules/, app.ts or main.ts.',
      from: { path: '^apps/server/src/lib/' },
      to: { path: String.raw`^apps/server/src/(core/|modules/|app\.ts$|main\.ts$)` },
    },
    {
      name: 'server-core-not-to-modules-app',
      severity: 'error',
      comment:
        'apps/server/src/core is the domain core modules share: it never imports modules/, app.ts or main.ts.',
      from: { path: '^apps/server/src/core/' },
      to: { path: String.raw`^apps/server/src/(modules/|app\.ts$|main\.ts$)` },
    },
    {
      name: 'server-module-through-service-or-repository',
      severity: 'error',
      comment:
        'A module reaches another module only through its *.service.ts or *.repository.ts: routes, ' +
        'schemas and helpers stay private to their module.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        // A module's test kit serves every module's tests; not-to-test-kit keeps it out of the app.
        pathNot: ['^apps/server/src/modules/$1/', String.raw`\.(service|repository)\.ts$`, TEST_KIT],
      },
    },

    // Everywhere.
    {
      name: 'not-to-test-kit',
      severity: 'error',
      comment:
        'Only tests, benchmarks and test kits import a test kit (*.test-kit.ts, apps/server/test, apps/web/src/test).',
      from: { pathNot: [TEST_FILE, TEST_KIT, BROWSER_TESTS, BENCHMARKS] },
      to: { path: TEST_KIT },
    },
    {
      name: 'contracts-not-to-apps',
      severity: 'error',
      comment: 'packages/contracts is shared by server and web: it imports neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      // Keeps the rules above honest: an import they cannot follow is one they cannot check.
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file (Vite virtual: modules aside).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other (directly or around a ring) cannot be understood or loaded alone.',
      from: {},
      to: { circular: true },
    },
    {
      // A folder is every file under it: modules/ is its root files and every module folder together,
      // and modules/users one module. scripts/check-structure.ts runs this rule (every rule with
      // scope 'folder') on a second cruise that leaves out the files not-to-test-kit exempts (tests,
      // test kits, benchmarks, journeys): a folder rule matches folder names only and cannot tell a
      // test's import from its neighbours', and a test importing its subject from another folder makes
      // no ring.
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'No folder imports a folder that imports it back (production files only).',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The deliberate breaks the rules are tested on are not part of the project.
    exclude: { path: ['^scripts/lint-fixtures/', '(^|/)dist/'] },
    // Packages are not cruised, but imports of them stay in the graph (web-not-to-i18next reads them).
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: a layer is broken by a type as much as by a value.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.d.ts'],
    },
  },
};
