import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStructure } from './check-structure';

// Each folder under lint-fixtures/ is a small repository tree that breaks one rule of
// .dependency-cruiser.cjs; clean/ makes every kind of import the rules allow (each rule has one).
// A test of clean/ importing a test kit from another folder, whose kit imports the test's subject,
// makes no folder ring: no-circular-folders counts production files only.
const fixture = (name: string) => join(import.meta.dirname, 'lint-fixtures', name);

describe('the structure rules on deliberately broken trees', () => {
  it.each([
    {
      rule: 'server-web-apart',
      expected: [
        ['apps/server/src/modules/pages/pages.service.ts', 'apps/web/src/lib/paths.ts'],
        ['apps/web/src/lib/limits.ts', 'apps/server/src/lib/limits.ts'],
      ],
    },
    {
      rule: 'web-lib-components-not-to-features-app',
      expected: [
        ['apps/web/src/components/banner.ts', 'apps/web/src/features/catalog/page.ts'],
        ['apps/web/src/lib/boot.ts', 'apps/web/src/app/router.ts'],
      ],
    },
    {
      rule: 'web-features-not-to-app',
      expected: [['apps/web/src/features/catalog/page.ts', 'apps/web/src/app/theme.ts']],
    },
    {
      rule: 'web-locales-only-to-locales',
      expected: [['apps/web/src/lib/locales/en.ts', 'apps/web/src/lib/paths.ts']],
    },
    {
      rule: 'web-feature-not-to-other-feature',
      expected: [['apps/web/src/features/auth/sign-in.ts', 'apps/web/src/features/catalog/page.ts']],
    },
    {
      rule: 'web-admin-resource-not-to-other-resource',
      expected: [
        [
          'apps/web/src/features/admin/products/product-page.ts',
          'apps/web/src/features/admin/users/user-page.ts',
        ],
      ],
    },
    {
      rule: 'web-admin-folder-not-to-admin-root',
      expected: [
        ['apps/web/src/features/admin/products/product-page.ts', 'apps/web/src/features/admin/admin-nav.ts'],
      ],
    },
    {
      rule: 'web-admin-kits-in-order',
      expected: [
        [
          'apps/web/src/features/admin/form-kit/field.ts',
          'apps/web/src/features/admin/admin-kit/record-history.ts',
        ],
        [
          'apps/web/src/features/admin/resource-kit/resource-api.ts',
          'apps/web/src/features/admin/form-kit/field.ts',
        ],
      ],
    },
    {
      // node_modules/i18next is a stand-in package the fixture carries.
      rule: 'web-not-to-i18next',
      expected: [['apps/web/src/lib/i18n.ts', 'node_modules/i18next/index.js']],
    },
    {
      rule: 'server-config-not-to-other-layers',
      expected: [
        ['apps/server/src/config/config.ts', 'apps/server/src/db/client.ts'],
        ['apps/server/src/config/config.ts', 'apps/server/src/lib/clock.ts'],
      ],
    },
    {
      rule: 'server-db-only-to-config',
      expected: [
        ['apps/server/src/db/schema.ts', 'apps/server/src/core/history.ts'],
        ['apps/server/src/db/schema.ts', 'apps/server/src/lib/clock.ts'],
      ],
    },
    {
      rule: 'server-lib-not-to-core-modules-app',
      expected: [
        ['apps/server/src/lib/tokens.ts', 'apps/server/src/core/history.ts'],
        ['apps/server/src/lib/tokens.ts', 'apps/server/src/modules/users/users.routes.ts'],
      ],
    },
    {
      rule: 'server-core-not-to-modules-app',
      expected: [['apps/server/src/core/history.ts', 'apps/server/src/modules/users/users.routes.ts']],
    },
    {
      rule: 'server-module-through-service-or-repository',
      expected: [
        ['apps/server/src/modules/products/products.service.ts', 'apps/server/src/modules/auth/passwords.ts'],
      ],
    },
    {
      rule: 'not-to-test-kit',
      expected: [['apps/server/src/seed/demo.ts', 'apps/server/src/modules/imports/imports.test-kit.ts']],
    },
    {
      rule: 'contracts-not-to-apps',
      expected: [['packages/contracts/src/users.ts', 'apps/server/src/limits.ts']],
    },
    {
      rule: 'not-to-unresolvable',
      expected: [['apps/web/src/lib/boot.ts', './boot-plan']],
    },
    {
      rule: 'no-circular',
      expected: [
        ['apps/server/src/db/client.ts', 'apps/server/src/db/schema.ts → apps/server/src/db/client.ts'],
      ],
    },
    {
      rule: 'no-circular-folders',
      expected: [
        [
          'apps/server/src/modules/auth → apps/server/src/modules/users → apps/server/src/modules/auth',
          'apps/server/src/modules/auth/auth.service.ts → apps/server/src/modules/users/users.repository.ts\n' +
            'apps/server/src/modules/users/users.service.ts → apps/server/src/modules/auth/auth.service.ts',
        ],
      ],
    },
  ])('$rule fires on its break, and nothing else does', async ({ rule, expected }) => {
    const violations = await checkStructure(fixture(rule));
    const sorted = [...violations].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
    expect(sorted).toEqual(expected.map(([from, to]) => ({ rule, from, to })));
  });

  it('passes a tree that makes every allowed kind of import', async () => {
    expect(await checkStructure(fixture('clean'))).toEqual([]);
  });
});
