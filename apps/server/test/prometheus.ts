// Reads a Prometheus text-format scrape with a real parser, as Prometheus itself would (not a test file).
// The parser ships no types; what these tests use of it is declared here.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

interface Sample {
  labels?: Record<string, string>;
  value?: string;
  count?: string;
  sum?: string;
}
interface Family {
  name: string;
  type: string;
  metrics: Sample[];
}

const parse = parsePrometheusTextFormat as unknown as (text: string) => Family[];

export class Scrape {
  readonly families: Map<string, Family>;
  /**
   * The parser folds a histogram's series into one and keeps only unlabelled counts, so each
   * histogram's `_count` lines are parsed again on their own, as plain samples with their labels.
   */
  private readonly counts: Map<string, Family>;

  constructor(text: string) {
    this.families = new Map(parse(text).map((f) => [f.name, f]));
    const countLines = text.split('\n').filter((line) => /^[a-zA-Z_:][\w:]*_count[{ ]/.test(line));
    this.counts = new Map(parse(countLines.join('\n') + '\n').map((f) => [f.name, f]));
  }

  /** The label sets of a metric's series (a histogram's, from its counts). */
  series(name: string): Record<string, string>[] {
    const family = this.families.get(name);
    const samples = family?.type === 'HISTOGRAM' ? this.counts.get(`${name}_count`) : family;
    return (samples?.metrics ?? []).map((m) => m.labels ?? {});
  }

  has(name: string): boolean {
    return this.families.has(name);
  }

  /**
   * The value of the series with these labels (a histogram's count), summed over the labels not
   * named; 0 when there is none yet, as Prometheus treats a counter not yet seen.
   */
  value(name: string, labels: Record<string, string> = {}): number {
    const family = this.families.get(name);
    const samples = family?.type === 'HISTOGRAM' ? this.counts.get(`${name}_count`) : family;
    if (!samples) return 0;
    return samples.metrics
      .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
      .reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);
  }
}
