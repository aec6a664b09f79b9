import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import { z } from 'zod';
import { ErrorBodySchema, IdSchema } from '@dalil/contracts/common';
import {
  ImportErrorBodySchema,
  ImportQuerySchema,
  ImportReportSchema,
  InvalidRowsQuerySchema,
  XLSX_MEDIA_TYPE,
  importColumnsDescription,
  type ImportKind,
} from '@dalil/contracts/imports';
import { requireWritable } from '../../core/family-scope';
import { fixedNames, runImport, type ImportProgress } from './imports.service';
import { invalidRowsFile } from './invalid-rows';
import { ImportSlots } from './import-slots';
import { sweepTemporary } from './import-temp';
import { removeDeadStaging } from './import-lease';
import { tookOver } from '../../lib/job-lease';
import { periodicTask } from '../../lib/periodic-task';
import { receiveUpload } from './receive-upload';
import { templateRoutes } from './template.routes';
import { detectUploadFormat } from './upload-format';

const tags = ['imports'];
const LISTED_IN_MESSAGE = 100;
/** A large import answers after minutes, not seconds: the socket must not be closed as idle. */
const IMPORT_SOCKET_TIMEOUT_MS = 30 * 60_000;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  429: ErrorBodySchema,
};
const response = { 200: ImportReportSchema, ...errors, 422: ImportErrorBodySchema };
const fileResponse = {
  200: z.string().meta({ description: 'The faulty rows, CSV or XLSX like the upload' }),
  ...errors,
};

type Ids = { family?: number; category?: number };

/** The three kinds of upload: where each is posted, and which ids its path carries. */
const TARGETS = [
  {
    kind: 'all' as ImportKind,
    path: API_PATHS.uploadAll,
    invalidRows: API_PATHS.uploadAllInvalidRows,
    summary: 'families, categories and products from one file',
    params: z.object({}),
  },
  {
    kind: 'categories' as ImportKind,
    path: API_PATHS.uploadCategories,
    invalidRows: API_PATHS.uploadCategoriesInvalidRows,
    summary: 'the categories of a family, with their products',
    params: z.object({ family: IdSchema }),
  },
  {
    kind: 'products' as ImportKind,
    path: API_PATHS.uploadProducts,
    invalidRows: API_PATHS.uploadProductsInvalidRows,
    summary: 'the products of a category',
    params: z.object({ family: IdSchema, category: IdSchema }),
  },
];

const operation = (kind: ImportKind) => kind.charAt(0).toUpperCase() + kind.slice(1);

/**
 * Bulk upload of a CSV or XLSX file, told apart by content (docs/architecture.md, "Import pipeline").
 * `?dryRun=true` answers the preview and writes nothing. A real import with any problem writes
 * nothing and answers 422 with the same report. `.../invalid-rows` answers the faulty rows in the
 * upload's own format. Registered as its own plugin: multipart is scoped to it unless the app
 * already has it.
 */
const TEMPORARY_SWEEP_MS = 5 * 60_000;

export async function importRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const maxBytes = ctx.config.csvMaxBytes;
  const maxRows = ctx.config.importMaxRows;
  const { dataDir } = ctx.config;
  const slots = new ImportSlots(ctx.config.importConcurrency);
  // A process that died mid-import left its spooled files behind: they go before anything is received.
  // An image job of a process that died counts as running until it has been silent for the stale
  // period (another process may still be running it), so its upload can only go later: the sweep runs
  // again every few minutes. It only ever removes what is older than this process.
  // Leftovers cost only disk space: a failed sweep is logged and the server starts all the same.
  // The staging rows of imports whose process died go too (import-lease.ts): at the first sweep on
  // PGlite all of them (this process owns the database alone), else those with no live lease.
  const failure = 'could not sweep the temporary files of stopped processes';
  const sweep = async (started = false) => {
    const removed = await sweepTemporary({
      dataDir,
      db: ctx.db,
      imageJobStaleSeconds: ctx.config.imageBatch.staleSeconds,
    });
    if (removed > 0) app.log.info({ removed }, 'removed temporary files a stopped process left');
    const all = started && ctx.database.engine === 'pglite';
    for (const dead of await removeDeadStaging(ctx.db, { all, self: ctx.leaseOwner })) {
      tookOver(ctx.metrics, app.log, 'import', dead, 'removed the staging rows of a stopped import');
    }
  };
  // The first sweep holds back the start (it runs in onReady, before anything is received); the loop
  // sweeps again every few minutes after it.
  app.addHook('onReady', () => sweep(true).catch((err: unknown) => app.log.warn({ err }, failure)));
  periodicTask(app, {
    startOn: 'ready',
    firstRunMs: TEMPORARY_SWEEP_MS,
    everyMs: TEMPORARY_SWEEP_MS,
    failure,
    task: () => sweep(),
  });

  /**
   * Checks the target, takes an import slot (429 when none is free), then spools the file; a large
   * file is allowed a long-lived socket. The caller gives back the slot and removes the file.
   */
  const receive = async (request: FastifyRequest, kind: ImportKind, ids: Ids) => {
    const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(IMPORT_SOCKET_TIMEOUT_MS);
    // Another company's family answers as if it did not exist.
    if (ids.family !== undefined) requireWritable(request.account, ids.family, 'Family');
    const fixed = await fixedNames(ctx.database, kind, ids.family, ids.category);
    const release = slots.take();
    try {
      const file = await receiveUpload(request, maxBytes, dataDir);
      try {
        return { fixed, file, release, format: await detectUploadFormat(file.path) };
      } catch (err) {
        await file.remove();
        throw err;
      }
    } catch (err) {
      release();
      throw err;
    }
  };

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ImportKind,
    dryRun: boolean,
    ids: Ids,
  ) => {
    const started = performance.now();
    const { fixed, file, format, release } = await receive(request, kind, ids);
    const receiveMs = Math.round(performance.now() - started);
    // Each phase is logged as it starts: a slow or interrupted import shows where it was.
    const progress: ImportProgress = {
      started: (phase) => request.log.info({ kind, format, dryRun, phase }, 'CSV import phase'),
    };
    let report;
    try {
      report = await runImport(
        ctx,
        {
          kind,
          fixed,
          path: file.path,
          format,
          maxBytes,
          dryRun,
          fileName: file.name,
          caller: request.account,
          ...(ids.family === undefined ? {} : { family: ids.family }),
        },
        progress,
      );
    } catch (err) {
      ctx.metrics.importRun(kind, 'failed');
      throw err;
    } finally {
      // Before answering: once the client has its answer, the file is gone and the slot is free.
      await file.remove();
      release();
    }
    request.log.info(
      {
        kind,
        format,
        dryRun,
        rows: report.rows,
        problems: report.problemCount,
        timings: { receive: receiveMs, ...progress.timings },
      },
      'CSV import',
    );
    ctx.metrics.importRun(kind, dryRun ? 'preview' : report.imported ? 'imported' : 'rejected');
    const seconds = (performance.now() - started) / 1000;
    ctx.metrics.jobs.importTimed(dryRun ? 'preview' : 'import', seconds, report.rows);
    if (dryRun || report.imported) return reply.status(200).send(report);
    const unit = format === 'xlsx' ? 'row' : 'line';
    return reply.status(422).send({
      statusCode: 422,
      error: 'Unprocessable Entity',
      code: 'import.rowProblems',
      params: { count: report.problemCount },
      message: `${report.problemCount} row problem${report.problemCount === 1 ? '' : 's'}; nothing was imported`,
      details: report.problems.slice(0, LISTED_IN_MESSAGE).map((p) => ({
        path: p.column ? `${unit} ${p.line}.${p.column}` : `${unit} ${p.line}`,
        code: p.code,
        params: p.params,
        message: p.reason,
      })),
      report,
    });
  };

  const invalidRows = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ImportKind,
    ids: Ids,
    lang: 'ar' | 'en',
  ) => {
    const { fixed, file, format, release } = await receive(request, kind, ids);
    let body;
    try {
      body = await invalidRowsFile({ path: file.path, format, kind, fixed, maxBytes, maxRows, lang });
    } catch (err) {
      await file.remove();
      release();
      throw err;
    }
    // The download streams after the handler returns: the slot and the file are held until it ends.
    body.once('close', () => void file.remove().finally(release));
    return reply
      .header('content-type', format === 'xlsx' ? XLSX_MEDIA_TYPE : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="invalid-rows.${format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  };

  for (const target of TARGETS) {
    const ids = (params: unknown) => params as Ids;
    r.post(
      `${API_BASE}${target.path}`,
      {
        config: { access: 'staff' as const },
        schema: {
          tags,
          summary: `Upload ${target.summary} (CSV or XLSX, field "file")`,
          description: importColumnsDescription(target.kind),
          operationId: `import${operation(target.kind)}`,
          consumes: ['multipart/form-data'],
          querystring: ImportQuerySchema,
          params: target.params,
          response,
        },
      },
      (request, reply) => handle(request, reply, target.kind, request.query.dryRun, ids(request.params)),
    );
    r.post(
      `${API_BASE}${target.invalidRows}`,
      {
        config: { access: 'staff' as const },
        schema: {
          tags,
          summary: `The faulty rows of an upload of ${target.summary}, in the upload's format`,
          operationId: `invalidRows${operation(target.kind)}`,
          consumes: ['multipart/form-data'],
          produces: ['text/csv', XLSX_MEDIA_TYPE],
          querystring: InvalidRowsQuerySchema,
          params: target.params,
          response: fileResponse,
        },
      },
      (request, reply) => invalidRows(request, reply, target.kind, ids(request.params), request.query.lang),
    );
  }

  templateRoutes(app);
}
