import { createRequire } from 'node:module';
import { Counter, Gauge, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { JobMetrics } from './metrics-jobs';
import { RequestHistogram } from './request-histogram';

export type CacheName = 'search' | 'session' | 'pages';
export type SignInOutcome = 'success' | 'failure' | 'limited' | 'busy';
export type ImportOutcome = 'preview' | 'imported' | 'rejected' | 'failed';

/** What a cache holds now (lib/versioned-cache.ts). */
export interface CacheUsage {
  readonly size: number;
  readonly bytes: number;
}

/**
 * The process's metrics, in a registry of its own per app (tests build many apps in one process, and
 * the global default registry would mix them). Every instrument is always there, so code records
 * without asking whether metrics are on; the HTTP timing and Node's own metrics are added only when
 * an operator can scrape them (`enable`), which keeps the cost off a server nobody watches.
 * docs/decisions/0045-metrics-and-request-ids.md says what is measured and why.
 */
export class Metrics {
  readonly registry = new Registry();
  private enabled = false;
  private poolStats: () => PoolStats = () => ({ total: 0, idle: 0, waiting: 0 });
  private readonly caches = new Map<CacheName, CacheUsage>();

  readonly requests = new RequestHistogram([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);

  readonly cacheLookups = new Counter({
    name: 'dalil_cache_lookups_total',
    help: 'In-process cache lookups: search result pages and session verdicts, by hit or miss',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  readonly statementsCancelled = new Counter({
    name: 'dalil_db_statements_cancelled_total',
    help: 'Database statements cancelled by STATEMENT_TIMEOUT (answered 503)',
    registers: [this.registry],
  });

  readonly signIns = new Counter({
    name: 'dalil_sign_ins_total',
    help: 'Sign-in attempts by route kind and outcome: "limited" was refused by the sign-in limits, "busy" by a full verification queue (both 429)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly imageJobs = new Gauge({
    name: 'dalil_image_jobs',
    help: 'Bulk image jobs of this process, queued (counting their files) or running',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly imagesStored = new Counter({
    name: 'dalil_images_stored_total',
    help: 'Images encoded and stored by bulk image jobs (rate() gives images per second)',
    registers: [this.registry],
  });

  readonly imageJobsFinished = new Counter({
    name: 'dalil_image_jobs_finished_total',
    help: 'Bulk image jobs finished, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly importRuns = new Counter({
    name: 'dalil_import_runs_total',
    help: 'CSV and XLSX uploads by kind and outcome: a preview, an import, one refused for its rows, or one that failed',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  /** Webhook deliveries, scheduled feeds, import and image job timings (lib/metrics-jobs.ts). */
  readonly jobs = new JobMetrics(this.registry);
  readonly leaseTakeovers = new Counter({
    name: 'dalil_job_lease_takeovers_total',
    help: 'Background work taken over from a process whose lease ran out (it died or stalled), by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    this.registry.registerMetric(this.requests.asMetric());
    const stats = () => this.poolStats();
    new Gauge({
      name: 'dalil_db_pool_connections',
      help: 'Database connections open, by state (PGlite has one)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const s = stats();
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'busy' }, s.total - s.idle);
      },
    });
    new Gauge({
      name: 'dalil_db_pool_waiting',
      help: 'Queries (PGlite) or requests for a connection (PostgreSQL pool) waiting their turn',
      registers: [this.registry],
      collect() {
        this.set(stats().waiting);
      },
    });
    for (const state of ['queued', 'running']) this.imageJobs.set({ state }, 0);
    const caches = this.caches;
    for (const [unit, read] of [
      ['entries', (c: CacheUsage) => c.size],
      ['bytes', (c: CacheUsage) => c.bytes],
    ] as const)
      new Gauge({
        name: `dalil_cache_${unit}`,
        help: `${unit === 'entries' ? 'Entries' : 'Bytes'} held by each in-process cache (lib/cache-budgets.ts bounds both)`,
        labelNames: ['cache'] as const,
        registers: [this.registry],
        collect() {
          for (const [cache, usage] of caches) this.set({ cache }, read(usage));
        },
      });
  }

  get on(): boolean {
    return this.enabled;
  }

  /** Reads a cache's entries and bytes at each scrape. */
  watchCache(name: CacheName, usage: CacheUsage): void {
    this.caches.set(name, usage);
  }

  /** Reads the pool's state at each scrape. */
  watchPool(read: () => PoolStats): void {
    this.poolStats = read;
  }

  /** Adds Node's own metrics (CPU, memory, event loop delay); only once an operator can scrape them. */
  enable(labels: Record<string, string>): void {
    if (this.enabled) return;
    this.enabled = true;
    addProcessMetrics(this.registry);
    new Gauge({
      name: 'dalil_info',
      help: 'Always 1; its labels say how this process runs',
      labelNames: Object.keys(labels),
      registers: [this.registry],
    }).set(labels, 1);
  }

  signIn(kind: string, outcome: SignInOutcome): void {
    this.signIns.inc({ kind, outcome });
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    this.cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  importRun(kind: string, outcome: ImportOutcome): void {
    this.importRuns.inc({ kind, outcome });
  }
}

/**
 * prom-client's default process metrics without its GC histogram: that one observes every garbage
 * collection through a PerformanceObserver, and a busy server collects many times a second. With it,
 * requests per second fell by 4 to 6 % under load; without it the metrics cost about 1 to 3 %
 * (docs/decisions/0045-metrics-and-request-ids.md). prom-client offers no switch for one
 * default metric, so the others are added one by one from its own modules (the version is pinned by
 * the lock file; a test checks their series are there).
 */
const PROCESS_METRICS = [
  'processCpuTotal',
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'eventLoopLag',
  'processResources',
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
] as const;

function addProcessMetrics(registry: Registry): void {
  const require = createRequire(import.meta.url);
  for (const name of PROCESS_METRICS) {
    const add = require(`prom-client/lib/metrics/${name}`) as (
      registry: Registry,
      config: { eventLoopMonitoringPrecision: number },
    ) => void;
    add(registry, { eventLoopMonitoringPrecision: 10 });
  }
}
