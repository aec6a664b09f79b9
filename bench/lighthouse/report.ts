import type { Result } from 'lighthouse';

export interface RunSummary {
  version: string;
  performance: number;
  accessibility: number;
  seo: number;
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
  for (const category of ['performance', 'accessibility', 'seo'] as const) {
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
    seo: score(lhr.categories.seo?.score),
    metrics,
    findings,
  };
}

/** The run with the median of `by` (performance unless told), the lower one of an even count. */
export function median(
  runs: RunSummary[],
  by: (run: RunSummary) => number = (run) => run.performance,
): RunSummary {
  const sorted = [...runs].sort((a, b) => by(a) - by(b));
  const mid = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!mid) throw new Error('no runs');
  return mid;
}

/** A markdown table of every run, the median, and what the median run found. */
export function printReport(
  runs: RunSummary[],
  log: (line: string) => void,
  about: { lighthouse: string; url: string },
): void {
  const names = Object.values(METRICS);
  log(`\nLighthouse ${about.lighthouse}, mobile preset (simulated throttling), ${about.url}\n`);
  log(`| run | performance | accessibility | SEO | ${names.join(' | ')} |`);
  log(`|---|---|---|---|${names.map(() => '---').join('|')}|`);
  runs.forEach((run, i) =>
    log(
      `| ${i + 1} | ${run.performance} | ${run.accessibility} | ${run.seo} | ${names.map((n) => run.metrics[n]).join(' | ')} |`,
    ),
  );
  if (runs.length === 0) return;
  const mid = median(runs);
  log(
    `\nmedian: performance ${mid.performance} (target 95 quiet, 85 busy), accessibility ${median(runs, (r) => r.accessibility).accessibility}, SEO ${median(runs, (r) => r.seo).seo} (targets 100)`,
  );
  if (mid.findings.length)
    log(`\nwhat cost points in the median run:\n${mid.findings.map((f) => `  - ${f}`).join('\n')}`);
}
