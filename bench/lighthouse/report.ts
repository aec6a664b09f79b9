import type { Result } from 'lighthouse';

export interface RunSummary {
  version: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  /** Audits that cost points: id, score and what Lighthouse says about them. */
  findings: string[];
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export function summarise(lhr: Result): RunSummary {
  const metrics: Record<string, string> = {};
  for (const [id, name] of Object.entries(METRICS)) metrics[name] = lhr.audits[id]?.displayValue ?? '?';
  const findings: string[] = [];
  for (const category of ['performance', 'accessibility'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9 || audit.scoreDisplayMode === 'informative')
        continue;
      findings.push(`${category}: ${ref.id} (${score(audit.score)}) ${audit.displayValue ?? ''}`.trim());
    }
  }
  return {
    version: lhr.lighthouseVersion,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    metrics,
    findings,
  };
}

/** A markdown table of every run, the median, and what the median run found. */
export function printReport(
  runs: RunSummary[],
  log: (line: string) => void,
  about: { lighthouse: string; url: string },
): void {
  const names = Object.values(METRICS);
  log(`\nLighthouse ${about.lighthouse}, mobile preset (simulated throttling), ${about.url}\n`);
  log(`| run | performance | accessibility | ${names.join(' | ')} |`);
  log(`|---|---|---|${names.map(() => '---').join('|')}|`);
  runs.forEach((run, i) =>
    log(
      `| ${i + 1} | ${run.performance} | ${run.accessibility} | ${names.map((n) => run.metrics[n]).join(' | ')} |`,
    ),
  );
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) return;
  log(
    `\nmedian: performance ${median.performance} (target 90), accessibility ${median.accessibility} (target 95)`,
  );
  if (median.findings.length)
    log(`\nwhat cost points in the median run:\n${median.findings.map((f) => `  - ${f}`).join('\n')}`);
}
