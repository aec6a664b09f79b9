import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md lists every server module and every web feature folder on a line of its own
// ("- `modules/<name>/`: what it holds"). A folder added or renamed without that line fails here, so
// the list a newcomer reads is the tree they will find.
const root = join(import.meta.dirname, '..');
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

const foldersIn = (path: string): string[] =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a list item of the doc starts with the folder's path in a code span, e.g. "- `modules/bin/`". */
const listed = (path: string): boolean =>
  new RegExp(`^\\s*- \`${escapeRegExp(path)}/\``, 'm').test(architecture);

describe('docs/architecture.md names every module and feature folder', () => {
  it.each([
    ['server modules', 'apps/server/src/modules', 'modules'],
    ['web features', 'apps/web/src/features', 'features'],
    ['admin resource folders', 'apps/web/src/features/admin', 'features/admin'],
  ])('lists each of the %s on a line of its own', (_what, folder, prefix) => {
    const folders = foldersIn(folder);
    expect(folders.length).toBeGreaterThan(0);
    const missing = folders.map((name) => `${prefix}/${name}`).filter((path) => !listed(path));
    expect(missing).toEqual([]);
  });
});
