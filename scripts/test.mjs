// `npm test`: typecheck and lint side by side (scripts/lint.mjs: Prettier, ESLint, import
// structure, unused exports, duplicates), unit and integration suites (Vitest: contracts, server on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL, web components, the lint tools), the production
// build, then the browser journeys (each file on its own fresh server).
// Ends with one line `N passed, N failed` summing every suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
};
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

// Every step below runs on this Node (npm puts node_modules/.bin, with the project's Node 24, first).
console.log(`Node ${process.version} (${process.execPath})`);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** The failed tests by name, printed again at the end so the last lines of a long log say which. */
const failedTests = [];

// The compiler and ESLint each use one core: on a machine with two, the two checks take the time of
// the longer one. Their output is held and printed whole, one after the other.
const runHeld = (label, command, args) =>
  new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      done({ label, command, args, ok: status === 0, seconds, output: Buffer.concat(output) });
    });
  });
const checks = await Promise.all([
  runHeld('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  runHeld('lint', 'npm', ['run', '--silent', 'lint']),
]);
for (const { label, command, args, ok, seconds, output } of checks) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  process.stdout.write(output);
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s (beside the other check)`);
  if (!ok) failedSteps.push(label);
}

const vitestJson = join(results, 'vitest.json');
const vitestRun = join(results, 'vitest-run.json');
rmSync(vitestJson, { force: true });
rmSync(vitestRun, { force: true });
const unitOk = run(
  'unit and integration',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    '--reporter=./scripts/vitest-run-report.mjs',
  ],
  { VITEST_RUN_REPORT: vitestRun },
);
const unit = readJson(vitestJson);
// What failed the run outside any test, named again at the end (the log above holds the whole stack).
const unitRun = readJson(vitestRun);
for (const e of unitRun?.unhandledErrors ?? [])
  failedTests.push(
    `error outside a test${e.file ? ` (${e.file.replace(root, '')}${e.test ? ` > ${e.test}` : ''})` : ''}: ${e.message}`,
  );
for (const m of unitRun?.unfinished ?? [])
  failedTests.push(`${m.file.replace(root, '')} [${m.project}]: ${m.state}, never finished`);
if (unitRun?.reason && unitRun.reason !== 'passed' && unitRun.reason !== 'failed')
  failedTests.push(`the unit run ended: ${unitRun.reason}`);
if (unit) {
  totals.passed += unit.numPassedTests;
  totals.failed += unit.numFailedTests;
  totals.skipped += unit.numPendingTests + unit.numTodoTests;
  if (!unitOk && unit.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
  for (const file of unit.testResults ?? []) {
    const name = file.name.replace(root, '');
    if (file.status === 'failed' && !file.assertionResults?.some((a) => a.status === 'failed'))
      failedTests.push(`${name}: ${String(file.message ?? 'failed to load').split('\n')[0]}`);
    for (const a of file.assertionResults ?? [])
      if (a.status === 'failed') failedTests.push(`${name} > ${a.fullName}`);
  }
} else {
  totals.failed += 1;
}
if (!unitOk) failedSteps.push('unit and integration');

if (run('build', 'npm', ['run', '--silent', 'build'])) {
  const e2eJson = join(results, 'e2e-report.json');
  rmSync(e2eJson, { force: true });
  const e2eOk = run('browser journeys', 'npx', ['playwright', 'test']);
  const e2e = readJson(e2eJson);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (!e2eOk && e2e.stats.unexpected === 0) totals.failed += 1;
    const visit = (suite, path) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'unexpected')
            failedTests.push(`${spec.file} > ${[...path, spec.title].join(' > ')}`);
      for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
    };
    for (const suite of e2e.suites ?? []) visit(suite, []);
  } else {
    totals.failed += 1;
  }
  if (!e2eOk) failedSteps.push('browser journeys');
} else {
  failedSteps.push('build');
  totals.failed += 1;
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
for (const name of failedTests) console.log(`  failed: ${name}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
