import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IConfiguration } from 'dependency-cruiser';

// docs/architecture.md ("Checked structure") lists the import rules by the name the check prints, one
// list item each ("- `name`: what it keeps out"). A rule added to .dependency-cruiser.cjs without its
// line, or a line naming a rule that is gone, fails here.
const root = join(import.meta.dirname, '..');
const HEADING = 'The import rules, by the name the check prints';

/** The rule names of the list that follows the heading sentence, up to the first line that is neither an item nor its continuation. */
function documentedRules(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(HEADING));
  if (start < 0) throw new Error(`docs/architecture.md has no line starting "${HEADING}"`);
  let i = start + 1;
  while (i < lines.length && !lines[i]!.startsWith('- ')) i += 1;
  const names: string[] = [];
  for (; i < lines.length && (lines[i]!.startsWith('- ') || lines[i]!.startsWith('  ')); i += 1) {
    const item = /^- `([^`]+)`:/.exec(lines[i]!);
    if (item) names.push(item[1]!);
    else if (lines[i]!.startsWith('- ')) throw new Error(`a list item without a rule name: ${lines[i]}`);
  }
  return names;
}

describe('docs/architecture.md lists the structure rules', () => {
  it('names exactly the rules of .dependency-cruiser.cjs, each once', () => {
    const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
    const rules = (config.forbidden ?? []).map((rule) => rule.name ?? '(a rule without a name)');
    const documented = documentedRules(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...rules].sort());
  });

  it('reads the list as the items after the heading sentence', () => {
    const markdown = [
      'Before.',
      '',
      `${HEADING}:`,
      '',
      '- `one`: first,',
      '  on two lines.',
      '- `two`: second.',
      '',
      '- `not-this`: after the list.',
    ].join('\n');
    expect(documentedRules(markdown)).toEqual(['one', 'two']);
  });
});
