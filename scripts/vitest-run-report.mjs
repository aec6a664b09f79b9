// A Vitest reporter `npm test` adds beside the JSON one. The JSON report counts tests but leaves out
// what can fail a run without failing a test: errors thrown outside any test (a timer firing after
// its file ended, a worker that died) and files that never finished (a failed file is in the JSON
// report already). This writes those to the file named by VITEST_RUN_REPORT, so the end of a long log
// can say why the step failed.
import { writeFileSync } from 'node:fs';

const firstLines = (text, n) =>
  String(text ?? '')
    .split('\n')
    .slice(0, n)
    .join('\n');

export default class RunReport {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.VITEST_RUN_REPORT;
    if (!file) return;
    const report = {
      reason,
      unhandledErrors: unhandledErrors.map((e) => ({
        message: firstLines(e.message, 3),
        file: e.VITEST_TEST_PATH,
        test: e.VITEST_TEST_NAME,
        stack: firstLines(e.stack, 8),
      })),
      unfinished: testModules
        .filter((m) => ['queued', 'pending'].includes(m.state()))
        .map((m) => ({
          file: m.moduleId,
          project: m.project.name,
          state: m.state(),
          errors: m.errors().map((e) => firstLines(e.message, 3)),
        })),
    };
    writeFileSync(file, JSON.stringify(report, null, 2));
  }
}
