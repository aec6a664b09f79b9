// bench/lighthouse: Lighthouse (mobile preset, its default) on the catalogue main screen and a product
// page, for a first-time and a returning visitor, with the demo data, against Debian's Chromium and
// the production build.
//   npm run bench:lighthouse [-- --runs 5 --pages main,product --visitors first,returning --busy 2]
// A benchmark, never a test: it prints scores. Targets: performance >= 95 on a quiet machine and
// >= 85 while another process keeps both cores busy (--busy 2), accessibility and SEO 100.
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { markdownTable } from '../lib/table';
import { launchBrowser, prepareStorage, type Browser } from './browser';
import { startBusyProcesses } from './busy';
import { median, printReport, summarise, type RunSummary } from './report';
import { readCatalogue, scenarios, type Page, type Scenario, type Visitor } from './scenarios';
import { guestToken, startProductionServer } from './server';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3400' },
    pages: { type: 'string', default: 'main,product' },
    visitors: { type: 'string', default: 'first,returning' },
    /** Processes that keep a core busy each while Lighthouse runs. */
    busy: { type: 'string', default: '0' },
    /** Where to write each run's full report (JSON; 'x.json' gives x-main-first-1.json, ...). */
    save: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const log = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** One cold Lighthouse run in a fresh browser; null when Lighthouse could not read its trace. */
async function audit(origin: string, scenario: Scenario, save: string | null): Promise<RunSummary | null> {
  // A fresh browser for every run: one kept across runs keeps compiled scripts in memory (V8's
  // isolate cache) and on disk (its code cache, which emptying the HTTP cache leaves), so its later
  // runs would measure a page whose JavaScript is already compiled, not a cold load.
  const browser: Browser = await launchBrowser();
  try {
    await prepareStorage(browser, origin, scenario.storage);
    const result = await lighthouse(`${origin}${scenario.path}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // Storage holds what the visitor has; prepareStorage already emptied the HTTP cache.
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) {
      log(`  Lighthouse error ${result.lhr.runtimeError.code}, running it again`);
      return null;
    }
    if (save) writeFileSync(save, JSON.stringify(result.lhr, null, 1));
    return summarise(result.lhr);
  } finally {
    browser.kill();
  }
}

const server = await startProductionServer(Number(args.port));
const busy = startBusyProcesses(Number(args.busy));
try {
  const catalogue = await readCatalogue(server.origin, await guestToken(server.origin));
  const list = scenarios(catalogue, args.pages.split(',') as Page[], args.visitors.split(',') as Visitor[]);
  const summary: (string | number)[][] = [];
  log(`load average at the start (1, 5, 15 min) on ${os.cpus().length} cores: ${loadAverage()}`);
  for (const scenario of list) {
    const name = `${scenario.page}, ${scenario.visitor}-time visitor`.replace('returning-time', 'returning');
    const runs: RunSummary[] = [];
    let failures = 0;
    while (runs.length < RUNS) {
      const save = args.save
        ? args.save.replace(/(\.json)?$/, `-${scenario.page}-${scenario.visitor}-${runs.length + 1}.json`)
        : null;
      const run = await audit(server.origin, scenario, save);
      // A run whose trace Lighthouse could not read (NO_NAVSTART, say) measured nothing: run again.
      if (!run) {
        failures += 1;
        if (failures > RUNS) throw new Error('Lighthouse failed more often than it ran');
        continue;
      }
      runs.push(run);
      log(
        `${name} ${runs.length}/${RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, SEO ${run.seo}`,
      );
    }
    printReport(runs, log, { lighthouse: runs[0]?.version ?? '?', url: `${server.origin}${scenario.path}` });
    const mid = median(runs);
    const scores = runs.map((r) => r.performance);
    summary.push([
      scenario.page,
      scenario.visitor,
      mid.performance,
      `${Math.min(...scores)}-${Math.max(...scores)}`,
      median(runs, (r) => r.accessibility).accessibility,
      median(runs, (r) => r.seo).seo,
      mid.metrics.TBT ?? '?',
      mid.metrics.LCP ?? '?',
    ]);
  }
  log(`\nSummary (${RUNS} cold runs each, ${Number(args.busy)} busy processes):\n`);
  log(
    markdownTable(
      [
        'page',
        'visitor',
        'performance (median)',
        'range',
        'accessibility (median)',
        'SEO (median)',
        'TBT',
        'LCP',
      ],
      summary,
    ),
  );
  // Simulated throttling scales the CPU time it observes: a busy machine lowers the score.
  log(`\nload average at the end (1, 5, 15 min) on ${os.cpus().length} cores: ${loadAverage()}`);
} finally {
  busy.stop();
  await server.stop();
}
