import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { HEARTBEAT_MS, tookOver } from '../../lib/job-lease';
import { periodicTask } from '../../lib/periodic-task';
import { failInterrupted } from './image-jobs.repository';

/**
 * Image jobs whose process died (lib/job-lease.ts). A running job writes its heartbeat several times
 * per IMAGE_JOB_STALE_AFTER; one silent for longer is marked failed, with the message that sending
 * the same files again finishes it (its uploads lived in the dead process's spool, so no other
 * process can go on with it). Each one is logged and counted as a takeover.
 */
export class InterruptedJobs {
  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Marks the interrupted jobs failed: `all` active ones, or the silent ones. */
  async takeOver(all = false): Promise<void> {
    const jobs = await failInterrupted(this.ctx.db, all, this.ctx.config.imageBatch.staleSeconds);
    for (const job of jobs) {
      tookOver(
        this.ctx.metrics,
        this.log,
        'image_job',
        { jobId: job.id, previousOwner: job.leaseOwner },
        'image job of a stopped process marked failed (interrupted)',
      );
    }
  }

  /** Looks every heartbeat while the server listens. */
  watch(app: FastifyInstance): void {
    periodicTask(app, {
      firstRunMs: HEARTBEAT_MS,
      everyMs: HEARTBEAT_MS,
      failure: 'could not look for interrupted image jobs',
      task: () => this.takeOver(),
    });
  }
}
