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
  type ImportKind,
} from '@dalil/contracts/imports';
import { fixedNames, runImport, type ImportProgress } from './imports.service';
import { receiveCsv } from './receive-upload';

const tags = ['imports'];
const LISTED_IN_MESSAGE = 100;
/** A large import answers after minutes, not seconds: the socket must not be closed as idle. */
const IMPORT_SOCKET_TIMEOUT_MS = 30 * 60_000;

const response = {
  200: ImportReportSchema,
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  422: ImportErrorBodySchema,
};

/**
 * Bulk CSV upload (docs/architecture.md, "Import pipeline"). `?dryRun=true` answers the preview and
 * writes nothing. A real import with any problem writes nothing and answers 422 with the same report.
 * Registered as its own plugin: multipart is scoped to it unless the app already has it.
 */
export async function importRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ImportKind,
    dryRun: boolean,
    ids: { family?: number; category?: number } = {},
  ) => {
    const socket = request.raw.socket as { setTimeout?: (ms: number) => void } | undefined;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(IMPORT_SOCKET_TIMEOUT_MS);
    const fixed = await fixedNames(ctx.database, kind, ids.family, ids.category);
    const started = performance.now();
    const file = await receiveCsv(request, ctx.config.csvMaxBytes);
    const receive = Math.round(performance.now() - started);
    // Each phase is logged as it starts: a slow or interrupted import shows where it was.
    const progress: ImportProgress = {
      started: (phase) => request.log.info({ kind, dryRun, phase }, 'CSV import phase'),
    };
    try {
      const report = await runImport(ctx, { kind, fixed, path: file.path, dryRun }, progress);
      request.log.info(
        {
          kind,
          dryRun,
          rows: report.rows,
          problems: report.problemCount,
          timings: { receive, ...progress.timings },
        },
        'CSV import',
      );
      if (dryRun || report.imported) return reply.status(200).send(report);
      return reply.status(422).send({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: `${report.problemCount} row problem${report.problemCount === 1 ? '' : 's'}; nothing was imported`,
        details: report.problems.slice(0, LISTED_IN_MESSAGE).map((p) => ({
          path: p.column ? `line ${p.line}.${p.column}` : `line ${p.line}`,
          message: p.reason,
        })),
        report,
      });
    } finally {
      await file.remove();
    }
  };

  const route = <P extends z.ZodType = z.ZodObject>(operationId: string, summary: string, params?: P) => ({
    config: { access: 'admin' as const },
    schema: {
      tags,
      summary,
      operationId,
      consumes: ['multipart/form-data'],
      querystring: ImportQuerySchema,
      params: (params ?? z.object({})) as P,
      response,
    },
  });

  r.post(
    `${API_BASE}${API_PATHS.uploadAll}`,
    route('importAll', 'Upload families, categories and products from one CSV (field "file")'),
    (request, reply) => handle(request, reply, 'all', request.query.dryRun),
  );

  r.post(
    `${API_BASE}${API_PATHS.uploadCategories}`,
    route(
      'importCategories',
      'Upload the categories of a family, with their products',
      z.object({ family: IdSchema }),
    ),
    (request, reply) =>
      handle(request, reply, 'categories', request.query.dryRun, { family: request.params.family }),
  );

  r.post(
    `${API_BASE}${API_PATHS.uploadProducts}`,
    route(
      'importProducts',
      'Upload the products of a category',
      z.object({ family: IdSchema, category: IdSchema }),
    ),
    (request, reply) => handle(request, reply, 'products', request.query.dryRun, request.params),
  );
}
