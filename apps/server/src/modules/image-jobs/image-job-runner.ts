import type { FastifyBaseLogger } from 'fastify';
import type { Account } from '@dalil/contracts/auth';
import type { ImageFileReport } from '@dalil/contracts/image-upload';
import { eq } from 'drizzle-orm';
import { imageJobChanges } from '../../db/schema';
import { publishChange } from '../../core/domain-events';
import { ConcurrencyLimit } from '../../lib/concurrency-limit';
import { loop } from '../../lib/periodic-task';
import { storageFault, storageMessage } from '../../lib/storage-errors';
import type { AppContext } from '../../core/context';
import { encodeImage, putImage } from '../media/media.service';
import { type ReceivedFile, uploadEntries, ZipBombError, countEntries } from './image-entries';
import { countStatuses, judge } from './image-judge';
import { ProductIndex } from './image-match';
import { finishJob, updateJob } from './image-jobs.repository';
import { discard } from './image-receive';
import { ImageSlotWriter } from './image-slot-writer';

const PROGRESS_EVERY_MS = 500;

/**
 * Runs one import: judges each file as it is read, and stores the new and replaced images with
 * bounded concurrency (IMAGE_JOB_CONCURRENCY encodes at once). A product's field changes only
 * after all of its new image's files are stored (saved in batches, `ImageSlotWriter`), so a stopped
 * job never leaves a product naming a missing image.
 */
export async function runImageJob(
  ctx: AppContext,
  log: FastifyBaseLogger,
  jobId: number,
  files: ReceivedFile[],
  family: number | undefined,
  actor: Account | null,
): Promise<void> {
  const { fileBytes, archiveBytes, concurrency } = {
    fileBytes: ctx.config.imageMaxBytes,
    archiveBytes: ctx.config.imageBatch.archiveBytes,
    concurrency: ctx.config.imageBatch.concurrency,
  };
  const { metrics } = ctx;
  const started = performance.now();
  let state: 'queued' | 'running' = 'queued';
  metrics.imageJobs.inc({ state });
  let outcome: 'done' | 'failed' = 'failed';
  const reports: ImageFileReport[] = [];
  let done = 0;
  let lastFlush = 0;
  // The report is written as the job goes, not only at its end: a job whose process dies still says
  // which files it had stored (each report turns stored or invalid as its image is done).
  const flush = async (force = false) => {
    if (!force && Date.now() - lastFlush < PROGRESS_EVERY_MS) return;
    lastFlush = Date.now();
    await updateJob(ctx.db, jobId, { done, counts: countStatuses(reports), files: reports });
  };
  // Several heartbeats fit in the stale period, so a live job is never taken for an interrupted one.
  const heartbeatMs = (ctx.config.imageBatch.staleSeconds * 1000) / 6;
  // A failed beat is dropped: the next one writes the report again.
  const heartbeat = loop({
    firstRunMs: heartbeatMs,
    everyMs: heartbeatMs,
    failure: 'image job: could not write its progress',
    task: () => flush(true),
  });
  heartbeat.start();
  try {
    const limits = { fileBytes, archiveBytes };
    const total = await countEntries(files, limits);
    await updateJob(ctx.db, jobId, { state: 'running', total });
    metrics.imageJobs.dec({ state });
    state = 'running';
    metrics.imageJobs.inc({ state });
    const index = await ProductIndex.load(ctx.db, family);
    const claimed = new Map<string, string>();
    // `concurrency` images are encoded at once (the CPU-bound part); twice as many are in flight, so
    // while one image's files are written to the store and its product row is saved, another is
    // already being encoded and the cores do not wait on that input and output.
    const encoder = new ConcurrencyLimit(concurrency, Number.POSITIVE_INFINITY, 'Too many image encodings');
    const running = new Set<Promise<void>>();
    const slots = new ImageSlotWriter(ctx.catalogue, { id: jobId, actor });
    // Each image is stored once per job, and not at all when a product already names it (such an
    // image is stored whole). A second file with the same content waits for the first one's store,
    // so its product is not saved before the image is. No request asks the store what it holds.
    const storing = new Map<string, Promise<void>>();
    const storeOnce = (data: Buffer, name: string) => {
      let stored = storing.get(name);
      if (!stored) {
        stored = index.namesImage(name)
          ? Promise.resolve()
          : encoder
              .run(() => encodeImage(data, name))
              .then((image) => putImage(ctx.media, image))
              .then(() => metrics.imagesStored.inc());
        storing.set(name, stored);
      }
      return stored;
    };
    const store = async (report: ImageFileReport, data: Buffer, name: string) => {
      try {
        await storeOnce(data, name);
        slots.add(report, name);
      } catch (err) {
        report.status = 'invalid';
        // A full or read-only store is the server's fault, not the file's: say so, so that the
        // admin sends the files again once it is fixed.
        const fault = storageFault(err);
        report.reason = fault
          ? `${storageMessage(fault, 'media')}: the image was not stored; send the file again later`
          : 'The image could not be read: it may be damaged';
      }
    };
    for await (const entry of uploadEntries(files, limits)) {
      const judged = await judge(entry, index, claimed, false);
      if (!judged) continue;
      reports.push(judged.report);
      if (judged.name && 'data' in entry) {
        const task = store(judged.report, entry.data, judged.name).finally(() => {
          done++;
          running.delete(task);
        });
        running.add(task);
        if (running.size >= concurrency * 2) await Promise.race(running);
      } else done++;
      await flush();
    }
    await Promise.all(running);
    await slots.flush();
    await recordJob(ctx, jobId, family, actor);
    await finishJob(ctx.db, jobId, {
      state: 'done',
      done,
      total: done,
      counts: countStatuses(reports),
      files: reports,
    });
    outcome = 'done';
  } catch (err) {
    const message = err instanceof ZipBombError ? err.message : 'The job stopped on an unexpected error';
    if (!(err instanceof ZipBombError)) log.error({ err, jobId }, 'image job failed');
    await finishJob(ctx.db, jobId, {
      state: 'failed',
      error: message,
      counts: countStatuses(reports),
      files: reports,
    }).catch(() => {});
    // What it changed before it stopped can still be undone from its entry.
    await recordJob(ctx, jobId, family, actor).catch(() => {});
  } finally {
    metrics.imageJobs.dec({ state });
    metrics.imageJobsFinished.inc({ outcome });
    metrics.jobs.imageJobDone(outcome, (performance.now() - started) / 1000, countStatuses(reports));
    void heartbeat.stop();
    await discard(files);
  }
}

/** The job's own history entry, which the Activity page offers to undo: how many products it changed. */
async function recordJob(ctx: AppContext, jobId: number, family: number | undefined, actor: Account | null) {
  const changed = new Set(
    (
      await ctx.db
        .select({ product: imageJobChanges.productId })
        .from(imageJobChanges)
        .where(eq(imageJobChanges.jobId, jobId))
    ).map((c) => c.product),
  ).size;
  if (changed === 0) return;
  await publishChange(ctx.db, actor, {
    entity: 'imageJob',
    action: 'import',
    entityId: jobId,
    family: family ?? null,
    before: null,
    after: null,
    changes: { products: { before: null, after: changed } },
  });
}
