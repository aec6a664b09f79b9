import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

// A real Vitest run, in a scratch folder inside the repository (so `vitest` resolves), of a file
// whose test passes but leaves a rejection behind: the kind of failure the JSON report cannot name.
const root = join(import.meta.dirname, '..');
mkdirSync(join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(root, '.tmp', 'run-report-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('names an error thrown outside any test, with its file and the test that left it, and no failed file as unfinished', () => {
  writeFileSync(
    join(scratch, 'vitest.config.mjs'),
    'export default { test: { include: ["*.test.mjs"] } };\n',
  );
  writeFileSync(
    join(scratch, 'left-behind.test.mjs'),
    [
      "import { it } from 'vitest';",
      "it('passes but leaves a rejection', async () => {",
      "  void Promise.reject(new Error('nobody waited for this'));",
      // One turn of the event loop: the rejection is reported while the test still runs.
      '  await new Promise((resolve) => setImmediate(resolve));',
      '});',
      '',
    ].join('\n'),
  );
  // A plain failure, which the JSON report names already.
  writeFileSync(
    join(scratch, 'fails.test.mjs'),
    ["import { expect, it } from 'vitest';", "it('fails', () => expect(1).toBe(2));", ''].join('\n'),
  );
  const report = join(scratch, 'run.json');
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'vitest'),
    ['run', '--root', scratch, '--reporter', join(import.meta.dirname, 'vitest-run-report.mjs')],
    { cwd: scratch, env: { ...process.env, VITEST_RUN_REPORT: report }, encoding: 'utf8' },
  );
  expect(run.status, run.stdout + run.stderr).toBe(1);
  const written = JSON.parse(readFileSync(report, 'utf8')) as {
    unhandledErrors: { message: string; file: string; test: string }[];
    unfinished: unknown[];
  };
  expect(written.unhandledErrors).toEqual([
    expect.objectContaining({
      message: 'nobody waited for this',
      file: join(scratch, 'left-behind.test.mjs'),
      test: 'passes but leaves a rejection',
    }),
  ]);
  expect(written.unfinished).toEqual([]);
}, 60_000);
