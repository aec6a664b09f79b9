// `npm run bench`: every benchmark under bench/<name>/run.ts, one after another. Each prints a table;
// none is a test. `npm run bench -- search` runs one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const wanted = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'bench', d.name, 'run.ts')))
  .map((d) => d.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));
let failed = 0;
for (const name of benches) {
  console.log(`\n### bench/${name}`);
  const r = spawnSync('npx', ['tsx', join('bench', name, 'run.ts')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
