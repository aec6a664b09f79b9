import multipart from '@fastify/multipart';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { ErrorBodySchema, IdParamsSchema } from '@dalil/contracts/common';
import {
  ImageJobListSchema,
  ImageJobSchema,
  ImageJobStartedSchema,
  ImagePreviewSchema,
  ImageUploadQuerySchema,
  type ImageFileReport,
} from '@dalil/contracts/image-upload';
import { eq } from 'drizzle-orm';
import { families } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { countEntries, uploadEntries, ZipBombError } from './image-entries';
import { countStatuses, judge } from './image-judge';
import { ProductIndex } from './image-match';
import { activeJob, createJob, latestJobs, readJob, toImageJob } from './image-jobs.repository';
import { InterruptedJobs } from './interrupted-jobs';
import { undoImageJob } from './image-job-history';
import { runImageJob } from './image-job-runner';
import { discard, receiveFiles } from './image-receive';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  422: ErrorBodySchema,
};

/**
 * Bulk images: POST /api/upload/images previews (dryRun=true, writes nothing) or starts a job that
 * keeps running without the browser; GET /api/upload/images[/{id}] reads the jobs; POST
 * /api/upload/images/{id}/undo puts back what a finished job changed.
 */
export async function imageUploadRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const { imageBatch, imageMaxBytes, dataDir } = ctx.config;
  const tmpDir = join(dataDir, 'tmp', 'images');
  const limits = { fileBytes: imageMaxBytes, archiveBytes: imageBatch.archiveBytes };
  const interrupted = new InterruptedJobs(ctx, app.log.child({ module: 'image-jobs' }));
  // One process owns an embedded database: whatever it left running when it stopped was interrupted.
  app.addHook('onReady', () => interrupted.takeOver(ctx.database.engine === 'pglite'));
  // Processes sharing PostgreSQL: a job whose process died is marked failed within a minute by any of
  // them, whether or not someone reads it (not with JOBS=off: reads still find them).
  if (ctx.database.engine === 'postgres' && ctx.config.jobs) interrupted.watch(app);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: imageBatch.uploadBytes, files: 5_000, fields: 10, parts: 5_010, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      `${API_BASE}${API_PATHS.uploadImages}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['uploads'],
          summary: 'Match images (or ZIP archives of images) to products by barcode or code in the file name',
          operationId: 'uploadImages',
          consumes: ['multipart/form-data'],
          querystring: ImageUploadQuerySchema,
          body: z.object({ file: z.string().meta({ format: 'binary' }) }).nullish(),
          response: { 200: ImagePreviewSchema, 202: ImageJobStartedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { dryRun, family } = request.query;
        if (family !== undefined) {
          const [found] = await ctx.db
            .select({ id: families.id })
            .from(families)
            .where(eq(families.id, family));
          if (!found)
            throw new HttpError(
              404,
              'request.notFound',
              { what: 'Family' },
              { details: [{ path: 'query.family', code: 'family.unknown' }] },
            );
        }
        const familyKey = family ?? 0;
        const busy = () => new HttpError(409, 'imageJob.busy', {});
        if (!dryRun) {
          await interrupted.takeOver();
          if (await activeJob(ctx.db, familyKey)) throw busy();
        }
        const files = await receiveFiles(request, tmpDir, imageBatch.uploadBytes);
        if (!dryRun) {
          const job = await createJob(ctx.db, familyKey, ctx.leaseOwner);
          if (!job) {
            await discard(files);
            throw busy();
          }
          void runImageJob(ctx, request.log, job.id, files, family, request.account);
          return reply.status(202).send({ id: job.id, state: 'queued' as const });
        }
        try {
          await countEntries(files, limits);
          const index = await ProductIndex.load(ctx.db, family);
          const claimed = new Map<string, string>();
          const reports: ImageFileReport[] = [];
          for await (const entry of uploadEntries(files, limits)) {
            const judged = await judge(entry, index, claimed, true);
            if (judged) reports.push(judged.report);
          }
          return { counts: countStatuses(reports), files: reports };
        } catch (err) {
          if (err instanceof ZipBombError)
            throw new HttpError(
              422,
              'imageJob.archiveProblem',
              { problem: err.message },
              {
                details: [
                  { path: 'body.file', code: 'imageJob.archiveProblem', params: { problem: err.message } },
                ],
              },
            );
          throw err;
        } finally {
          await discard(files);
        }
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${API_BASE}${API_PATHS.uploadImages}`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['uploads'],
        summary: 'The latest image jobs, newest first, without their file-by-file reports',
        operationId: 'listImageJobs',
        response: { 200: ImageJobListSchema, ...errors },
      },
    },
    async () => {
      await interrupted.takeOver();
      return {
        data: (await latestJobs(ctx.db)).map((row) => {
          const { files: _report, ...summary } = toImageJob(row);
          return summary;
        }),
      };
    },
  );
  r.get(
    `${API_BASE}${API_PATHS.uploadImagesJob}`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['uploads'],
        summary: 'One image job: state, progress and report',
        operationId: 'getImageJob',
        params: IdParamsSchema,
        response: { 200: ImageJobSchema, ...errors },
      },
    },
    async (request) => {
      await interrupted.takeOver();
      const row = await readJob(ctx.db, request.params.id);
      if (!row) throw new HttpError(404, 'imageJob.notFound', {});
      return toImageJob(row);
    },
  );
  r.post(
    `${API_BASE}${API_PATHS.uploadImagesUndo}`,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['uploads'],
        summary:
          'Put back every logo and image the job changed; 409 listing the products whose image changed since',
        operationId: 'undoImageJob',
        params: IdParamsSchema,
        response: { 200: ImageJobSchema, ...errors },
      },
    },
    async (request) => {
      await undoImageJob(ctx, request.params.id, request.account);
      return toImageJob((await readJob(ctx.db, request.params.id))!);
    },
  );
}
