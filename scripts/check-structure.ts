// The import structure: the rules of .dependency-cruiser.cjs (layers, test kits, cycles between
// files) plus cycles between folders, which dependency-cruiser cannot limit to production code.
// `npm run lint` runs this file; scripts/check-structure.test.ts runs checkStructure() on fixtures.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult, IConfiguration, IModule } from 'dependency-cruiser';

/** The folders cruised from the repository root. */
export const STRUCTURE_ROOTS = ['apps', 'packages', 'bench', 'e2e', 'scripts'];

export interface StructureViolation {
  rule: string;
  /** The importing file, or for no-circular-folders the folders of the ring. */
  from: string;
  /** The imported file, or for no-circular-folders one import per pair of folders in the ring. */
  to: string;
}

const root = join(import.meta.dirname, '..');

function loadConfig(): IConfiguration {
  return createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
}

/** Tests and test kits, as the not-to-test-kit rule exempts them: they stay out of folder rings. */
function testPatterns(config: IConfiguration): RegExp[] {
  const rule = config.forbidden?.find((r) => r.name === 'not-to-test-kit');
  const pathNot = rule?.from.pathNot;
  if (!pathNot) throw new Error('.dependency-cruiser.cjs has no not-to-test-kit rule with from.pathNot');
  return (Array.isArray(pathNot) ? pathNot : [pathNot]).map((pattern) => new RegExp(pattern));
}

/** Cycles between folders of production files, one violation per ring (strongly connected set). */
export function folderCycles(modules: IModule[], isTest: (path: string) => boolean): StructureViolation[] {
  // folder -> folder -> one file import that makes the edge
  const edges = new Map<string, Map<string, string>>();
  for (const module of modules) {
    if (isTest(module.source)) continue;
    const from = dirname(module.source);
    for (const dependency of module.dependencies) {
      const target = dependency.resolved;
      if (dependency.coreModule || dependency.couldNotResolve || target.includes('node_modules/')) continue;
      if (isTest(target)) continue;
      const to = dirname(target);
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${module.source} → ${target}`);
      edges.set(from, out);
    }
  }

  // Tarjan's strongly connected components, iterative so a deep tree cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[][] = [];
  let counter = 0;
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: string[] }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: [...(edges.get(node)?.keys() ?? [])].sort() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const child = frame.next.shift();
      if (child !== undefined) {
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const ring: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          ring.push(member);
        } while (member !== frame.node);
        if (ring.length > 1) rings.push(ring.sort());
      }
    }
  }

  // A ring of many folders is read best as its shortest loops: one per folder, each listed once.
  const violations: StructureViolation[] = [];
  for (const ring of rings) {
    const inRing = new Set(ring);
    const seen = new Set<string>();
    for (const folder of ring) {
      const loop = shortestLoop(folder, (node) =>
        [...(edges.get(node)?.keys() ?? [])].filter((to) => inRing.has(to)),
      );
      const key = [...loop].sort().join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      const steps = loop.map((from, i) => edges.get(from)!.get(loop[(i + 1) % loop.length]!)!);
      violations.push({
        rule: 'no-circular-folders',
        from: [...loop, folder].join(' → '),
        to: steps.join('\n'),
      });
    }
  }
  return violations;
}

/** The shortest path from `start` back to itself (breadth first), as its folders in order. */
function shortestLoop(start: string, next: (node: string) => string[]): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of next(node).sort()) {
      if (to === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!);
        return loop;
      }
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, node);
      queue.push(to);
    }
  }
  throw new Error(`${start} is in a ring but no loop leads back to it`);
}

/** Every violation in the trees `roots` under `baseDir`, with the project's real rules. */
export async function checkStructure(
  baseDir: string = root,
  roots: string[] = STRUCTURE_ROOTS,
): Promise<StructureViolation[]> {
  const config = loadConfig();
  const present = roots.filter((folder) => existsSync(join(baseDir, folder)));
  const { output } = await cruise(present, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
  });
  const result = output as ICruiseResult;
  const tests = testPatterns(config);
  const isTest = (path: string) => tests.some((pattern) => pattern.test(path));

  const seenCycles = new Set<string>();
  const moduleViolations: StructureViolation[] = [];
  for (const violation of result.summary.violations) {
    if (violation.cycle) {
      // dependency-cruiser names each import of a ring: one ring is one violation.
      const members = [violation.from, ...violation.cycle.map((step) => step.name)];
      const key = [...new Set(members)].sort().join('\n');
      if (seenCycles.has(key)) continue;
      seenCycles.add(key);
      moduleViolations.push({
        rule: violation.rule.name,
        from: violation.from,
        to: members.slice(1).join(' → '),
      });
    } else {
      moduleViolations.push({ rule: violation.rule.name, from: violation.from, to: violation.to });
    }
  }
  return [...moduleViolations, ...folderCycles(result.modules, isTest)];
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
