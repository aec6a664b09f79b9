// `npm run lint`: formatting (Prettier), ESLint with no warnings, the import structure (layers, test
// kits, cycles between files and folders), unused files and exports (knip) and duplicated blocks
// (jscpd). Every step runs even after one fails, so one run prints every count; the exit code is 1
// when any step failed. Each step is also `npm run lint:<name>` on its own.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const steps = ['format', 'eslint', 'structure', 'unused', 'duplicates'];

const results = steps.map((step) => {
  console.log(`\n=== lint:${step}`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', '--silent', `lint:${step}`], { cwd: root, stdio: 'inherit' });
  return { step, ok: r.status === 0, seconds: (Date.now() - started) / 1000 };
});

console.log('');
for (const { step, ok, seconds } of results) {
  console.log(`lint:${step.padEnd(10)} ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(1)} s`);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
