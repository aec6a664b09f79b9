// The import structure: the rules of .dependency-cruiser.cjs (layers, the apps apart, test kits,
// cycles between files and between folders). Rules with scope 'folder' run on a second cruise without
// the tests and test kits: a folder rule matches folder names only, so it cannot leave out a test's
// imports, and a test importing its subject from another folder makes no ring.
// `npm run lint` runs this file; scripts/check-structure.test.ts runs checkStructure() on fixtures.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import type {
  ICruiseOptions,
  ICruiseResult,
  IConfiguration,
  IForbiddenRuleType,
  IModule,
} from 'dependency-cruiser';

/** The folders cruised from the repository root. */
export const STRUCTURE_ROOTS = ['apps', 'packages', 'bench', 'e2e', 'scripts'];

export interface StructureViolation {
  rule: string;
  /** The importing file, or for a ring of folders the folders of the ring. */
  from: string;
  /** The imported file (the rest of a ring of files), or for a ring of folders one import per step. */
  to: string;
}

const root = join(import.meta.dirname, '..');

function loadConfig(): IConfiguration {
  return createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
}

/** Tests, test kits, benchmarks and journeys, as the not-to-test-kit rule exempts them. */
function testPatterns(config: IConfiguration): string[] {
  const rule = config.forbidden?.find((r) => r.name === 'not-to-test-kit');
  const pathNot = rule?.from.pathNot;
  if (!pathNot) throw new Error('.dependency-cruiser.cjs has no not-to-test-kit rule with from.pathNot');
  return Array.isArray(pathNot) ? pathNot : [pathNot];
}

function excludedPaths(options: ICruiseOptions): string[] {
  const exclude = options.exclude;
  const path = typeof exclude === 'string' || Array.isArray(exclude) ? exclude : exclude?.path;
  return path === undefined ? [] : Array.isArray(path) ? path : [path];
}

/** One import (file to file) that makes the step from folder `from` to folder `to`. */
function importBetween(modules: IModule[], from: string, to: string): string {
  for (const module of [...modules].sort((a, b) => a.source.localeCompare(b.source))) {
    if (!module.source.startsWith(`${from}/`)) continue;
    const dependency = module.dependencies
      .filter(({ resolved }) => dirname(resolved) === to && !resolved.startsWith(`${from}/`))
      .sort((a, b) => a.resolved.localeCompare(b.resolved))[0];
    if (dependency) return `${module.source} → ${dependency.resolved}`;
  }
  return `${from} → ${to}`;
}

/** dependency-cruiser names each step of a ring: one ring is one violation. */
function oneViolationPerRing(result: ICruiseResult, folders: boolean): StructureViolation[] {
  const seenRings = new Set<string>();
  const violations: StructureViolation[] = [];
  for (const violation of result.summary.violations) {
    const rule = violation.rule.name;
    if (!violation.cycle) {
      violations.push({ rule, from: violation.from, to: violation.to });
      continue;
    }
    const members = [violation.from, ...violation.cycle.map((step) => step.name)];
    const key = [...new Set(members)].sort().join('\n');
    if (seenRings.has(key)) continue;
    seenRings.add(key);
    if (!folders) {
      violations.push({ rule, from: violation.from, to: members.slice(1).join(' → ') });
      continue;
    }
    // A ring of folders, read from its first folder by name, with one file import per step.
    const loop = members.slice(0, -1);
    const first = loop.indexOf([...loop].sort()[0]!);
    const ring = [...loop.slice(first), ...loop.slice(0, first)];
    violations.push({
      rule,
      from: [...ring, ring[0]].join(' → '),
      to: ring
        .map((folder, i) => importBetween(result.modules, folder, ring[(i + 1) % ring.length]!))
        .join('\n'),
    });
  }
  return violations;
}

/** Every violation in the trees `roots` under `baseDir`, with the project's real rules. */
export async function checkStructure(
  baseDir: string = root,
  roots: string[] = STRUCTURE_ROOTS,
): Promise<StructureViolation[]> {
  const config = loadConfig();
  const options = config.options ?? {};
  const present = roots.filter((folder) => existsSync(join(baseDir, folder)));
  const rules = config.forbidden ?? [];
  const isFolderRule = (rule: IForbiddenRuleType) => 'scope' in rule && rule.scope === 'folder';
  const run = async (forbidden: IForbiddenRuleType[], exclude: string[]) => {
    const { output } = await cruise(present, {
      ...options,
      exclude: { path: exclude },
      ruleSet: { forbidden },
      validate: true,
      baseDir,
    });
    return output as ICruiseResult;
  };
  // Module rules see every file; folder rules only production files (see no-circular-folders).
  const [everything, production] = await Promise.all([
    run(
      rules.filter((rule) => !isFolderRule(rule)),
      excludedPaths(options),
    ),
    run(rules.filter(isFolderRule), [...excludedPaths(options), ...testPatterns(config)]),
  ]);
  return [...oneViolationPerRing(everything, false), ...oneViolationPerRing(production, true)];
}

async function main() {
  const violations = await checkStructure();
  const byRule = new Map<string, StructureViolation[]>();
  for (const violation of violations)
    byRule.set(violation.rule, [...(byRule.get(violation.rule) ?? []), violation]);
  for (const [rule, list] of byRule) {
    console.log(`\n${rule} (${list.length})`);
    for (const { from, to } of list) console.log(`  ${from}\n    ${to.replaceAll('\n', '\n    ')}`);
  }
  const counts = [...byRule].map(([rule, list]) => `${rule} ${list.length}`).join(', ');
  console.log(`\nstructure: ${violations.length} violations${counts ? ` (${counts})` : ''}`);
  process.exitCode = violations.length > 0 ? 1 : 0;
}

if (import.meta.filename === process.argv[1]) await main();
