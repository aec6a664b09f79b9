import type { FeedOutcome } from '@dalil/contracts/feeds';
import { IMAGE_FILE_STATUSES, type ImageCounts } from '@dalil/contracts/image-upload';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What one webhook delivery attempt came to: `failed` is retried later, `given_up` is not. */
type WebhookAttemptOutcome = 'delivered' | 'failed' | 'given_up';
/** An upload checked only (`preview`), written (`import`, a scheduled feed's too), or taken back. */
export type ImportOperation = 'preview' | 'import' | 'undo';

/** The webhook outbox's backlog as the database holds it (every process's deliveries). */
export interface WebhookBacklog {
  pending: number;
  /** Seconds since the oldest pending delivery's message was written; 0 when none is pending. */
  oldestSeconds: number;
}

const WEBHOOK_OUTCOMES: readonly WebhookAttemptOutcome[] = ['delivered', 'failed', 'given_up'];
const FEED_OUTCOMES: readonly FeedOutcome[] = ['imported', 'unchanged', 'failed'];
const OPERATIONS: readonly ImportOperation[] = ['preview', 'import', 'undo'];

/**
 * The background work's instruments: webhook deliveries, scheduled feeds, imports and bulk image
 * jobs (docs/architecture.md, "Operations"). Each known label value starts at 0, so a rate over
 * the first minutes and a dashboard's panels have a series before the first event.
 */
export class JobMetrics {
  private backlog: (() => Promise<WebhookBacklog>) | null = null;

  readonly webhookAttempts: Counter<'outcome'>;
  /** Scheduled feed runs by how they ended. */
  readonly feedRuns: Counter<'outcome'>;
  readonly importDuration: Histogram<'operation'>;
  readonly importRows: Counter<'operation'>;
  readonly imageJobDuration: Histogram<'outcome'>;
  readonly imageJobFiles: Counter<'status'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.webhookAttempts = new Counter({
      name: 'dalil_webhook_attempts_total',
      help: 'Webhook delivery attempts of this process, by outcome: "failed" is retried later, "given_up" turned its subscription off',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.feedRuns = new Counter({
      name: 'dalil_feed_runs_total',
      help: 'Scheduled feed runs of this process, by outcome',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.importDuration = new Histogram({
      name: 'dalil_import_duration_seconds',
      help: 'How long a CSV or XLSX preview, import (an upload or a feed run) or undo took, upload received to answer',
      labelNames: ['operation'] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    this.importRows = new Counter({
      name: 'dalil_import_rows_total',
      help: 'Rows read by previews and imports, and records put back by undos',
      labelNames: ['operation'] as const,
      registers,
    });
    this.imageJobDuration = new Histogram({
      name: 'dalil_image_job_duration_seconds',
      help: 'How long a bulk image job took, queued to finished, by outcome',
      labelNames: ['outcome'] as const,
      buckets: [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
      registers,
    });
    this.imageJobFiles = new Counter({
      name: 'dalil_image_job_files_total',
      help: 'Files bulk image jobs judged, by what became of them (new, replace, unchanged, unmatched, ambiguous, invalid)',
      labelNames: ['status'] as const,
      registers,
    });
    for (const outcome of WEBHOOK_OUTCOMES) this.webhookAttempts.inc({ outcome }, 0);
    for (const outcome of FEED_OUTCOMES) this.feedRuns.inc({ outcome }, 0);
    for (const operation of OPERATIONS) {
      this.importDuration.zero({ operation });
      this.importRows.inc({ operation }, 0);
    }
    for (const outcome of ['done', 'failed']) this.imageJobDuration.zero({ outcome });
    for (const status of IMAGE_FILE_STATUSES) this.imageJobFiles.inc({ status }, 0);

    // The backlog is read from the database at each scrape: several processes share one PostgreSQL
    // and send each other's deliveries, so no process's own count would be the truth. Both gauges
    // share one read per scrape (the registry collects them at once).
    let reading: Promise<WebhookBacklog> | null = null;
    const read = () => {
      const backlog = this.backlog;
      if (!backlog) return Promise.resolve({ pending: 0, oldestSeconds: 0 });
      reading ??= backlog().finally(() => {
        reading = null;
      });
      return reading;
    };
    new Gauge({
      name: 'dalil_webhook_deliveries_pending',
      help: 'Webhook deliveries waiting to be sent or retried, to enabled subscriptions (read from the database: every process)',
      registers,
      async collect() {
        this.set((await read()).pending);
      },
    });
    new Gauge({
      name: 'dalil_webhook_oldest_pending_seconds',
      help: 'Age of the oldest pending webhook delivery, from when its event was written; 0 when none is pending',
      registers,
      async collect() {
        this.set((await read()).oldestSeconds);
      },
    });
  }

  /** Reads the webhook backlog at each scrape (modules/webhooks); a failed read shows as NaN. */
  watchWebhookBacklog(read: () => Promise<WebhookBacklog>): void {
    this.backlog = () => read().catch(() => ({ pending: Number.NaN, oldestSeconds: Number.NaN }));
  }

  webhookAttempt(ok: boolean, givingUp: boolean): void {
    this.webhookAttempts.inc({ outcome: ok ? 'delivered' : givingUp ? 'given_up' : 'failed' });
  }

  importTimed(operation: ImportOperation, seconds: number, rows: number): void {
    this.importDuration.observe({ operation }, seconds);
    this.importRows.inc({ operation }, rows);
  }

  imageJobDone(outcome: 'done' | 'failed', seconds: number, files: ImageCounts): void {
    this.imageJobDuration.observe({ outcome }, seconds);
    for (const status of IMAGE_FILE_STATUSES) this.imageJobFiles.inc({ status }, files[status]);
  }
}
