// bench/lighthouse: Lighthouse (mobile preset, its default) on /catalog/main with the demo data, run
// against Debian's Chromium and the production build.
//   npm run bench:lighthouse [-- --runs 5 --port 3400]
// A benchmark, never a test: it prints scores. Targets: performance >= 90, accessibility >= 95.
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchBrowser, prepareStorage, type Browser } from './browser';
import { printReport, summarise, type RunSummary } from './report';
import { guestToken, startProductionServer } from './server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3400' },
    /** Where to write each run's full report (JSON; 'x.json' gives x-1.json, x-2.json, ...). */
    save: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const log = (line: string) => process.stdout.write(`${line}\n`);

const server = await startProductionServer(Number(args.port));
// A fresh browser for every run: one browser kept across runs keeps compiled scripts in memory
// (V8's isolate cache) and on disk (its code cache, which emptying the HTTP cache leaves), so its
// later runs would measure a page whose JavaScript is already compiled, not a first visit.
let browser: Browser | null = null;
try {
  const token = await guestToken(server.origin);
  const families = (await (
    await fetch(`${server.origin}/api/family?limit=1`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: ({ id: number } & Record<string, unknown>)[] };
  const family = families.data[0];
  if (!family) throw new Error('the demo catalogue has no family');
  // What a returning visitor has: the session token from the visitor login and the family chosen on
  // the chooser, both kept in local storage.
  const storage = {
    token,
    family: String(family.id),
    selectedFamily: JSON.stringify(family),
    language: 'ar',
  };
  const url = `${server.origin}/catalog/main`;
  const runs: RunSummary[] = [];
  let failures = 0;
  for (let i = 0; i < RUNS; i += 1) {
    browser?.kill();
    browser = await launchBrowser();
    await prepareStorage(browser, server.origin, storage);
    const result = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Storage holds the session; prepareStorage already emptied the HTTP cache.
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // A run whose trace Lighthouse could not read (NO_NAVSTART, say) measured nothing: say so, and
    // run again rather than count a score of 0.
    if (result.lhr.runtimeError) {
      failures += 1;
      log(`run ${i + 1}/${RUNS}: Lighthouse error ${result.lhr.runtimeError.code}, running it again`);
      if (failures > RUNS) throw new Error('Lighthouse failed more often than it ran');
      i -= 1;
      continue;
    }
    runs.push(summarise(result.lhr));
    if (args.save)
      writeFileSync(args.save.replace(/(\.json)?$/, `-${i + 1}.json`), JSON.stringify(result.lhr, null, 1));
    log(
      `run ${i + 1}/${RUNS}: performance ${runs.at(-1)?.performance}, accessibility ${runs.at(-1)?.accessibility}`,
    );
  }
  printReport(runs, log, { lighthouse: runs[0]?.version ?? '?', url });
  // Simulated throttling scales the CPU time it observes: a busy machine lowers the score.
  log(
    `load average (1, 5, 15 min) on ${os.cpus().length} cores: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
} finally {
  browser?.kill();
  await server.stop();
}
