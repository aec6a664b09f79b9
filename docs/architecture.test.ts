import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import { describe, expect, it } from 'vitest';

// docs/architecture.md lists every server module and every web feature folder on a line of its own
// ("- `modules/<name>/`: what it holds"), and the server modules' registration order. A folder added,
// renamed or removed without its line, a module registered without a description, or a registration
// order changed without the doc fails here, so the map a newcomer reads is the tree they will find.
// An admin resource's own folders (`modules/<key>/`, `features/admin/<key>/`) are named by the list
// of resources in code (ADMIN_RESOURCES): adding one asks for no line here (docs/README.md).
const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const architecture = read('docs/architecture.md');

const foldersIn = (path: string): string[] =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a list item of the doc starts with the folder's path in a code span, e.g. "- `modules/bin/`". */
const listed = (path: string): boolean =>
  new RegExp(`^\\s*- \`${escapeRegExp(path)}/\``, 'm').test(architecture);

/** The doc without its "Adding a resource" walk-through, whose example resource does not exist. */
const withoutExample = architecture.replace(/^## Adding a resource$[\s\S]*?(?=^## )/m, '');

/** The server module folders the doc names anywhere: `modules/search/`, `modules/imports`, ... */
const namedModules = (text: string): string[] => [
  ...new Set(
    [
      ...text.matchAll(
        /(?<![\w/-])(?:apps\/server\/src\/)?modules\/([a-z][a-z0-9-]*)(?=[/`\s,)]|\.(?![a-z]))/g,
      ),
    ].map((m) => m[1]!),
  ),
];

/** The module folders a server source file imports from (`./search/...`, `./modules/auth/...`). */
const importedModuleFolders = (path: string, prefix: string): string[] => [
  ...new Set(
    [...read(path).matchAll(new RegExp(`from '${escapeRegExp(prefix)}([a-z][a-z0-9-]*)/`, 'g'))].map(
      (m) => m[1]!,
    ),
  ),
];

const serverModules = foldersIn('apps/server/src/modules');

describe('docs/architecture.md names every module and feature folder', () => {
  it.each([
    ['server modules', 'apps/server/src/modules', 'modules'],
    ['web features', 'apps/web/src/features', 'features'],
    ['admin resource folders', 'apps/web/src/features/admin', 'features/admin'],
  ])('lists each of the %s on a line of its own', (_what, folder, prefix) => {
    const folders = foldersIn(folder);
    expect(folders.length).toBeGreaterThan(0);
    const resources = new Set<string>(ADMIN_RESOURCES.map((resource) => resource.key));
    const missing = folders
      .filter((name) => prefix === 'features' || !resources.has(name))
      .map((name) => `${prefix}/${name}`)
      .filter((path) => !listed(path));
    expect(missing).toEqual([]);
  });

  it('names no server module that does not exist', () => {
    const named = namedModules(withoutExample);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !serverModules.includes(name))).toEqual([]);
  });

  it('describes every module the server registers', () => {
    const registered = [
      ...importedModuleFolders('apps/server/src/modules/index.ts', './'),
      ...importedModuleFolders('apps/server/src/modules/resources.ts', './'),
      ...importedModuleFolders('apps/server/src/app.ts', './modules/'),
    ];
    expect(registered.length).toBeGreaterThan(10);
    const resources = new Set<string>(ADMIN_RESOURCES.map((resource) => resource.key));
    expect(registered.filter((name) => !resources.has(name) && !listed(`modules/${name}`))).toEqual([]);
  });

  it("gives the registration order of modules/index.ts's APP_MODULES", () => {
    const index = read('apps/server/src/modules/index.ts');
    const list = index.slice(index.indexOf('export const APP_MODULES'));
    // Each entry's name, and the admin resources where RESOURCE_MODULES is spread in.
    const order = [...list.matchAll(/name: '([^']+)'|\.\.\.RESOURCE_MODULES/g)].map(
      (m) => m[1] ?? 'admin resources',
    );
    expect(order.length).toBeGreaterThan(10);
    const paragraph = /\*\*Registration order\*\* \(`APP_MODULES`\):([\s\S]*?)(?:\n\s*\n|\n\s*- )/.exec(
      architecture,
    )?.[1];
    expect(paragraph, 'the doc has a "Registration order" item').toBeDefined();
    const text = paragraph!.replace(/\s+/g, ' ');
    let from = 0;
    const outOfOrder: string[] = [];
    for (const name of order) {
      const at = text.indexOf(name, from);
      if (at < 0) outOfOrder.push(name);
      else from = at + name.length;
    }
    expect(outOfOrder).toEqual([]);
  });
});
